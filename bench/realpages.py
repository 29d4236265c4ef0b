#!/usr/bin/env python3
"""Real pages with their own scripts and sheets: `tern --dump` on large Sphinx
pages loaded as files in place, so that their relative `_static/*.js` and
`*.css` load too, next to w3m and links2 (which load neither).

    realpages.py --tern TERN [--json FILE] [--quick] [--only REGEX]

Pages: Python's library/os.html and library/stdtypes.html from the Debian
package python3.11-doc (bench/run.sh installs it when missing; a missing page
is skipped with a message). Each page links 9 scripts (jQuery, underscore,
Sphinx's doctools, ...) and 2 sheets (one @imports basic.css).

Per page, interleaved runs (5, or 1 with --quick; after one warm-up run of
each tool) of:
  tern                    tern --dump --width 80 FILE (scripts and sheets)
  tern --no-js            no page scripts
  tern --no-js --no-css   neither scripts nor sheets (when tern has --no-css)
  w3m                     w3m -dump -cols 80 -T text/html FILE
  links2                  links2 -dump -width 80 FILE
Prints the median wall time and peak RSS of each, tern / w3m for each tern
variant, and the target tern (with scripts) / w3m <= 1.0 per page. Before
timing, one `tern --eval` run checks that the page's sheets and scripts were
really loaded (the sheet count and the globals its scripts define).

The figures go under "real_pages" in FILE (measure.py's
.build/bench-results.json; the file is made when missing). It measures; it
does not gate.
"""
import argparse
import functools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

print = functools.partial(print, flush=True)  # noqa: A001  (in order with the progress lines on stderr)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402  (run_once, TIMEOUT, BUDGET_PER_CELL, formatting, merge_json)

DOCS = "/usr/share/doc/python3.11/html"
PAGES = [("py_os", DOCS + "/library/os.html"), ("py_stdtypes", DOCS + "/library/stdtypes.html")]
RUNS, QUICK_RUNS = 5, 1
# The globals that the pages' own scripts define (documentation_options.js,
# jquery.js, underscore.js, doctools.js, sphinx_highlight.js): all five
# defined means the scripts were loaded from their file: URLs and ran.
CHECK_JS = ("JSON.stringify({sheets: document.styleSheets.length, scripts: document.scripts.length, "
            "globals: ['DOCUMENTATION_OPTIONS', 'jQuery', '_', 'Documentation', 'SphinxHighlight']"
            ".filter(n => { try { return typeof eval(n) !== 'undefined' } catch (e) { return false } })})")
TARGET = 1.0


def commands(tern, help_text):
    flags = ["--dump"] + (["--width", "80"] if "--width" in help_text else [])
    if "--timeout" in help_text:
        flags += ["--timeout", "%d" % measure.TIMEOUT]
    tools = {"tern": lambda f: [tern, *flags, f],
             "tern --no-js": lambda f: [tern, *flags, "--no-js", f]}
    notes = []
    if "--no-css" in help_text:
        tools["tern --no-js --no-css"] = lambda f: [tern, *flags, "--no-js", "--no-css", f]
    else:
        notes.append("this tern has no --no-css: the --no-js --no-css column is skipped")
    for name, argv in (("w3m", ["-dump", "-cols", "80", "-T", "text/html"]), ("links2", ["-dump", "-width", "80"])):
        path = shutil.which(name)
        if path:
            tools[name] = (lambda p, a: lambda f: [p, *a, f])(path, argv)
        else:
            notes.append("%s is not installed: its column is skipped" % name)
    return tools, notes


def check_loaded(tern, help_text, path, env):
    """What the page loaded, from tern itself: its sheets, scripts and the globals its scripts define."""
    if "--eval" not in help_text:
        return None
    try:
        p = subprocess.run([tern, "--dump", "--no-list", "--eval", CHECK_JS, path], env=env,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=measure.TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as e:
        return {"error": str(e)}
    for line in reversed(p.stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                break
    return {"error": (p.stderr.strip().splitlines() or ["no result"])[-1]}


def linked(path):
    """The page's <script src> count, and its sheets' (stylesheet <link>s and
    <style> elements, as document.styleSheets counts them), from its source."""
    with open(path, "rb") as f:
        data = f.read().decode("utf-8", "replace")
    scripts = len(re.findall(r"<script[^>]*\ssrc=", data, re.I))
    sheets = len(re.findall(r"<link[^>]*rel=[\"']?stylesheet", data, re.I)) + len(re.findall(r"<style[\s>]", data, re.I))
    return scripts, sheets


def measure_page(path, tools, env, runs):
    with open(path, "rb") as f:
        f.read()  # into the page cache (and its _static files by the warm-up runs)
    cells = {n: {"times": [], "rss_kb": [], "status": "ok", "note": None} for n in tools}
    for argv in tools.values():
        measure.run_once(argv(path), env)  # warm the binary and the page's own files
    for _ in range(runs):
        for name, argv in tools.items():
            c = cells[name]
            if c["status"] != "ok" or (c["times"] and sum(c["times"]) > measure.BUDGET_PER_CELL):
                continue
            status, secs, rss, _, _ = measure.run_once(argv(path), env)
            if rss is not None:
                c["rss_kb"].append(rss)
            if status != "ok":
                c["status"] = status
                c["note"] = measure.failure_message(argv(path), env) if status == "error" else ">%ds" % measure.TIMEOUT
                continue
            c["times"].append(secs)
    for c in cells.values():
        c["runs"] = len(c["times"])
        c["planned"] = runs
        c["median_s"] = statistics.median(c["times"]) if c["times"] and c["status"] == "ok" else None
        c["peak_rss_kb"] = max(c["rss_kb"]) if c["rss_kb"] else None
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tern", required=True)
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only")
    args = ap.parse_args()
    measure.RSS_DIR = tempfile.mkdtemp(prefix="tern-bench-real-")
    try:
        return run(args)
    finally:
        shutil.rmtree(measure.RSS_DIR, ignore_errors=True)


def run(args):
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)
    help_text = subprocess.run([args.tern, "--help"], capture_output=True, text=True, env=env).stdout
    tools, notes = commands(args.tern, help_text)
    runs = QUICK_RUNS if args.quick else RUNS

    print("\nReal pages with their own scripts and sheets (loaded as files in place)")
    pages = [(n, p) for n, p in PAGES if not args.only or re.search(args.only, n)]
    if not pages:
        print("  (no page matches BENCH_ONLY)")
        return 0
    results = {}
    for name, path in pages:
        if not os.path.exists(path):
            print("  %s: no %s (python3.11-doc is not installed): skipped" % (name, path))
            continue
        print("  %s (%d bytes, %d run%s)" % (name, os.path.getsize(path), runs, "" if runs == 1 else "s"),
              file=sys.stderr, flush=True)
        scripts, sheets = linked(path)
        results[name] = {"file": path, "bytes": os.path.getsize(path), "linked_scripts": scripts,
                         "linked_sheets": sheets, "loaded": check_loaded(args.tern, help_text, path, env),
                         "tools": measure_page(path, tools, env, runs)}
    if not results:
        return 0

    names = list(tools)
    tern_variants = [n for n in names if n.startswith("tern")]
    short = {"tern": "tern", "tern --no-js": "no-js", "tern --no-js --no-css": "no-js,no-css"}
    print("Median wall time of %d run(s) (peak RSS); tern = with scripts and sheets, no-js = tern --no-js, "
          "no-js,no-css = tern --no-js --no-css" % runs)
    header = ["page", "size"] + [short.get(n, n) for n in names] + ["%s/w3m" % short[n] for n in tern_variants]
    rows = []
    for name, r in results.items():
        t = r["tools"]
        ratios = {}
        for n in tern_variants:
            w = t.get("w3m")
            ratios[n] = measure.ratio(t[n]["median_s"], w["median_s"]) if w else None
        r["tern_vs_w3m"] = ratios
        rows.append([name, "%.0fK" % (r["bytes"] / 1024)]
                    + ["%s (%s)" % (measure.fmt_time(t[n]), measure.fmt_rss(t[n])) for n in names]
                    + [measure.fmt_ratio(ratios[n]) for n in tern_variants])
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  " + "  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                               for i, (v, w) in enumerate(zip(row, widths))))
    for note in notes:
        print("  (%s)" % note)
    for name, r in results.items():
        c = r["loaded"]
        if c is None:
            print("  %s: loaded: not checked (this tern has no --eval)" % name)
        elif "error" in c:
            print("  %s: loaded: check failed: %s" % (name, c["error"]))
        else:
            print("  %s: tern loaded %d of its %d sheets (<link> and <style>); its %d scripts defined %d of 5 globals (%s)" % (
                name, c["sheets"], r["linked_sheets"], r["linked_scripts"], len(c["globals"]),
                ", ".join(c["globals"]) or "none"))
        for n, cell in r["tools"].items():
            if cell["status"] != "ok":
                print("  %s: %s %s %s" % (name, n, cell["status"], cell["note"] or ""))

    targets = []
    for name, r in results.items():
        x = r["tern_vs_w3m"].get("tern")
        t, w = r["tools"]["tern"], r["tools"].get("w3m")
        passed = None if x is None else x <= TARGET
        if x is None and w is not None and w["status"] == "timeout" and t["status"] == "ok":
            passed = True
        targets.append({"target": "%s: tern (with scripts) / w3m <= %.1f" % (name, TARGET),
                        "result": "N/A" if passed is None else "PASS" if passed else "FAIL",
                        "detail": "%s: tern %s, w3m %s" % ("-" if x is None else "%.2fx" % x, measure.fmt_time(t),
                                                           measure.fmt_time(w))})
    print("Targets (measured, not gated)")
    for t in targets:
        print("  %-4s  %-52s %s" % (t["result"], t["target"], t["detail"]))
    if args.json:
        measure.merge_json(args.json, "real_pages", {
            "runs": runs, "commands": {n: " ".join(tools[n]("FILE")) for n in tools}, "notes": notes,
            "check_js": CHECK_JS, "pages": results, "targets": targets})
        print("results: %s (real_pages)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
