#!/usr/bin/env python3
"""Tern's loopback HTTP proxy for the tests (Python 3.11 standard library only).

    python3 test_proxy.py --log FILE [--auth USER:PASS]

Same start-up contract as test_server.py: binds 127.0.0.1 at a free port,
prints one line ``PORT <n>``, and exits when its stdin reaches EOF.

* ``CONNECT host:port`` opens a tunnel (for https) to 127.0.0.1 only;
* a request in absolute form (``GET http://127.0.0.1:N/path``) is forwarded
  to its (loopback) server with ``Connection: close`` and the answer relayed;
* with ``--auth``, a request without ``Proxy-Authorization: Basic`` for those
  credentials gets ``407`` with ``Proxy-Authenticate: Basic realm="Tern Proxy"``
  (``--digest``: Digest, MD5 with qop=auth, instead);
* every request line received is appended to the log file, one a line, with
  `` auth`` after it when it carried a Proxy-Authorization header.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import select
import socket
import socketserver
import sys
import threading
import urllib.parse

LOG_PATH = None
AUTH = None
DIGEST = False            # --digest: ask for Digest (MD5, qop=auth) instead of Basic
REALM, NONCE = "Tern Proxy", "ternproxynonce42"
LOG_LOCK = threading.Lock()
LOOPBACK = {"127.0.0.1", "localhost", "tern.test", "other.test"}


def log_line(line: str) -> None:
    with LOG_LOCK, open(LOG_PATH, "a", encoding="utf-8") as f:
        f.write(line + "\n")


class ProxyHandler(socketserver.StreamRequestHandler):
    def read_head(self):
        lines = []
        while True:
            line = self.rfile.readline(65537)
            if not line:
                return None
            if line in (b"\r\n", b"\n"):
                return lines
            lines.append(line.decode("latin-1").rstrip("\r\n"))

    def reply(self, status: str, headers=(), body=b""):
        head = f"HTTP/1.1 {status}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
        head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        self.wfile.write(head.encode("latin-1") + body)
        self.wfile.flush()

    def handle(self):
        head = self.read_head()
        if not head:
            return
        request_line, header_lines = head[0], head[1:]
        headers = []
        for line in header_lines:
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
        proxy_auth = next((v for k, v in headers if k.lower() == "proxy-authorization"), None)
        log_line(request_line + (" auth" if proxy_auth else ""))
        method, target, _ = (request_line.split(" ") + ["", ""])[:3]
        if AUTH is not None and not self.authorized(proxy_auth or "", method):
            body = b"<html><head><title>Proxy Authentication Required</title></head><body>407</body></html>"
            challenge = (f'Digest realm="{REALM}", qop="auth", nonce="{NONCE}", algorithm=MD5' if DIGEST
                         else f'Basic realm="{REALM}"')
            return self.reply("407 Proxy Authentication Required",
                              [("Proxy-Authenticate", challenge), ("Content-Type", "text/html")], body)
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            if host not in LOOPBACK:
                return self.reply("403 Forbidden")
            upstream = socket.create_connection(("127.0.0.1", int(port)))
            self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            self.wfile.flush()
            return self.tunnel(upstream)
        parts = urllib.parse.urlsplit(target)
        if parts.scheme != "http" or parts.hostname not in LOOPBACK:
            return self.reply("400 Bad Request")
        upstream = socket.create_connection(("127.0.0.1", parts.port or 80))
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        out = [f"{method} {path} HTTP/1.1"]
        for k, v in headers:
            if k.lower() not in ("proxy-authorization", "proxy-connection", "connection"):
                out.append(f"{k}: {v}")
        out.append("Connection: close")
        upstream.sendall(("\r\n".join(out) + "\r\n\r\n").encode("latin-1"))
        length = next((int(v) for k, v in headers if k.lower() == "content-length"), 0)
        if length:
            upstream.sendall(self.rfile.read(length))
        while True:
            data = upstream.recv(65536)
            if not data:
                break
            self.wfile.write(data)
        self.wfile.flush()
        upstream.close()

    def authorized(self, header: str, method: str) -> bool:
        if not DIGEST:
            return header == "Basic " + base64.b64encode(AUTH.encode("utf-8")).decode("ascii")
        if not header.lower().startswith("digest "):
            return False
        fields = {}
        for part in header[7:].split(","):
            key, _, value = part.strip().partition("=")
            fields[key.strip().lower()] = value.strip().strip('"')
        user, _, password = AUTH.partition(":")
        md5 = lambda text: hashlib.md5(text.encode("utf-8")).hexdigest()
        ha1 = md5(f"{user}:{REALM}:{password}")
        ha2 = md5(f"{method}:{fields.get('uri', '')}")
        expected = md5(f"{ha1}:{NONCE}:{fields.get('nc', '')}:{fields.get('cnonce', '')}:auth:{ha2}")
        return fields.get("username") == user and fields.get("nonce") == NONCE and fields.get("response") == expected

    def tunnel(self, upstream):
        client = self.connection
        # Whatever the client sent after the CONNECT head is still buffered in rfile.
        buffered = self.rfile.peek() if hasattr(self.rfile, "peek") else b""
        if buffered:
            upstream.sendall(self.rfile.read(len(buffered)))
        sockets = [client, upstream]
        try:
            while True:
                readable, _, _ = select.select(sockets, [], [], 120)
                if not readable:
                    return
                for s in readable:
                    data = s.recv(65536)
                    if not data:
                        return
                    (upstream if s is client else client).sendall(data)
        except OSError:
            return
        finally:
            upstream.close()


class ProxyServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def _watch_stdin():
    try:
        while os.read(0, 65536):
            pass
    except OSError:
        pass
    os._exit(0)


def main():
    global LOG_PATH, AUTH
    ap = argparse.ArgumentParser(description="Tern loopback test proxy")
    ap.add_argument("--log", required=True, help="append each request line to this file")
    ap.add_argument("--auth", help="USER:PASS required in Proxy-Authorization (Basic)")
    ap.add_argument("--digest", action="store_true", help="ask for Digest (MD5, qop=auth) instead of Basic")
    args = ap.parse_args()
    global DIGEST
    LOG_PATH, AUTH, DIGEST = args.log, args.auth, args.digest
    server = ProxyServer(("127.0.0.1", 0), ProxyHandler)
    threading.Thread(target=_watch_stdin, daemon=True).start()
    sys.stdout.write(f"PORT {server.server_address[1]}\n")
    sys.stdout.flush()
    server.serve_forever(poll_interval=0.5)


if __name__ == "__main__":
    main()
