#!/usr/bin/env python3
"""Instruction counts of `tern --dump` under callgrind: a figure that the
machine's load does not move, unlike wall time.

    callgrind.py --corpus DIR --tern TERN [--json FILE] [--pages 3] [--only REGEX]

On the corpus's largest "large" pages (the three largest by default), one run
each of
    valgrind --tool=callgrind --callgrind-out-file=/dev/null tern --dump --width 80 --timeout 1200 FILE
and, as a reference, of libxml2's parse alone,
    valgrind --tool=callgrind --callgrind-out-file=/dev/null xmllint --html --huge --noout FILE
reading the total from valgrind's closing "==PID== Collected : N" line on
stderr (instructions executed, every thread of the process). Prints both and
tern / xmllint. Callgrind runs a program ~50x slower: tern's ~0.3 s on a 3 MB
page takes ~30-60 s, so each run has a 1,200 s limit (tern's own page limit is
raised to match). The figures go under "callgrind" in FILE (measure.py's
.build/bench-results.json; made when missing). It measures; it does not gate.
"""
import argparse
import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402  (read_manifest, geomean, merge_json)

print = functools.partial(print, flush=True)  # noqa: A001
TIMEOUT = 1200
COLLECTED = re.compile(r"^==\d+==\s+Collected\s*:\s*([\d,]+)\s*$", re.M)


def count(argv, env):
    """Runs argv under callgrind once: (instructions or None, seconds, note)."""
    full = [shutil.which("valgrind"), "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv]
    start = time.perf_counter()
    p = subprocess.Popen(full, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env=env, start_new_session=True)
    try:
        _, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, time.perf_counter() - start, ">%ds" % TIMEOUT
    secs = time.perf_counter() - start
    text = err.decode("utf-8", "replace")
    m = COLLECTED.search(text)
    if p.returncode != 0 or not m:
        lines = [line for line in text.splitlines() if line.strip()]
        return None, secs, "exit %s: %s" % (p.returncode, " | ".join(lines[-3:]))
    return int(m.group(1).replace(",", "")), secs, None


def fmt_count(n):
    return "-" if n is None else "{:,}".format(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tern", required=True)
    ap.add_argument("--json")
    ap.add_argument("--pages", type=int, default=3)
    ap.add_argument("--only")
    args = ap.parse_args()

    print("\nInstruction counts under callgrind (one run each, all threads; load does not move them)")
    if not shutil.which("valgrind"):
        print("  valgrind is not installed: skipped")
        return 0
    xmllint = shutil.which("xmllint")
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)
    help_text = subprocess.run([args.tern, "--help"], capture_output=True, text=True, env=env).stdout
    flags = ["--dump"] + (["--width", "80"] if "--width" in help_text else [])
    if "--timeout" in help_text:
        flags += ["--timeout", "%d" % TIMEOUT]  # tern's own page limit, not to cut a slowed-down run short

    large = [e for e in measure.read_manifest(args.corpus) if e["file"].startswith("large/")]
    large.sort(key=lambda e: -e["bytes"])
    def stem(e):
        return os.path.splitext(os.path.basename(e["file"]))[0]

    pages = large[:args.pages]
    print("  pages: the %d largest of the corpus's %d large pages (%s)" % (
        len(pages), len(large), ", ".join(stem(e) for e in pages)))
    if args.only:
        pages = [e for e in pages if re.search(args.only, stem(e))]
    if not pages:
        print("  (no large page%s)" % (" matches BENCH_ONLY" if args.only else ""))
        return 0

    results = []
    for e in pages:
        path = os.path.join(args.corpus, e["file"])
        name = os.path.splitext(os.path.basename(path))[0]
        print("  %s: callgrind tern ..." % name, file=sys.stderr)
        tern_n, tern_s, tern_note = count([args.tern, *flags, path], env)
        xml_n, xml_s, xml_note = (None, None, "xmllint is not installed")
        if xmllint:
            print("  %s: callgrind xmllint ..." % name, file=sys.stderr)
            xml_n, xml_s, xml_note = count([xmllint, "--html", "--huge", "--noout", path], env)
        results.append({"name": name, "file": e["file"], "bytes": e["bytes"],
                        "tern_instructions": tern_n, "tern_seconds": round(tern_s, 1), "tern_note": tern_note,
                        "xmllint_instructions": xml_n, "xmllint_seconds": None if xml_s is None else round(xml_s, 1),
                        "xmllint_note": xml_note, "tern_vs_xmllint": measure.ratio(tern_n, xml_n)})

    header = ["page", "size", "tern", "xmllint --html", "tern/xmllint", "tern per byte", "tern's run"]
    rows = [[r["name"], "%.0fK" % (r["bytes"] / 1024), fmt_count(r["tern_instructions"]) if r["tern_note"] is None
             else r["tern_note"][:40], fmt_count(r["xmllint_instructions"]) if r["xmllint_note"] is None
             else r["xmllint_note"][:40], measure.fmt_ratio(r["tern_vs_xmllint"]),
             "-" if r["tern_instructions"] is None else "%.0f" % (r["tern_instructions"] / r["bytes"]),
             "%.0fs" % r["tern_seconds"]] for r in results]
    geo = measure.geomean(r["tern_vs_xmllint"] for r in results)
    rows.append(["geomean", "", "", "", measure.fmt_ratio(geo), "", ""])
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  " + "  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                               for i, (v, w) in enumerate(zip(row, widths))))
    for r in results:
        for who in ("tern", "xmllint"):
            if r[who + "_note"]:
                print("  %s: %s: %s" % (r["name"], who, r[who + "_note"]))
    if args.json:
        measure.merge_json(args.json, "callgrind", {
            "command": "valgrind --tool=callgrind --callgrind-out-file=/dev/null " + " ".join([args.tern, *flags, "FILE"]),
            "reference": "valgrind --tool=callgrind --callgrind-out-file=/dev/null xmllint --html --huge --noout FILE",
            "valgrind": measure.tool_version(["valgrind", "--version"]),
            "pages": results, "geomean_tern_vs_xmllint": geo})
        print("results: %s (callgrind)" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
