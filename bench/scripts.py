#!/usr/bin/env python3
"""Scripts' cost (issue 29): what page scripts add to `tern --dump`, and a DOM
micro-benchmark next to Chromium.

    scripts.py --tern TERN --out DIR [--json FILE] [--quick] [--only REGEX]
               [--chromium-note TEXT]

The pages are written into DIR (small pages, 60 batch pages, iframe pages,
window.open pages); bench/dom.html is the micro-benchmark. Pages that need an
origin (iframes: tern loads no file: frame; window.open: the pages report to
the bench) are served by a loopback HTTP server that this script starts on
127.0.0.1 (a free port). Every figure is a median of interleaved runs (fewer
with --quick), measured with measure.py's run_once (wall time, GNU time's
peak RSS):

  tiny_script   a small page with one tiny inline script / the same page
                without (file:); target <= 1.5x wall time (peak RSS shown);
  batch_scripts 60 small pages, each with a small script, one `tern --dump`
                each; the sum of a pass / w3m's; target <= 1.0x;
  iframes       a page with 5 same-origin iframes whose page has a small
                script / the same page without it (the top page runs the
                same tiny script in both, so JavaScriptCore is loaded in
                both); per iframe: target <= +5 ms and <= +10 MB;
  real_pages    Python's os.html and stdtypes.html, tern / tern --no-js:
                realpages.py's figures, read from FILE (not measured again);
                target <= 1.3x;
  window_open   `tern --dump` opens no window (window.open needs a user
                gesture, and --dump makes no web view for one): the
                interactive tern in tmux instead. A key (Enter on a link)
                makes the page call window.open(scripted page) once per key;
                the opened page reports Date.now() at its load event to the
                loopback server, beside the opener's Date.now() before the
                call. The same page opened by `location.href =` in the same
                tab (then Back) is the page's own work. Time beyond it:
                target <= 5 ms; and the RSS (and peak RSS) the process grew
                by per opened window;
  dom           bench/dom.html in tern (--eval) and in Chromium headless
                (--dump-dom): build 10,000 elements, querySelectorAll,
                childNodes, textContent, className, getComputedStyle, in
                operations per second; both figures and tern / Chromium.

The figures go under "scripts" in FILE (measure.py's
.build/bench-results.json; made when missing). It measures; it does not gate.
"""
import argparse
import functools
import html
import http.server
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

print = functools.partial(print, flush=True)  # noqa: A001  (in order with the progress lines on stderr)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402  (run_once, failure_message, formatting, geomean, merge_json)

RUNS = {"tiny": 20, "batch": 3, "iframes": 15, "windows": 10, "dom": 3}
QUICK_RUNS = {"tiny": 5, "batch": 1, "iframes": 5, "windows": 5, "dom": 1}
BATCH_PAGES, IFRAMES = 60, 5
DOM_PAGE = os.path.join(HERE, "dom.html")
DOM_OPS = ["build", "querySelectorAll", "childNodes", "textContent", "className", "getComputedStyle"]
DOM_TIMEOUT = 300  # tern's --timeout for the micro-benchmark: several seconds of script, never cut

WORDS = ("script page element text node link list item value the a of to and in is for with that by "
         "document window style layout browser terminal render parse event timer").split()


# ---------------------------------------------------------------- the pages

def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


SMALL_BODY = """<h1>A small page</h1>
<p id="status">Written in the page.</p>
<p>A paragraph of text with <a href="other.html">a link</a> and <em>some emphasis</em>,
long enough to wrap once at eighty columns in a terminal browser's dump.</p>
<ul><li>one</li><li>two</li><li>three</li></ul>
"""
TINY_SCRIPT = '<script>document.getElementById("status").textContent = "Written by a script.";</script>\n'
# The window.open pages report to the bench's loopback server.
REPORT_JS = ("function report(q) { var x = new XMLHttpRequest(); x.open('GET', '/report?' + q); x.send(); }\n")


def page(title, body, head=""):
    return ('<!doctype html>\n<html><head><meta charset="utf-8"><title>%s</title>%s</head>\n<body>\n%s</body></html>\n'
            % (title, head, body))


def batch_page(rng, n):
    items = "".join("<li>%s</li>" % words(rng, rng.randint(2, 6)) for _ in range(rng.randint(3, 8)))
    paras = "".join("<p>%s <a href=\"p%02d.html\">%s</a> %s.</p>\n" % (
        words(rng, rng.randint(10, 40)), rng.randrange(BATCH_PAGES), words(rng, 2), words(rng, rng.randint(5, 30)))
        for _ in range(rng.randint(2, 6)))
    script = ('<script>\nvar items = document.querySelectorAll("li");\n'
              'document.getElementById("count").textContent = items.length + " items";\n'
              'for (var i = 0; i < items.length; i++) if (i %% 2) items[i].className = "odd";\n'
              'document.title += " (%d)";\n</script>\n' % n)
    return page("Page %d: %s" % (n, words(rng, 3)),
                "<h1>%s</h1>\n<p id=\"count\">counting</p>\n%s<ul>%s</ul>\n%s" % (words(rng, 4), paras, items, script))


def write_pages(out):
    """The generated pages (deterministic), in out/."""
    files = {
        "small.html": page("A small page", SMALL_BODY),
        "small_js.html": page("A small page", SMALL_BODY + TINY_SCRIPT),
        # iframes: the same top page (with the same tiny script) framing a page with or without a small script
        "frame.html": page("A frame", SMALL_BODY),
        "frame_js.html": page("A frame", SMALL_BODY + TINY_SCRIPT),
        # window.open: a link whose key opens the scripted page in a new window (or, ?nav, in this tab)
        "opener.html": page("Opener", '<p><a id="go" href="#">open the scripted page</a></p>\n<script>\n' + REPORT_JS + """\
var opened = 0;
document.getElementById("go").onclick = function (event) {
  event.preventDefault();
  var t0 = Date.now(), url = "/popup.html?i=" + (++opened) + "&t0=" + t0;
  if (location.search.indexOf("nav") >= 0) location.href = url; else window.open(url);
};
addEventListener("pageshow", function (event) { report("ev=shown&persisted=" + (event.persisted ? 1 : 0)); });
</script>
"""),
        "popup.html": page("A small page", SMALL_BODY + TINY_SCRIPT + "<script>\n" + REPORT_JS + """\
addEventListener("load", function () { report("ev=load&t1=" + Date.now() + "&" + location.search.slice(1)); });
</script>
"""),
    }
    for name, js in (("frames.html", "frame.html"), ("frames_js.html", "frame_js.html")):
        frames = "".join('<iframe src="%s?%d"></iframe>\n' % (js, i) for i in range(IFRAMES))
        files[name] = page("Frames", SMALL_BODY + TINY_SCRIPT + frames)
    rng = random.Random(29)
    for n in range(BATCH_PAGES):
        files["batch/p%02d.html" % n] = batch_page(rng, n)
    os.makedirs(os.path.join(out, "batch"), exist_ok=True)
    for name, text in files.items():
        path = os.path.join(out, name)
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() == text:
                    continue
        except OSError:
            pass
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


# ---------------------------------------------------------------- the loopback server

class Server:
    """out/ over HTTP on 127.0.0.1 (a free port), and /report?..., kept in `reports`."""

    def __init__(self, root):
        self.reports, self.cond = [], threading.Condition()
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body are two writes: without TCP_NODELAY the body waits for
            # the client's delayed ACK of the headers (~40 ms a response).
            disable_nagle_algorithm = True

            def do_GET(self):
                if self.path.startswith("/report?"):
                    q = dict(urllib.parse.parse_qsl(self.path.split("?", 1)[1]))
                    with server.cond:
                        server.reports.append(q)
                        server.cond.notify_all()
                    self.send_response(204)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=root))
        self.httpd.daemon_threads = True
        self.base = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def wait(self, ev, count, timeout):
        """Waits until `count` reports of kind `ev` came; returns them (or None at the timeout)."""
        def found():
            got = [r for r in self.reports if r.get("ev") == ev]
            return got if len(got) >= count else None
        with self.cond:
            self.cond.wait_for(found, timeout)
            return found()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# ---------------------------------------------------------------- measuring with run_once

# How many of the page's and its frames' tiny scripts ran (each rewrites its #status).
RAN_JS = ("[document].concat([].map.call(document.querySelectorAll('iframe'), function (f) { return f.contentDocument; }))"
          ".filter(function (d) { return d && /script/.test(d.getElementById('status').textContent); }).length")


def scripts_ran(tern, target, env):
    """RAN_JS's answer on target (one `tern --eval` run), or None."""
    try:
        p = subprocess.run([tern, "--dump", "--eval", RAN_JS, target], env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=measure.TIMEOUT)
        return int(p.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return None


def interleaved(variants, env, runs):
    """variants: name -> argv. Runs each `runs` times, interleaved, after a warm-up run of each;
    returns name -> cell (measure.py's shape: median_s, peak_rss_kb, status, note, runs)."""
    cells = {n: {"times": [], "rss_kb": [], "status": "ok", "note": None, "planned": runs} for n in variants}
    for argv in variants.values():
        measure.run_once(argv, env)
    for _ in range(runs):
        for name, argv in variants.items():
            c = cells[name]
            if c["status"] != "ok":
                continue
            status, secs, rss, _, _ = measure.run_once(argv, env)
            if status != "ok":
                c["status"] = status
                c["note"] = measure.failure_message(argv, env) if status == "error" else ">%ds" % measure.TIMEOUT
                continue
            c["times"].append(secs)
            c["rss_kb"].append(rss)
    for c in cells.values():
        c["runs"] = len(c["times"])
        c["median_s"] = statistics.median(c["times"]) if c["times"] and c["status"] == "ok" else None
        c["median_rss_kb"] = statistics.median(c["rss_kb"]) if c["rss_kb"] and c["status"] == "ok" else None
        c["peak_rss_kb"] = max(c["rss_kb"]) if c["rss_kb"] else None
    return cells


def batch_passes(pages, tools, env, runs):
    """Each pass runs every page once per tool (interleaved per page); the figure is the sum of a pass."""
    cells = {n: {"times": [], "rss_kb": [], "status": "ok", "note": None, "planned": runs} for n in tools}
    for argv in tools.values():
        measure.run_once(argv(pages[0]), env)
    for _ in range(runs):
        total = {n: 0.0 for n in tools}
        for path in pages:
            for name, argv in tools.items():
                c = cells[name]
                if c["status"] != "ok":
                    continue
                status, secs, rss, _, _ = measure.run_once(argv(path), env)
                if status != "ok":
                    c["status"] = status
                    c["note"] = "%s: %s" % (os.path.basename(path), measure.failure_message(argv(path), env)
                                            if status == "error" else ">%ds" % measure.TIMEOUT)
                    continue
                total[name] += secs
                c["rss_kb"].append(rss)
        for name, c in cells.items():
            if c["status"] == "ok":
                c["times"].append(total[name])
    for c in cells.values():
        c["runs"] = len(c["times"])
        c["median_s"] = statistics.median(c["times"]) if c["times"] and c["status"] == "ok" else None
        c["peak_rss_kb"] = max(c["rss_kb"]) if c["rss_kb"] else None
    return cells


# ---------------------------------------------------------------- window.open in the interactive tern

def tmux(socket, *args):
    """tmux on its own server, whose socket is the path `socket` (in the bench's work folder)."""
    return subprocess.run(["tmux", "-S", socket, *args], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True).stdout


def proc_kb(pid, field):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return None


def open_windows(tern, server, mode, n, work):
    """The interactive tern in tmux on opener.html (mode "open": window.open; "nav": the same tab).
    Returns {"ms": [load - t0 per window], "rss_kb": (before, after), "hwm_kb": (before, after)}
    or {"error": why}."""
    socket = os.path.join(work, "tmux-" + mode)
    url = server.base + "opener.html" + ("?nav" if mode == "nav" else "")
    with server.cond:
        server.reports.clear()
    command = "exec env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME=%s/profile-%s %s %s" % (work, mode, tern, url)
    tmux(socket, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "132", "-y", "50", "sh", "-c", command)
    try:
        pid = int(tmux(socket, "display", "-p", "-t", "main", "#{pane_pid}").strip() or 0)
        if not pid or not server.wait("shown", 1, 30):
            return {"error": "the opener page did not load in 30 s"}
        time.sleep(0.5)
        before = proc_kb(pid, "VmRSS"), proc_kb(pid, "VmHWM")
        tmux(socket, "send-keys", "-t", "main", "Tab")  # the page's one link
        time.sleep(0.2)
        for k in range(1, n + 1):
            # Enter on the link; a key lost while the opener comes back is sent again (with Tab first).
            for attempt in range(3):
                if attempt:
                    tmux(socket, "send-keys", "-t", "main", "Tab")
                    time.sleep(0.2)
                tmux(socket, "send-keys", "-t", "main", "Enter")
                if server.wait("load", k, 3):
                    break
            else:
                return {"error": "window %d of %d did not load (%s)" % (k, n, mode)}
            if k == n:
                break
            if mode == "open":
                tmux(socket, "send-keys", "-t", "main", "g", "T")  # back to the opener's tab (its link keeps the focus)
                time.sleep(0.3)
            else:
                tmux(socket, "send-keys", "-t", "main", "Left")  # back to the opener
                if not server.wait("shown", k + 1, 10):
                    return {"error": "the opener did not come back in 10 s"}
                time.sleep(0.3)
                tmux(socket, "send-keys", "-t", "main", "Tab")  # its link again
                time.sleep(0.2)
        time.sleep(0.5)
        after = proc_kb(pid, "VmRSS"), proc_kb(pid, "VmHWM")
        loads = server.wait("load", n, 1)
        return {"ms": [int(r["t1"]) - int(r["t0"]) for r in loads],
                "rss_kb": (before[0], after[0]), "hwm_kb": (before[1], after[1])}
    except (OSError, ValueError, TypeError) as e:
        return {"error": str(e)}
    finally:
        tmux(socket, "send-keys", "-t", "main", "Q")
        time.sleep(0.3)
        tmux(socket, "kill-server")


# ---------------------------------------------------------------- the DOM micro-benchmark

def dom_tern(tern, env):
    argv = [tern, "--dump", "--timeout", str(DOM_TIMEOUT), "--eval", "JSON.stringify(results)",
            "file://" + DOM_PAGE]
    try:
        p = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=DOM_TIMEOUT + 30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return {"error": str(e)}
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                break
    return {"error": "exit %d: %s" % (p.returncode, (p.stderr.strip().splitlines() or ["no result"])[-1])}


def chromium_argv(chromium, profile):
    # Headless, its own throw-away profile, and nothing sent anywhere: no background
    # services, and a proxy on a closed loopback port for anything that still tries.
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
            "--no-pings", "--proxy-server=127.0.0.1:9", "--dump-dom", "file://" + DOM_PAGE]


def dom_chromium(chromium, env, work):
    profile = tempfile.mkdtemp(prefix="chromium-", dir=work)
    try:
        p = subprocess.run(chromium_argv(chromium, profile), env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return {"error": str(e)}
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    m = re.search(r'<pre id="results">(.*?)</pre>', p.stdout, re.S)
    if not m:
        return {"error": "exit %d, no #results in --dump-dom" % p.returncode}
    try:
        return json.loads(html.unescape(m.group(1)))
    except ValueError:
        return {"error": "#results is not JSON: %s" % m.group(1)[:200]}


def dom_medians(runs):
    """op -> median ops/s over the runs that gave it (None when none did)."""
    ok = [r for r in runs if "error" not in r]
    return {op: statistics.median([r[op]["ops_per_s"] for r in ok if op in r]) if any(op in r for r in ok) else None
            for op in DOM_OPS}


# ---------------------------------------------------------------- main

def fmt_ms(s):
    return "-" if s is None else "%.1fms" % (s * 1000) if s < 1 else "%.2fs" % s


def fmt_mb(kb):
    return "-" if kb is None else "%.1fM" % (kb / 1024)


def fmt_ops(x):
    return "-" if x is None else "{:,.0f}".format(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tern", required=True)
    ap.add_argument("--out", required=True, help="where the generated pages go")
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", help="only the parts whose name matches (tiny_script, batch_scripts, iframes, "
                                   "real_pages, window_open, dom)")
    ap.add_argument("--chromium-note", default="", help="why Chromium is missing (bench/run.sh)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    measure.RSS_DIR = tempfile.mkdtemp(prefix="tern-bench-scripts-")
    work = tempfile.mkdtemp(prefix="tern-bench-scripts-work-")
    write_pages(args.out)
    server = Server(args.out)
    try:
        return run(args, server, work)
    finally:
        server.close()
        shutil.rmtree(measure.RSS_DIR, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


def run(args, server, work):
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)
    for proxy in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        env.pop(proxy, None)  # the loopback server is reached directly
    help_text = subprocess.run([args.tern, "--help"], capture_output=True, text=True, env=env).stdout
    flags = ["--dump"] + (["--width", "80"] if "--width" in help_text else [])
    if "--timeout" in help_text:
        flags += ["--timeout", "%d" % measure.TIMEOUT]
    tern = lambda target, *more: [args.tern, *flags, *more, target]  # noqa: E731
    runs = QUICK_RUNS if args.quick else RUNS
    part = lambda name: not args.only or re.search(args.only, name)  # noqa: E731
    out = args.out
    results, lines, targets = {}, [], []
    load_before = os.getloadavg()

    def target(label, passed, detail, why=None):
        verdict = "N/A" if passed is None else "PASS" if passed else "FAIL"
        targets.append({"target": label, "result": verdict, "detail": why if passed is None and why else detail})

    def log(s):
        print("  " + s, file=sys.stderr)

    # 1. One tiny inline script on a small page.
    if part("tiny_script"):
        log("tiny_script (%d runs)" % runs["tiny"])
        c = interleaved({"with": tern(os.path.join(out, "small_js.html")),
                         "without": tern(os.path.join(out, "small.html"))}, env, runs["tiny"])
        x = measure.ratio(c["with"]["median_s"], c["without"]["median_s"])
        m = measure.ratio(c["with"]["peak_rss_kb"], c["without"]["peak_rss_kb"])
        ran = scripts_ran(args.tern, os.path.join(out, "small_js.html"), env)
        results["tiny_script"] = {"cells": c, "time_ratio": x, "rss_ratio": m, "script_ran": ran}
        lines.append("small page, one tiny inline script / without: %s (%s) / %s (%s) = %s time, %s peak RSS%s" % (
            measure.fmt_time(c["with"]), measure.fmt_rss(c["with"]), measure.fmt_time(c["without"]),
            measure.fmt_rss(c["without"]), "-" if x is None else "%.2fx" % x, "-" if m is None else "%.2fx" % m,
            "" if ran == 1 else " (its script did not run!)"))
        target("small page: tiny inline script / none <= 1.5x", None if x is None else x <= 1.5,
               "-" if x is None else "%.2fx" % x, "not measured: " + str(c["with"]["note"] or c["without"]["note"]))

    # 2. 60 small scripted pages, one process each, against w3m.
    if part("batch_scripts"):
        log("batch_scripts (%d pages, %d pass%s)" % (BATCH_PAGES, runs["batch"], "" if runs["batch"] == 1 else "es"))
        pages = [os.path.join(out, "batch/p%02d.html" % n) for n in range(BATCH_PAGES)]
        tools = {"tern": lambda f: tern(f)}
        w3m = shutil.which("w3m")
        if w3m:
            tools["w3m"] = lambda f: [w3m, "-dump", "-cols", "80", "-T", "text/html", f]
        c = batch_passes(pages, tools, env, runs["batch"])
        x = measure.ratio(c["tern"]["median_s"], c["w3m"]["median_s"]) if w3m else None
        results["batch_scripts"] = {"pages": BATCH_PAGES, "cells": c, "tern_vs_w3m": x}
        lines.append("%d small scripted pages, one process each (sum of a pass): tern %s / w3m %s = %s" % (
            BATCH_PAGES, fmt_ms(c["tern"]["median_s"]), fmt_ms(c["w3m"]["median_s"]) if w3m else "(not installed)",
            "-" if x is None else "%.2fx" % x))
        target("%d scripted pages: tern / w3m <= 1.0x" % BATCH_PAGES, None if x is None else x <= 1.0,
               "-" if x is None else "%.2fx" % x,
               "w3m is not installed" if not w3m else "not measured: " + str(c["tern"]["note"] or c["w3m"]["note"]))

    # 3. Iframes with and without a script, over the loopback server.
    if part("iframes"):
        log("iframes (%d runs)" % runs["iframes"])
        c = interleaved({"with": tern(server.base + "frames_js.html"),
                         "without": tern(server.base + "frames.html")}, env, runs["iframes"])
        ms = mb = None
        if c["with"]["median_s"] is not None and c["without"]["median_s"] is not None:
            ms = (c["with"]["median_s"] - c["without"]["median_s"]) * 1000 / IFRAMES
            mb = (c["with"]["median_rss_kb"] - c["without"]["median_rss_kb"]) / 1024 / IFRAMES
        ran = scripts_ran(args.tern, server.base + "frames_js.html", env)
        results["iframes"] = {"iframes": IFRAMES, "cells": c, "extra_ms_per_iframe": ms, "extra_mb_per_iframe": mb,
                              "frame_scripts_ran": None if ran is None else ran - 1}
        lines.append("%d same-origin iframes (loopback HTTP), their page with a small script / without: "
                     "%s (%s) / %s (%s): %s and %s per iframe (%s of the %d frames' scripts ran)" % (
                         IFRAMES, measure.fmt_time(c["with"]), fmt_mb(c["with"]["median_rss_kb"]),
                         measure.fmt_time(c["without"]), fmt_mb(c["without"]["median_rss_kb"]),
                         "-" if ms is None else "%+.1f ms" % ms, "-" if mb is None else "%+.1f MB" % mb,
                         "?" if ran is None else ran - 1, IFRAMES))
        why = "not measured: " + str(c["with"]["note"] or c["without"]["note"])
        target("iframe with a script: <= +5 ms each", None if ms is None else ms <= 5,
               "-" if ms is None else "%+.1f ms" % ms, why)
        target("iframe with a script: <= +10 MB peak RSS each", None if mb is None else mb <= 10,
               "-" if mb is None else "%+.1f MB" % mb, why)

    # 4. Real pages with their scripts / --no-js: realpages.py's figures of this run.
    if part("real_pages"):
        real = None
        try:
            with open(args.json, encoding="utf-8") as f:
                real = json.load(f).get("real_pages")
        except (OSError, ValueError, TypeError):
            pass
        pages = (real or {}).get("pages") or {}
        results["real_pages"] = {}
        if not pages:
            why = "realpages.py gave no figures in this run (%s)" % (args.json or "no --json")
            lines.append("real pages, with scripts / --no-js: " + why)
            target("real pages: with scripts / --no-js <= 1.3x", None, "", why)
        for name, r in pages.items():
            t, n = r["tools"].get("tern"), r["tools"].get("tern --no-js")
            x = measure.ratio(t and t["median_s"], n and n["median_s"])
            results["real_pages"][name] = x
            lines.append("%s with its scripts / --no-js (realpages.py's %d run%s): %s / %s = %s" % (
                name, real["runs"], "" if real["runs"] == 1 else "s", measure.fmt_time(t), measure.fmt_time(n),
                "-" if x is None else "%.2fx" % x))
            target("%s: with scripts / --no-js <= 1.3x" % name, None if x is None else x <= 1.3,
                   "-" if x is None else "%.2fx" % x, "not measured by realpages.py")

    # 5. window.open of a scripted page, in the interactive tern.
    if part("window_open"):
        n = runs["windows"]
        log("window_open (%d windows, interactive tern in tmux)" % n)
        why = None
        if not shutil.which("tmux"):
            why = "tmux is not installed (--dump opens no window: the interactive tern is measured)"
        else:
            opened = open_windows(args.tern, server, "open", n, work)
            navigated = open_windows(args.tern, server, "nav", n, work)
            why = opened.get("error") or navigated.get("error")
        if why:
            results["window_open"] = {"error": why}
            lines.append("window.open of a scripted page: not measured: " + why)
            target("window.open: time beyond the page's own work <= 5 ms", None, "", why)
        else:
            o, v = statistics.median(opened["ms"]), statistics.median(navigated["ms"])
            rss = (opened["rss_kb"][1] - opened["rss_kb"][0]) / 1024 / n
            hwm = (opened["hwm_kb"][1] - opened["hwm_kb"][0]) / 1024 / n
            results["window_open"] = {"windows": n, "open_ms": opened["ms"], "nav_ms": navigated["ms"],
                                      "beyond_ms": o - v, "rss_kb": opened["rss_kb"], "hwm_kb": opened["hwm_kb"],
                                      "rss_mb_per_window": rss, "peak_rss_mb_per_window": hwm}
            lines.append("window.open of a scripted page (interactive tern, %d windows; Date.now() ms): call -> its load "
                         "%.0f ms, the same page by location.href in its tab %.0f ms: %+.0f ms per window" % (n, o, v, o - v))
            lines.append("memory of each opened window (all %d kept open): RSS %+.1f MB, peak RSS %+.1f MB "
                         "(the process: %s -> %s, peak %s -> %s)" % (
                             n, rss, hwm, fmt_mb(opened["rss_kb"][0]), fmt_mb(opened["rss_kb"][1]),
                             fmt_mb(opened["hwm_kb"][0]), fmt_mb(opened["hwm_kb"][1])))
            target("window.open: time beyond the page's own work <= 5 ms", o - v <= 5, "%+.0f ms" % (o - v))

    # 6. The DOM micro-benchmark, tern and Chromium.
    if part("dom"):
        log("dom (%d run%s of bench/dom.html in tern and in Chromium)" % (runs["dom"], "" if runs["dom"] == 1 else "s"))
        chromium = shutil.which("chromium")
        t_runs, c_runs = [], []
        for _ in range(runs["dom"]):
            t_runs.append(dom_tern(args.tern, env))
            if chromium:
                c_runs.append(dom_chromium(chromium, env, work))
        t_med, c_med = dom_medians(t_runs), dom_medians(c_runs)
        units = next((r for r in t_runs + c_runs if "error" not in r), {})
        results["dom"] = {"tern": t_runs, "chromium": c_runs, "tern_median": t_med, "chromium_median": c_med}
        dom_lines = []
        header = ["operation", "tern", "chromium", "tern/chromium", "per second"]
        rows = [[op, fmt_ops(t_med[op]), fmt_ops(c_med[op]),
                 "-" if measure.ratio(t_med[op], c_med[op]) is None else "%.3f" % measure.ratio(t_med[op], c_med[op]),
                 (units.get(op) or {}).get("unit", "")] for op in DOM_OPS]
        widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
        for row in [header] + rows:
            dom_lines.append("  ".join(str(v).ljust(w) if i in (0, 4) else str(v).rjust(w)
                                       for i, (v, w) in enumerate(zip(row, widths))).rstrip())
        geo = measure.geomean(measure.ratio(t_med[op], c_med[op]) for op in DOM_OPS)
        if geo is not None:
            dom_lines.append("geomean tern/chromium over the %d operations: %.3f" % (len(DOM_OPS), geo))
        for name, rs in (("tern", t_runs), ("chromium", c_runs)):
            for r in rs:
                if "error" in r:
                    dom_lines.append("%s: a run failed: %s" % (name, r["error"]))
        if not chromium:
            dom_lines.append("Chromium's figures are missing: %s" % (
                args.chromium_note or "no chromium on PATH (bench/run.sh installs the Debian package chromium)"))
        results["dom"]["lines"] = dom_lines

    # The section.
    load_after = os.getloadavg()
    print("\nScripts' cost (issue 29): median of interleaved runs (tiny %d, batch %d, iframes %d, windows %d, dom %d); "
          "load average %.2f at start / %.2f at end" % (runs["tiny"], runs["batch"], runs["iframes"], runs["windows"],
                                                        runs["dom"], load_before[0], load_after[0]))
    for line in lines:
        print("  " + line)
    if "dom" in results:
        print("DOM micro-benchmark (bench/dom.html: 10,000 elements; operations per second, median of %d run%s)" % (
            runs["dom"], "" if runs["dom"] == 1 else "s"))
        for line in results["dom"]["lines"]:
            print("  " + line)
    print("Targets (measured, not gated)")
    for t in targets:
        print("  %-4s  %-52s %s" % (t["result"], t["target"], t["detail"]))
    if load_before[0] > 1.0 or load_after[0] > 1.0:
        print("note: the machine was busy (load average above 1): treat these timings as noisy.")
    if args.json:
        measure.merge_json(args.json, "scripts", {
            "quick": args.quick, "runs": runs, "pages": out, "server": server.base,
            "load_average_start": load_before, "load_average_end": load_after,
            "commands": {"tern": " ".join(tern("PAGE")), "dom_tern": "tern --dump --timeout %d --eval "
                         "'JSON.stringify(results)' file://%s" % (DOM_TIMEOUT, DOM_PAGE),
                         "dom_chromium": " ".join(chromium_argv("chromium", "PROFILE"))},
            "results": results, "targets": targets})
        print("results: %s (scripts)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
