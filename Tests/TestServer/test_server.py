#!/usr/bin/env python3
"""Tern's loopback HTTP test server (Python 3.11 standard library only).

Start-up contract
-----------------
    python3 test_server.py [--port N] [--verbose]

* binds 127.0.0.1 only; port 0 (the default) picks any free port;
* prints exactly one line ``PORT <n>`` to stdout and flushes; nothing else is
  ever written to stdout;
* logs requests (and handler tracebacks) to stderr only with ``--verbose``;
* exits by itself (``os._exit(0)``) as soon as its stdin reaches EOF, so it
  never outlives the test process that spawned it with a pipe on stdin.

See README.md next to this file for the route table.
"""

from __future__ import annotations

import argparse
import ssl
import base64
import hashlib
import html
import http.server
import json
import os
import select
import socket
import sys
import threading
import time
import traceback
import urllib.parse
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")

MAX_SECONDS = 120.0            # no single response runs longer than this
MiB = 1 << 20
GiB = 1 << 30
ECHO_KEEP_LIMIT = 16 * MiB     # /echo returns at most this much body text

# The peer went away / stopped reading: handled quietly by closing the connection.
DISCONNECT_ERRORS = (
    ConnectionError,            # BrokenPipe, ConnectionReset, ConnectionAborted, ...
    TimeoutError,               # socket.timeout is an alias since 3.10
)
# Socket-level errors while setting up / tearing down a connection: ignored.
QUIET_ERRORS = (OSError,)

VERBOSE = False


def log(msg: str) -> None:
    if VERBOSE:
        try:
            sys.stderr.write(msg if msg.endswith("\n") else msg + "\n")
            sys.stderr.flush()
        except Exception:
            pass


# ---------------------------------------------------------------------------
# Content helpers
# ---------------------------------------------------------------------------

def html_page(title: str, body_html: str) -> bytes:
    t = html.escape(title)
    return (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        f"<title>{t}</title></head><body>{body_html}</body></html>"
    ).encode("utf-8")


PLAIN_PAGE = (
    b'<!DOCTYPE html><html><head><title>Plain Page</title></head><body>'
    b'<h1>Plain</h1><p>Hello from the test server.</p>'
    b'<a href="/page/two">two</a></body></html>'
)


def _slow_body() -> bytes:
    head = (
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        "<title>Slow Page</title></head><body><h1>Slow Page</h1>\n"
    )
    tail = "<p id=\"end\">End of slow page.</p></body></html>\n"
    paras = []
    size = len(head) + len(tail)
    i = 0
    while size < 20 * 1024:
        p = f"<p>Slow paragraph {i:04d}: lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n"
        paras.append(p)
        size += len(p)
        i += 1
    return (head + "".join(paras) + tail).encode("utf-8")


SLOW_BODY = _slow_body()

BIG_PERIOD = 251  # byte at absolute offset i of /big is (i % 251)
_BIG_PATTERN = bytes(i % BIG_PERIOD for i in range(MiB + BIG_PERIOD))


def big_piece(offset: int, length: int) -> bytes:
    start = offset % BIG_PERIOD
    return _BIG_PATTERN[start:start + length]


def _bad_gzip_body() -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < 4096:
        out += hashlib.sha256(b"tern-bad-gzip-%d" % counter).digest()
        counter += 1
    out = out[:4096]
    # Make sure it can never be mistaken for a gzip member (magic 1f 8b).
    out[0] = 0x42
    out[1] = 0x41
    return bytes(out)


BAD_GZIP_BODY = _bad_gzip_body()

_compressed_cache: dict[str, bytes] = {}
_compressed_lock = threading.Lock()


def compressed_fixture(kind: str) -> tuple[bytes, str]:
    """Return (encoded body, Content-Encoding) for /gzip /deflate /br /zstd."""
    with _compressed_lock:
        if kind not in _compressed_cache:
            src = os.path.join(FIXTURES, f"compressed-{kind}.html")
            if kind == "gzip":
                with open(src, "rb") as f:
                    co = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip wrapper, mtime 0
                    data = co.compress(f.read()) + co.flush()
            elif kind == "deflate":
                with open(src, "rb") as f:
                    data = zlib.compress(f.read(), 9)  # zlib (RFC 1950) format
            elif kind == "br":
                with open(src + ".br", "rb") as f:
                    data = f.read()
            elif kind == "zstd":
                with open(src + ".zst", "rb") as f:
                    data = f.read()
            else:
                raise KeyError(kind)
            _compressed_cache[kind] = data
        return _compressed_cache[kind], kind


_bomb_lock = threading.Lock()
_bomb_bytes: bytes | None = None


def gzip_bomb() -> bytes:
    """~1 MB of gzip that inflates to exactly 1 GiB of zero bytes (cached)."""
    global _bomb_bytes
    with _bomb_lock:
        if _bomb_bytes is None:
            co = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(MiB)
            parts = [co.compress(zeros) for _ in range(1024)]
            parts.append(co.flush())
            _bomb_bytes = b"".join(parts)
        return _bomb_bytes


def mime_sample(ctype: str) -> bytes:
    base = ctype.split(";", 1)[0].strip().lower()
    if base == "application/pdf":
        return b"%PDF-1.4 test\n"
    if base == "image/png":
        return b"\x89PNG\r\n\x1a\n" + b"\x00" * 8
    if base == "application/json":
        return b'{"test": true}\n'
    if base in ("text/html", "application/xhtml+xml"):
        return html_page("Mime", "<p>mime test</p>")
    if base.startswith("text/"):
        return b"mime test body\n"
    return b"mime test body for " + base.encode("latin-1", "replace") + b"\n"


# ---------------------------------------------------------------------------
# Server
# ---------------------------------------------------------------------------

VISITS = 0                  # /visits: pages served so far
CACHE_STATS: dict[str, dict] = {}   # /cache: per key, requests seen and 304s sent
CACHE_LOCK = threading.Lock()
DOWNLOADS_LOCK = threading.Lock()
DOWNLOADS_BROKEN: set = set()   # /download?break=KEY: keys already broken once
DOWNLOAD_LOG: dict = {}         # KEY -> [{"range": ..., "if_range": ...}]
CORS_LOCK = threading.Lock()
CORS_LOG: dict = {}             # KEY -> [{"method", "target", "headers"}] (/cors)
SHEET_LOG: dict = {}            # KEY -> [{"method", "target", "headers"}] (/sheet)
STATIC_ROOT = None           # --static-root: serve files instead of routes


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False       # never track/join handler threads
    allow_reuse_address = True
    request_queue_size = 128
    tls_context = None           # an ssl.SSLContext with --tls-cert/--tls-key

    def get_request(self):
        sock, address = super().get_request()
        if self.tls_context is not None:
            # The handshake runs in the handler's thread (Handler.setup), so a
            # client that never completes it cannot stall the accept loop.
            sock = self.tls_context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        return sock, address

    def handle_error(self, request, client_address):  # noqa: D401
        exc = sys.exc_info()[1]
        if isinstance(exc, QUIET_ERRORS):
            return
        if VERBOSE:
            traceback.print_exc(file=sys.stderr)


class BadRequest(Exception):
    pass


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = MAX_SECONDS        # idle keep-alive connections die after this

    def version_string(self):
        return "TernTestServer/1.0"

    def setup(self):
        if isinstance(self.request, ssl.SSLSocket):
            self.request.settimeout(10)
            self.request.do_handshake()
            self.request.settimeout(None)
        super().setup()

    # -- plumbing ----------------------------------------------------------

    def log_message(self, format, *args):  # noqa: A002
        log("%s - - [%s] %s" % (self.address_string(), self.log_date_time_string(), format % args))

    def handle(self):
        try:
            super().handle()
        except QUIET_ERRORS:
            self.close_connection = True

    def finish(self):
        try:
            super().finish()
        except QUIET_ERRORS:
            pass

    def send_header(self, keyword, value):
        # Like the stdlib, but never fails on non-latin-1 text (sent as UTF-8).
        value = str(value)
        try:
            line = ("%s: %s\r\n" % (keyword, value)).encode("latin-1", "strict")
        except UnicodeEncodeError:
            line = ("%s: %s\r\n" % (keyword, value)).encode("utf-8", "surrogateescape")
        if not hasattr(self, "_headers_buffer"):
            self._headers_buffer = []
        self._headers_buffer.append(line)
        if keyword.lower() == "connection":
            if value.lower() == "close":
                self.close_connection = True
            elif value.lower() == "keep-alive":
                self.close_connection = False

    def do_GET(self):
        self._dispatch()

    do_POST = do_PUT = do_HEAD = do_DELETE = do_PATCH = do_OPTIONS = do_GET

    # -- request helpers ---------------------------------------------------

    def _parse_target(self):
        parts = urllib.parse.urlsplit(self.path)
        self.req_path = parts.path
        self.req_query = parts.query
        self.query_utf8 = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
        # latin-1 decoding keeps raw bytes round-trippable into headers
        self.query_raw = urllib.parse.parse_qsl(parts.query, keep_blank_values=True,
                                                encoding="latin-1")

    def q(self, name, default=None):
        for k, v in self.query_utf8:
            if k == name:
                return v
        return default

    def qraw(self, name, default=None):
        for k, v in self.query_raw:
            if k == name:
                return v
        return default

    def qint(self, name, default, lo, hi):
        v = self.q(name)
        if v is None or v == "":
            return default
        try:
            n = int(v)
        except ValueError:
            raise BadRequest(f"query parameter {name} must be an integer")
        return max(lo, min(hi, n))

    def iter_request_body(self):
        """Yield the request body in pieces (Content-Length or chunked)."""
        te = self.headers.get("Transfer-Encoding", "")
        if te and te.split(",")[-1].strip().lower() == "chunked":
            while True:
                line = self.rfile.readline(65537)
                if not line:
                    raise ConnectionResetError("EOF in chunked body")
                size_s = line.split(b";", 1)[0].strip()
                try:
                    size = int(size_s, 16)
                except ValueError:
                    raise BadRequest("bad chunk size")
                if size == 0:
                    # trailers until blank line
                    while True:
                        t = self.rfile.readline(65537)
                        if not t or t in (b"\r\n", b"\n"):
                            break
                    return
                left = size
                while left:
                    data = self.rfile.read(min(left, 256 * 1024))
                    if not data:
                        raise ConnectionResetError("EOF in chunk")
                    left -= len(data)
                    yield data
                self.rfile.readline(65537)  # CRLF after chunk
        else:
            cl = self.headers.get("Content-Length")
            if cl is None:
                return
            try:
                left = int(cl.strip())
            except ValueError:
                raise BadRequest("bad Content-Length")
            if left < 0:
                raise BadRequest("bad Content-Length")
            while left:
                data = self.rfile.read(min(left, 256 * 1024))
                if not data:
                    raise ConnectionResetError("EOF in body")
                left -= len(data)
                yield data

    def drain_request_body(self):
        if self._body_consumed:
            return
        self._body_consumed = True
        for _ in self.iter_request_body():
            pass

    def client_gone(self) -> bool:
        """True if the peer has closed (or reset) the connection."""
        try:
            r, _, _ = select.select([self.connection], [], [], 0)
            if not r:
                return False
            data = self.connection.recv(1, socket.MSG_PEEK)
            return data == b""
        except (OSError, ValueError):
            return True

    def wait_for_disconnect(self, max_seconds=MAX_SECONDS):
        deadline = time.monotonic() + max_seconds
        while time.monotonic() < deadline:
            try:
                r, _, _ = select.select([self.connection], [], [], 0.25)
            except (OSError, ValueError):
                return
            if r:
                try:
                    data = self.connection.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                # Anything the client sends meanwhile is ignored.

    # -- response helpers --------------------------------------------------

    def _begin(self, code, headers):
        self.send_response(code)
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self._headers_sent = True

    def write(self, data: bytes, deadline: float | None = None):
        if deadline is not None:
            self.connection.settimeout(max(0.05, deadline - time.monotonic()))
        self.wfile.write(data)

    def respond(self, code, body: bytes = b"", ctype="text/html; charset=utf-8",
                headers=(), length=True):
        hdrs = []
        if ctype is not None:
            hdrs.append(("Content-Type", ctype))
        if length:
            hdrs.append(("Content-Length", str(len(body))))
        hdrs.extend(headers)
        self._begin(code, hdrs)
        if self.command != "HEAD" and body:
            self.write(body)

    def respond_page(self, code, title, body_html, headers=()):
        self.respond(code, html_page(title, body_html), headers=headers)

    STATIC_TYPES = {".html": "text/html; charset=utf-8", ".htm": "text/html; charset=utf-8",
                    ".js": "text/javascript; charset=utf-8", ".css": "text/css", ".json": "application/json",
                    ".xml": "text/xml", ".svg": "image/svg+xml", ".png": "image/png", ".txt": "text/plain"}

    def serve_static(self, segs):
        """--static-root: every path is a file under that folder (never outside it)."""
        root = os.path.realpath(STATIC_ROOT)
        path = os.path.realpath(os.path.join(root, *[s for s in segs if s not in ("", ".", "..")]))
        if not (path == root or path.startswith(root + os.sep)) or not os.path.isfile(path):
            return self.not_found()
        with open(path, "rb") as f:
            body = f.read()
        ctype = self.STATIC_TYPES.get(os.path.splitext(path)[1].lower(), "application/octet-stream")
        self.respond(200, body, ctype=ctype)

    def not_found(self):
        self.respond_page(404, "Not Found",
                          f"<h1>Not Found</h1><p>No route for {html.escape(self.req_path)}</p>")

    def begin_stream(self, code, ctype, headers=(), force_close=False):
        """Start a length-less response. Returns True if chunked framing is used."""
        chunked = (self.request_version == "HTTP/1.1") and not force_close
        hdrs = [("Content-Type", ctype)]
        if chunked:
            hdrs.append(("Transfer-Encoding", "chunked"))
        else:
            hdrs.append(("Connection", "close"))
        hdrs.extend(headers)
        self._begin(code, hdrs)
        return chunked

    def write_chunk(self, data: bytes, chunked: bool, deadline=None):
        if not data:
            return
        if chunked:
            self.write(b"%x\r\n" % len(data) + data + b"\r\n", deadline)
        else:
            self.write(data, deadline)

    def end_stream(self, chunked: bool):
        if chunked:
            self.write(b"0\r\n\r\n")
        else:
            self.close_connection = True

    def abort_connection(self):
        """Close the TCP connection now (after whatever was written)."""
        self.close_connection = True
        try:
            self.wfile.flush()
        except Exception:
            pass
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    # -- dispatch ----------------------------------------------------------

    def _dispatch(self):
        self._headers_sent = False
        self._body_consumed = False
        self._parse_target()
        segs = [urllib.parse.unquote(s) for s in self.req_path.split("/")[1:]]
        try:
            route = segs[0] if segs else ""
            if route == "echo" and len(segs) == 1:
                return self.r_echo()
            if route == "login" and len(segs) == 1:
                return self.r_login()
            # every other route ignores the request body, but must consume it
            # so that keep-alive framing stays in sync
            self.drain_request_body()
            if STATIC_ROOT is not None:
                return self.serve_static(segs)
            handler = ROUTES.get(route)
            if handler is None:
                return self.not_found()
            return handler(self, segs[1:])
        except BadRequest as e:
            if not self._headers_sent:
                self.close_connection = True
                self.respond_page(400, "Bad Request",
                                  f"<h1>Bad Request</h1><p>{html.escape(str(e))}</p>",
                                  headers=[("Connection", "close")])
        except DISCONNECT_ERRORS:
            self.close_connection = True
        except Exception:
            tb = traceback.format_exc()
            log(tb)
            self.close_connection = True
            if not self._headers_sent:
                try:
                    self.respond_page(500, "Internal Server Error",
                                      f"<pre>{html.escape(tb)}</pre>",
                                      headers=[("Connection", "close")])
                except DISCONNECT_ERRORS:
                    pass

    # -- routes ------------------------------------------------------------

    def r_plain(self, rest):
        if rest:
            return self.not_found()
        self.respond(200, PLAIN_PAGE)

    def r_page(self, rest):
        if len(rest) != 1:
            return self.not_found()
        name = rest[0]
        e = html.escape(name)
        self.respond_page(200, name,
                          f"<p>Page {e}</p><ul><li><a href=\"/page/a\">a</a></li>"
                          f"<li><a href=\"/page/b\">b</a></li></ul>")

    def r_slow(self, rest):
        if rest:
            return self.not_found()
        ms = self.qint("ms", 2000, 0, int(MAX_SECONDS * 1000) - 1000)
        chunks = self.qint("chunks", 20, 1, len(SLOW_BODY))
        body = SLOW_BODY
        self._begin(200, [("Content-Type", "text/html; charset=utf-8"),
                          ("Content-Length", str(len(body)))])
        if self.command == "HEAD":
            return
        start = time.monotonic()
        deadline = start + MAX_SECONDS
        n = len(body)
        for i in range(chunks):
            target = start + (i + 1) * ms / 1000.0 / chunks
            delay = target - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            piece = body[i * n // chunks:(i + 1) * n // chunks]
            self.write(piece, deadline)
            self.wfile.flush()

    def r_chunked(self, rest):
        if rest:
            return self.not_found()
        pieces = [
            "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Chunked Page</title></head><body>\n",
            "<h1>Chunked Page</h1>\n",
            "<p>First paragraph, delivered in its own chunk.</p>\n",
            "<p>Second paragraph, delivered in its own chunk.</p>\n",
            "<p id=\"end\">The end.</p></body></html>\n",
        ]
        chunked = self.begin_stream(200, "text/html; charset=utf-8")
        if self.command == "HEAD":
            return
        deadline = time.monotonic() + MAX_SECONDS
        for i, p in enumerate(pieces):
            if i:
                time.sleep(0.05)
            self.write_chunk(p.encode("utf-8"), chunked, deadline)
        self.end_stream(chunked)

    def _redirect(self, code, location):
        self.respond_page(code, f"Redirect {code}",
                          f"<p>Redirecting to <a href=\"{html.escape(location)}\">"
                          f"{html.escape(location)}</a></p>",
                          headers=[("Location", location)])

    def r_redirect(self, rest):
        if len(rest) != 2:
            return self.not_found()
        try:
            code, n = int(rest[0]), int(rest[1])
        except ValueError:
            return self.not_found()
        if code not in (301, 302, 303, 307, 308) or n < 0:
            return self.not_found()
        loc = f"/redirect/{code}/{n - 1}" if n > 0 else "/echo"
        self._redirect(code, loc)

    def r_redirect_to(self, rest):
        if rest:
            return self.not_found()
        url = self.qraw("url")
        if url is None:
            raise BadRequest("missing url parameter")
        if "\r" in url or "\n" in url:
            raise BadRequest("url must not contain CR or LF")
        code = self.qint("code", 302, 0, 999)
        if not 300 <= code <= 399:
            raise BadRequest("code must be 3xx")
        self._redirect(code, url)

    def r_loop(self, rest):
        if rest:
            return self.not_found()
        self._redirect(302, "/loop")

    def r_echo(self):
        self._body_consumed = True
        h = hashlib.sha256()
        kept = bytearray()
        total = 0
        for piece in self.iter_request_body():
            total += len(piece)
            h.update(piece)
            if len(kept) < ECHO_KEEP_LIMIT:
                kept += piece[:ECHO_KEEP_LIMIT - len(kept)]
        doc = {
            "method": self.command,
            "path": self.req_path,
            "query": self.req_query,
            "target": self.path,
            "version": self.request_version,
            "headers": [[k, v] for k, v in self.headers.items()],
            "body_length": total,
            "body_sha256": h.hexdigest(),
            "body": bytes(kept).decode("utf-8", errors="replace"),
            "body_truncated": total > len(kept),
            # The TLS server name the client sent (None over plain http or without SNI).
            "sni": getattr(self.connection, "tern_sni", None),
        }
        body = json.dumps(doc, ensure_ascii=False).encode("utf-8")
        self.respond(200, body, ctype="application/json; charset=utf-8")

    def _compressed(self, kind):
        data, enc = compressed_fixture(kind)
        self.respond(200, data, headers=[("Content-Encoding", enc),
                                         ("Vary", "Accept-Encoding")])

    def r_gzip(self, rest):
        return self.not_found() if rest else self._compressed("gzip")

    def r_deflate(self, rest):
        return self.not_found() if rest else self._compressed("deflate")

    def r_br(self, rest):
        return self.not_found() if rest else self._compressed("br")

    def r_zstd(self, rest):
        return self.not_found() if rest else self._compressed("zstd")

    def r_gzip_bomb(self, rest):
        if rest:
            return self.not_found()
        data = gzip_bomb()
        self.respond(200, data, ctype="text/html", headers=[("Content-Encoding", "gzip")])

    def r_bad_gzip(self, rest):
        if rest:
            return self.not_found()
        self.respond(200, BAD_GZIP_BODY, ctype="text/html; charset=utf-8",
                     headers=[("Content-Encoding", "gzip")])

    def r_status(self, rest):
        if len(rest) != 1:
            return self.not_found()
        try:
            code = int(rest[0])
        except ValueError:
            return self.not_found()
        if not 200 <= code <= 599:
            raise BadRequest("status must be 200..599")
        if code in (204, 304):
            # no body allowed; 204 must not carry Content-Length either
            self._begin(code, [] if code == 204 else [("Content-Length", "0")])
            return
        self.respond_page(code, f"Status {code}", f"<h1>Status {code}</h1>")

    def r_big(self, rest):
        if rest:
            return self.not_found()
        mb_s = self.q("mb", "100")
        try:
            mb = float(mb_s)
        except ValueError:
            raise BadRequest("mb must be a number")
        if not 0 <= mb <= 16384:
            raise BadRequest("mb out of range")
        total = int(mb * MiB)
        ctype = self.qraw("type", "application/octet-stream")
        if "\r" in ctype or "\n" in ctype:
            raise BadRequest("type must not contain CR or LF")
        self._begin(200, [("Content-Type", ctype), ("Content-Length", str(total))])
        if self.command == "HEAD":
            return
        deadline = time.monotonic() + MAX_SECONDS
        sent = 0
        while sent < total:
            if time.monotonic() >= deadline:
                return self.abort_connection()
            n = min(MiB, total - sent)
            self.write(big_piece(sent, n), deadline)
            sent += n

    def r_basic_auth(self, rest):
        if rest:
            return self.not_found()
        user = self.q("user", "user")
        pw = self.q("pass", "pass")
        got = self.headers.get("Authorization", "")
        ok = False
        scheme, _, token = got.strip().partition(" ")
        if scheme.lower() == "basic":
            try:
                decoded = base64.b64decode(token.strip(), validate=True).decode("utf-8")
                ok = decoded == f"{user}:{pw}"
            except Exception:
                ok = False
        target = self.q("redirect")
        if ok and target:
            if "\r" in target or "\n" in target:
                raise BadRequest("redirect must not contain CR or LF")
            self.respond(302, b"", headers=[("Location", target)])
        elif ok:
            self.respond_page(200, "Authorized", f"<h1>Authorized</h1><p>Hello {html.escape(user)}</p>")
        else:
            self.respond_page(401, "Unauthorized", "<h1>Unauthorized</h1>",
                              headers=[("WWW-Authenticate", 'Basic realm="Tern Test"')])

    def r_huge_header(self, rest):
        """A 200 page whose response header holds `kb` KiB more, in `count` X-Huge-N headers."""
        if rest:
            return self.not_found()
        kb = self.qint("kb", 1024, 1, 16384)
        count = self.qint("count", 1, 1, kb)
        size = kb * 1024 // count
        headers = [(f"X-Huge-{n}", "h" * size) for n in range(count)]
        self.respond_page(200, "Huge Header", f"<p>{kb} KiB of header</p>", headers=headers)

    def r_digest_auth(self, rest):
        """HTTP Digest (RFC 7616, MD5, qop=auth) for user/pass from the query."""
        if rest:
            return self.not_found()
        user = self.q("user", "user")
        pw = self.q("pass", "pass")
        realm, nonce = "Tern Digest", "ternnonce0123456789"
        got = self.headers.get("Authorization", "")
        ok = False
        if got.lower().startswith("digest "):
            fields = {}
            for part in got[7:].split(","):
                key, _, value = part.strip().partition("=")
                fields[key.strip().lower()] = value.strip().strip('"')
            md5 = lambda text: hashlib.md5(text.encode("utf-8")).hexdigest()
            ha1 = md5(f"{user}:{realm}:{pw}")
            ha2 = md5(f"{self.command}:{fields.get('uri', '')}")
            if fields.get("qop") == "auth":
                expected = md5(f"{ha1}:{nonce}:{fields.get('nc', '')}:{fields.get('cnonce', '')}:auth:{ha2}")
            else:
                expected = md5(f"{ha1}:{nonce}:{ha2}")
            ok = fields.get("username") == user and fields.get("nonce") == nonce and fields.get("response") == expected
        if ok:
            self.respond_page(200, "Digest Authorized", f"<h1>Authorized</h1><p>Hello {html.escape(user)}</p>")
        else:
            self.respond_page(401, "Unauthorized", "<h1>Unauthorized</h1>",
                              headers=[("WWW-Authenticate", f'Digest realm="{realm}", qop="auth", nonce="{nonce}", algorithm=MD5')])

    def r_set_cookie(self, rest):
        """Each `c` query value becomes a Set-Cookie header; with `redirect`, a 302 there."""
        if rest:
            return self.not_found()
        cookies = [v for k, v in self.query_utf8 if k == "c"]
        if any("\r" in c or "\n" in c for c in cookies):
            raise BadRequest("cookies must not contain CR or LF")
        headers = [("Set-Cookie", c) for c in cookies]
        target = self.q("redirect")
        if target:
            if "\r" in target or "\n" in target:
                raise BadRequest("redirect must not contain CR or LF")
            self.respond(302, b"", headers=headers + [("Location", target)])
        else:
            self.respond_page(200, "Cookies set", "<p>%d cookies set</p>" % len(cookies), headers=headers)

    def r_cookie_script(self, rest):
        """A script that stores the request's Cookie header (or null) in window[name] (SameSite tests)."""
        if rest:
            return self.not_found()
        name = self.q("name", "sentCookie")
        cookie = self.headers.get("Cookie")
        body = f"window[{json.dumps(name)}] = {json.dumps(cookie)};\n".encode()
        self.respond(200, body, ctype="application/javascript", headers=[("Cache-Control", "no-store")])

    def r_header_script(self, rest):
        """A script that stores the request's header `name` (or null) in window[var]; any origin may read it (CORS *)."""
        if rest:
            return self.not_found()
        name = self.q("name", "Referer")
        var = self.q("var", "sentHeader")
        body = f"window[{json.dumps(var)}] = {json.dumps(self.headers.get(name))};\n".encode()
        self.respond(200, body, ctype="application/javascript",
                     headers=[("Cache-Control", "no-store"), ("Access-Control-Allow-Origin", "*")])

    def r_close_mid_body(self, rest):
        if rest:
            return self.not_found()
        self._begin(200, [("Content-Type", "text/html; charset=utf-8"),
                          ("Content-Length", "100000")])
        if self.command != "HEAD":
            head = b"<!DOCTYPE html><html><head><title>Truncated</title></head><body><p>"
            body = head + b"x" * (2000 - len(head))
            self.write(body)
        self.abort_connection()

    def r_garbage_headers(self, rest):
        if rest:
            return self.not_found()
        self._headers_sent = True
        self.wfile.write(b"NOT-HTTP \x00\x01\x7f garbage\r\n\r\nbody")
        self.abort_connection()

    def r_endless(self, rest):
        if rest:
            return self.not_found()
        force_close = self.q("close") not in (None, "", "0")
        chunked = self.begin_stream(200, "text/html; charset=utf-8", force_close=force_close)
        if self.command == "HEAD":
            return
        deadline = time.monotonic() + MAX_SECONDS
        self.write_chunk(b"<!DOCTYPE html><html><head><title>Endless</title></head><body>\n",
                         chunked, deadline)
        while time.monotonic() < deadline:
            time.sleep(0.05)
            if self.client_gone():
                return self.abort_connection()
            self.write_chunk(b"<p>more</p>\n", chunked, deadline)
        self.abort_connection()  # timed out: never send a clean end

    def r_endless_fast(self, rest):
        if rest:
            return self.not_found()
        force_close = self.q("close") not in (None, "", "0")
        chunked = self.begin_stream(200, "text/html; charset=utf-8", force_close=force_close)
        if self.command == "HEAD":
            return
        deadline = time.monotonic() + MAX_SECONDS
        piece = (b"<p>" + b"fast " * 13106 + b"</p>\n")[:64 * 1024 - 1] + b"\n"
        sent = 0
        while sent < 4 * GiB and time.monotonic() < deadline:
            self.write_chunk(piece, chunked, deadline)
            sent += len(piece)
        self.abort_connection()

    def r_hang(self, rest):
        if rest:
            return self.not_found()
        self._headers_sent = True
        self.close_connection = True
        self.wait_for_disconnect(MAX_SECONDS)
        self.abort_connection()

    def r_login(self):
        """A login form (GET) that logs in on POST with any non-empty user and
        password: it shows the fields it received and sets a session cookie
        (`remember=1` makes it persistent). A GET with the cookie shows who is
        logged in."""
        self._body_consumed = True
        body = b"".join(self.iter_request_body())
        if self.command == "POST":
            fields = dict(urllib.parse.parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))
            user, password = fields.get("user", ""), fields.get("password", "")
            if not user or not password:
                return self.respond_page(403, "Login failed", "<p>Login failed: user and password are needed.</p>")
            cookie = f"session={urllib.parse.quote(user)}; Path=/; HttpOnly"
            if fields.get("remember") == "1":
                cookie += "; Max-Age=86400"
            received = "".join(f"<li>{html.escape(k)}={html.escape(v)}</li>" for k, v in fields.items())
            return self.respond_page(200, "Logged in",
                                     f"<p>Logged in as {html.escape(user)} by POST</p><ul>{received}</ul>",
                                     headers=[("Set-Cookie", cookie)])
        session = None
        for part in (self.headers.get("Cookie") or "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == "session":
                session = urllib.parse.unquote(value)
        if session:
            return self.respond_page(200, "Welcome back", f"<p>Logged in as {html.escape(session)}</p>")
        self.respond_page(200, "Log in",
                          "<form method=post action=/login><p>User <input name=user></p>"
                          "<p>Password <input type=password name=password></p>"
                          "<p><input type=checkbox name=remember value=1> Stay logged in</p>"
                          "<p><input type=submit name=go value=Login></p></form>")

    def r_cache(self, rest):
        """A page whose caching headers come from the query; counts requests per `key`, answers 304 to a matching validator."""
        if rest:
            return self.not_found()
        key = self.q("key", "")
        now = time.time()
        with CACHE_LOCK:
            stats = CACHE_STATS.setdefault(key, {"requests": 0, "not_modified": 0, "conditional": 0,
                                                 "first": now, "if_none_match": None, "if_modified_since": None})
            stats["requests"] += 1
            served = stats["requests"]
            first = stats["first"]
        headers = []
        etag = self.q("etag")
        if etag is not None:
            headers.append(("ETag", etag))
        lm = self.q("lm")          # seconds before the first request
        if lm is not None:
            headers.append(("Last-Modified", self.date_time_string(first - int(lm))))
        for name, query in (("Cache-Control", "cc"), ("Vary", "vary"), ("Pragma", "pragma")):
            if self.q(query) is not None:
                headers.append((name, self.q(query)))
        expires = self.q("expires")  # seconds from now, or a literal value
        if expires is not None:
            try:
                headers.append(("Expires", self.date_time_string(now + int(expires))))
            except ValueError:
                headers.append(("Expires", expires))
        if self.q("age") is not None:
            headers.append(("Age", self.q("age")))
        headers.append(("X-Served", str(served)))
        if self.q("gone"):
            return self.respond_page(404, "Gone", "<p>Gone</p>", headers=headers)
        inm = self.headers.get("If-None-Match")
        ims = self.headers.get("If-Modified-Since")
        with CACHE_LOCK:
            stats["if_none_match"], stats["if_modified_since"] = inm, ims
            if inm or ims:
                stats["conditional"] += 1
        matches = (etag is not None and inm is not None and etag in [t.strip() for t in inm.split(",")]) or \
                  (lm is not None and inm is None and ims is not None and ims == self.date_time_string(first - int(lm)))
        if matches and not self.q("changed"):
            with CACHE_LOCK:
                stats["not_modified"] += 1
            return self._begin(304, headers)
        for c in [v for k, v in self.query_utf8 if k == "cookie"]:
            headers.append(("Set-Cookie", c))
        varied = ""
        if self.q("vary"):
            varied = f"<p>Varied on {html.escape(self.headers.get(self.q('vary'), '') or '')}</p>"
        title = self.q("title", f"Cache {key}")
        pad = "x" * self.qint("pad", 0, 0, 4 * MiB)
        self.respond_page(200, title, f"<p>Served {served}</p>{varied}<p>{pad}</p>", headers=headers)

    def r_cache_stats(self, rest):
        """JSON of /cache's counters for `key`."""
        with CACHE_LOCK:
            stats = dict(CACHE_STATS.get(self.q("key", ""), {"requests": 0, "not_modified": 0, "conditional": 0}))
        stats.pop("first", None)
        self.respond(200, json.dumps(stats).encode(), ctype="application/json", headers=[("Cache-Control", "no-store")])

    def r_visits(self, rest):
        """A page that counts how often it was served (reload tests)."""
        if rest:
            return self.not_found()
        global VISITS
        VISITS += 1
        self.respond_page(200, "Visits", f"<p>Visit number {VISITS}</p>", headers=[("Cache-Control", "no-store")])

    def r_download(self, rest):
        """A file to download: `size` bytes (byte i is i % 251) with a strong
        ETag, Last-Modified and Accept-Ranges; honours `Range: bytes=N-` (206)
        and If-Range; `cd=` is sent raw as Content-Disposition; `break=KEY`
        closes the connection mid-body on the first request for KEY only;
        `ranges=0` ignores Range (always 200). Each request's Range and
        If-Range are remembered for /download-log?break=KEY."""
        if rest:
            return self.not_found()
        size = self.qint("size", 300000, 0, 64 * MiB)
        etag = '"tern-download-%d"' % size
        key = self.q("break")
        with DOWNLOADS_LOCK:
            if key is not None:
                DOWNLOAD_LOG.setdefault(key, []).append(
                    {"range": self.headers.get("Range"), "if_range": self.headers.get("If-Range")})
                breaks = key not in DOWNLOADS_BROKEN
                DOWNLOADS_BROKEN.add(key)
            else:
                breaks = False
        headers = [("ETag", etag), ("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")]
        if self.q("ranges") != "0":
            headers.append(("Accept-Ranges", "bytes"))
        cd = self.qraw("cd")
        if cd is not None:
            if "\r" in cd or "\n" in cd:
                raise BadRequest("cd must not contain CR or LF")
            headers.append(("Content-Disposition", cd))
        start = 0
        requested = self.headers.get("Range", "")
        if_range = self.headers.get("If-Range")
        if (self.q("ranges") != "0" and requested.startswith("bytes=") and requested.endswith("-")
                and (if_range is None or if_range == etag)):
            try:
                start = int(requested[6:-1])
            except ValueError:
                start = -1
            if not 0 <= start < size:
                return self.respond(416, b"", ctype=None, headers=[("Content-Range", f"bytes */{size}")])
        code = 206 if start else 200
        if start:
            headers.append(("Content-Range", f"bytes {start}-{size - 1}/{size}"))
        self._begin(code, [("Content-Type", "application/octet-stream"),
                           ("Content-Length", str(size - start))] + headers)
        if self.command == "HEAD":
            return
        end = start + (size - start) // 2 if breaks else size
        offset = start
        while offset < end:
            n = min(64 * 1024, end - offset)
            self.write(big_piece(offset, n))
            offset += n
        if breaks:
            time.sleep(0.05)
            self.abort_connection()

    def r_download_log(self, rest):
        key = self.q("break", "")
        with DOWNLOADS_LOCK:
            entries = list(DOWNLOAD_LOG.get(key, []))
        self.respond(200, json.dumps(entries).encode("utf-8"), ctype="application/json")

    def r_mime(self, rest):
        if rest:
            return self.not_found()
        ctype = self.qraw("type", "application/octet-stream")
        if "\r" in ctype or "\n" in ctype:
            raise BadRequest("type must not contain CR or LF")
        body = self.q("body")
        data = body.encode("utf-8") if body is not None else mime_sample(ctype)
        delay = min(float(self.q("delay_ms", "0") or 0), 10000) / 1000.0
        if delay > 0:
            time.sleep(delay)
        self.respond(200, data, ctype=ctype)

    def r_cors(self, rest):
        """CORS tests: logs the request under `key`; answers with each other query pair as a response header
        (OPTIONS with status `status`, default 200, and no body; other methods with the request as JSON,
        or with `redirect`, a 302 there)."""
        if rest:
            return self.not_found()
        extra = []
        for k, v in self.query_raw:
            if k in ("key", "status", "redirect"):
                continue
            if not k or any(c in k for c in "\r\n:") or "\r" in v or "\n" in v:
                raise BadRequest("bad header name or value")
            if k.lower() in ("content-length", "transfer-encoding", "connection", "content-type"):
                raise BadRequest(f"{k} cannot be set through /cors")
            extra.append((k, v))
        entry = {"method": self.command, "target": self.path, "headers": [[k, v] for k, v in self.headers.items()]}
        with CORS_LOCK:
            CORS_LOG.setdefault(self.q("key", ""), []).append(entry)
        if self.command == "OPTIONS":
            code = self.qint("status", 200, 200, 599)
            return self.respond(code, b"", ctype=None, headers=extra + [("Cache-Control", "no-store")])
        target = self.q("redirect")
        if target:
            if "\r" in target or "\n" in target:
                raise BadRequest("redirect must not contain CR or LF")
            return self.respond(302, b"", headers=extra + [("Location", target), ("Cache-Control", "no-store")])
        self.respond(200, json.dumps(entry).encode("utf-8"), ctype="application/json",
                     headers=extra + [("Cache-Control", "no-store")])

    def r_cors_log(self, rest):
        """The requests `/cors` logged under `key`, as a JSON list, oldest first."""
        with CORS_LOCK:
            entries = list(CORS_LOG.get(self.q("key", ""), []))
        self.respond(200, json.dumps(entries).encode("utf-8"), ctype="application/json",
                     headers=[("Cache-Control", "no-store")])

    def r_sheet(self, rest):
        """A style sheet for the CSS loading tests: logs the request under `key` (read with /sheet-log);
        answers `body` (default `p { color: red }`) as `type` (default text/css), `cc` as Cache-Control
        (default no-store), after `delay_ms` (at most 10000). With `graph=a:b.c;b:a`, sheet `n` first
        imports each of its children (`/sheet?key=K&n=CHILD&graph=…`), so import trees and cycles can be made.
        `repeat` (at most 1000000) repeats the body; `gzip=1` sends it gzip-compressed; both pass to the children."""
        if rest:
            return self.not_found()
        ctype = self.qraw("type", "text/css")
        cc = self.q("cc", "no-store")
        if any(c in v for v in (ctype, cc) for c in "\r\n"):
            raise BadRequest("type and cc must not contain CR or LF")
        entry = {"method": self.command, "target": self.path, "headers": [[k, v] for k, v in self.headers.items()]}
        with CORS_LOCK:
            SHEET_LOG.setdefault(self.q("key", ""), []).append(entry)
        delay = min(float(self.q("delay_ms", "0") or 0), 10000) / 1000.0
        if delay > 0:
            time.sleep(delay)
        body = self.q("body", "p { color: red }") * self.qint("repeat", 1, 1, 1000000)
        compress = self.q("gzip") == "1"
        graph = self.q("graph")
        if graph:
            # NAME:CHILD.CHILD;NAME:… — sheet `n` imports each of its children, by the same route.
            edges = dict(part.split(":", 1) for part in graph.split(";") if ":" in part)
            children = [c for c in edges.get(self.q("n", ""), "").split(".") if c]
            passed = "".join("&%s=%s" % (name, urllib.parse.quote(self.q(name)))
                             for name in ("body", "repeat", "gzip") if self.q(name) is not None)
            body = "".join('@import url("/sheet?key=%s&n=%s&graph=%s%s");\n'
                           % (urllib.parse.quote(self.q("key", "")), urllib.parse.quote(c), urllib.parse.quote(graph), passed)
                           for c in children) + body
        data = body.encode("utf-8")
        headers = [("Cache-Control", cc)]
        if compress:
            co = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip wrapper
            data = co.compress(data) + co.flush()
            headers.append(("Content-Encoding", "gzip"))
        self.respond(200, data, ctype=ctype, headers=headers)

    def r_sheet_log(self, rest):
        """The requests `/sheet` logged under `key`, as a JSON list, oldest first."""
        with CORS_LOCK:
            entries = list(SHEET_LOG.get(self.q("key", ""), []))
        self.respond(200, json.dumps(entries).encode("utf-8"), ctype="application/json",
                     headers=[("Cache-Control", "no-store")])

    def r_large_page(self, rest):
        """A generated page of about `kb` KiB: sections of paragraphs with
        links, a table, and one inline script that runs once at load (no
        timers), so that nothing is left to run once the page has loaded."""
        if rest:
            return self.not_found()
        kb = self.qint("kb", 4096, 1, 65536)
        parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Large Page</title></head><body>",
                 "<h1>Large Page</h1><p id=\"status\">Script has not run.</p>"]
        size, i = 0, 0
        while size < kb * 1024:
            piece = (f"<h2 id=\"s{i}\">Section {i}</h2><p>Paragraph {i} says nothing in particular, "
                     f"at some length, with <a href=\"/page/p{i}\">link {i}</a> and <b>bold</b> words.</p>"
                     f"<table><tr><td>{i}</td><td>cell</td><td>{i * 7 % 1000}</td></tr></table>")
            parts.append(piece)
            size += len(piece)
            i += 1
        parts.append("<script>var n = document.getElementsByTagName('h2').length;"
                     "document.getElementById('status').textContent = 'Script counted ' + n + ' sections.';</script>")
        parts.append("</body></html>")
        self.respond(200, "".join(parts).encode("utf-8"))

    def r_headers(self, rest):
        if rest:
            return self.not_found()
        extra = []
        ctype = "text/html; charset=utf-8"
        framing = ("content-length", "transfer-encoding", "connection")
        for k, v in self.query_raw:
            if not k or any(c in k for c in "\r\n:") or "\r" in v or "\n" in v:
                raise BadRequest("bad header name or value")
            if k.lower() == "content-type":
                ctype = v
            elif k.lower() in framing:
                raise BadRequest(f"{k} cannot be set through /headers")
            else:
                extra.append((k, v))
        items = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in extra)
        self.respond(200, html_page("Headers", f"<h1>Headers</h1><ul>{items}</ul>"),
                     ctype=ctype, headers=extra)


ROUTES = {
    "plain": Handler.r_plain,
    "page": Handler.r_page,
    "slow": Handler.r_slow,
    "chunked": Handler.r_chunked,
    "redirect": Handler.r_redirect,
    "redirect-to": Handler.r_redirect_to,
    "loop": Handler.r_loop,
    "gzip": Handler.r_gzip,
    "deflate": Handler.r_deflate,
    "br": Handler.r_br,
    "zstd": Handler.r_zstd,
    "gzip-bomb": Handler.r_gzip_bomb,
    "bad-gzip": Handler.r_bad_gzip,
    "status": Handler.r_status,
    "big": Handler.r_big,
    "basic-auth": Handler.r_basic_auth,
    "digest-auth": Handler.r_digest_auth,
    "huge-header": Handler.r_huge_header,
    "set-cookie": Handler.r_set_cookie,
    "cookie-script": Handler.r_cookie_script,
    "header-script": Handler.r_header_script,
    "close-mid-body": Handler.r_close_mid_body,
    "garbage-headers": Handler.r_garbage_headers,
    "endless": Handler.r_endless,
    "endless-fast": Handler.r_endless_fast,
    "hang": Handler.r_hang,
    "mime": Handler.r_mime,
    "download": Handler.r_download,
    "download-log": Handler.r_download_log,
    "visits": Handler.r_visits,
    "cache": Handler.r_cache,
    "cache-stats": Handler.r_cache_stats,
    "headers": Handler.r_headers,
    "large-page": Handler.r_large_page,
    "cors": Handler.r_cors,
    "cors-log": Handler.r_cors_log,
    "sheet": Handler.r_sheet,
    "sheet-log": Handler.r_sheet_log,
}


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------

def _watch_stdin():
    try:
        while True:
            data = os.read(0, 65536)
            if not data:
                break
    except OSError:
        pass
    os._exit(0)


def main(argv=None):
    global VERBOSE
    ap = argparse.ArgumentParser(description="Tern loopback HTTP test server")
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = any free port)")
    ap.add_argument("--verbose", action="store_true", help="log requests to stderr")
    ap.add_argument("--static-root", help="serve the files under this folder instead of the routes")
    ap.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (chain)")
    ap.add_argument("--tls-key", help="the certificate's PEM private key")
    args = ap.parse_args(argv)
    VERBOSE = args.verbose
    global STATIC_ROOT
    STATIC_ROOT = args.static_root

    server = Server(("127.0.0.1", args.port), Handler)
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        context.set_alpn_protocols(["http/1.1"])
        context.sni_callback = lambda sock, name, _context: setattr(sock, "tern_sni", name)
        server.tls_context = context
    port = server.server_address[1]

    threading.Thread(target=_watch_stdin, name="stdin-watch", daemon=True).start()

    sys.stdout.write(f"PORT {port}\n")
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
