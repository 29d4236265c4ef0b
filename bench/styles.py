#!/usr/bin/env python3
"""The style bench: what author stylesheets cost `tern --dump` on large pages.

    styles.py --tern TERN --out DIR [--json FILE] [--quick]

Pages (each read as a file, with its stylesheets beside it):
  sphinx   Python's library/stdtypes.html from python3.11-doc (a real Sphinx
           page; its sheets @import basic.css), installed by the corpus build;
           skipped with a message when missing;
  rustdoc  a rustdoc-shaped page and sheet, made by gen_style_pages.py;
  stress   50,000 elements and a 10,000-rule sheet (gen_style_pages.py);
  stress2x the stress page with 100,000 elements and the same sheet.

Per page: tern with styles, tern --no-css (a column that says why it is
missing when this tern has no --no-css), w3m and links2, runs interleaved as
in measure.py (whose run_once it uses). Targets: styles cost at most 25% over
--no-css on the large pages; the stress page at twice the size takes twice
the time, +-10%. It measures; it does not gate.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import measure  # noqa: E402  (run_once, TIMEOUT, BUDGET_PER_CELL, formatting)

SPHINX_PAGE = "/usr/share/doc/python3.11/html/library/stdtypes.html"
RUNS, QUICK_RUNS = 3, 1


def pages(generated):
    found = []
    if os.path.exists(SPHINX_PAGE):
        found.append(("sphinx", SPHINX_PAGE))
    else:
        print("styles: no %s (python3.11-doc); the Sphinx page is skipped" % SPHINX_PAGE, file=sys.stderr)
    found.append(("rustdoc", os.path.join(generated, "rustdoc/std/vec/struct.Vec.html")))
    found.append(("stress", os.path.join(generated, "stress/stress.html")))
    found.append(("stress2x", os.path.join(generated, "stress/stress_x2.html")))
    return found


def commands(tern, help_text):
    flags = ["--dump"] + (["--width", "80"] if "--width" in help_text else [])
    if "--timeout" in help_text:
        flags += ["--timeout", "%d" % measure.TIMEOUT]
    tools = {"tern": lambda f: [tern, *flags, f]}
    notes = {}
    if "--no-css" in help_text:
        tools["tern --no-css"] = lambda f: [tern, *flags, "--no-css", f]
    else:
        notes["tern --no-css"] = "this tern has no --no-css: column skipped"
    for name, argv in (("w3m", ["-dump", "-cols", "80", "-T", "text/html"]), ("links2", ["-dump", "-width", "80"])):
        path = shutil.which(name)
        if path:
            tools[name] = (lambda p, a: lambda f: [p, *a, f])(path, argv)
        else:
            notes[name] = "%s is not installed: column skipped" % name
    return tools, notes


def measure_page(path, tools, env, runs):
    with open(path, "rb") as f:
        f.read()  # into the page cache
    cells = {name: {"times": [], "status": "ok", "spent": 0.0} for name in tools}
    for name, argv in tools.items():
        measure.run_once(argv(path), env)  # warm the binary
    for _ in range(runs):
        for name, argv in tools.items():
            cell = cells[name]
            if cell["status"] != "ok" or (cell["times"] and cell["spent"] > measure.BUDGET_PER_CELL):
                continue
            status, seconds, _, _, _ = measure.run_once(argv(path), env)
            if status != "ok":
                cell["status"] = status
                continue
            cell["times"].append(seconds)
            cell["spent"] += seconds
    for cell in cells.values():
        cell["median_s"] = statistics.median(cell["times"]) if cell["times"] else None
        cell["runs"] = len(cell["times"])
        cell["planned"] = runs
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tern", required=True)
    ap.add_argument("--out", required=True, help="where the generated pages go")
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    measure.RSS_DIR = tempfile.mkdtemp(prefix="tern-bench-styles-")
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)

    subprocess.run([sys.executable, os.path.join(HERE, "gen_style_pages.py"), args.out], check=True)
    help_text = subprocess.run([args.tern, "--help"], capture_output=True, text=True, env=env).stdout
    tools, notes = commands(args.tern, help_text)
    runs = QUICK_RUNS if args.quick else RUNS

    results = {}
    for name, path in pages(args.out):
        results[name] = {"file": path, "bytes": os.path.getsize(path), "tools": measure_page(path, tools, env, runs)}

    columns = ["tern", "tern --no-css", "w3m", "links2"]
    print("\nAuthor styles: median wall time of %d run(s), `--dump --width 80`" % runs)
    header = ["page", "bytes"] + columns + ["styles/no-css"]
    rows = []
    for name, r in results.items():
        t = r["tools"]
        cost = measure.ratio(t["tern"]["median_s"], t.get("tern --no-css", {}).get("median_s"))
        r["styles_over_no_css"] = cost
        rows.append([name, "%.1fM" % (r["bytes"] / 1e6)]
                    + [measure.fmt_time(t.get(c)) if c in t else "n/a" for c in columns]
                    + ["-" if cost is None else "%.2f" % cost])
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  " + "  ".join(str(v).rjust(w) for v, w in zip(row, widths)))
    for note in notes.values():
        print("  (%s)" % note)

    print("\nTargets:")
    targets = []

    def target(label, value, passed):
        verdict = "N/A" if passed is None else "PASS" if passed else "FAIL"
        targets.append({"target": label, "value": value, "result": verdict})
        print("  %-4s %s%s" % (verdict, label, "" if value is None else ": %.2f" % value))

    for name in ("sphinx", "rustdoc", "stress"):
        if name in results:
            cost = results[name]["styles_over_no_css"]
            target("%s: tern with styles <= 1.25 x tern --no-css" % name, cost, None if cost is None else cost <= 1.25)
    if "stress" in results and "stress2x" in results:
        for tool in ("tern", "tern --no-css"):
            if tool not in tools:
                continue
            x = measure.ratio(results["stress2x"]["tools"][tool]["median_s"], results["stress"]["tools"][tool]["median_s"])
            target("linearity (%s): time(100,000 elements)/time(50,000) in 2 +-10%%" % tool, x,
                   None if x is None else 1.8 <= x <= 2.2)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": runs, "notes": notes, "pages": results, "targets": targets}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
