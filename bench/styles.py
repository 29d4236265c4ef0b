#!/usr/bin/env python3
"""The style bench: what author stylesheets cost `tern --dump` on large pages.

    styles.py --tern TERN --out DIR [--rustdoc-page FILE] [--json FILE] [--quick]

Real pages, each read as a file in place with its own sheets (and scripts)
beside it, one per documentation generator (a missing one is skipped with a
message; bench/run.sh installs the Debian packages):
  sphinx       Python's library/stdtypes.html (python3.11-doc; pydoctheme.css
               @imports basic.css);
  rustdoc      std/vec/struct.Vec.html from Debian's rust-doc (--rustdoc-page:
               run.sh takes it out of the package into .build/bench-rustdoc);
  doxygen      jsoncpp's Json::Value class page (libjsoncpp-doc; doxygen.css,
               tabs.css, jQuery);
  mkdocs       MkDocs's own release notes (mkdocs-doc; Bootstrap 4's sheet);
  docbook      PostgreSQL's psql page (postgresql-doc-15; DocBook XSL);
and pages made by gen_style_pages.py:
  rustdoc-gen  a rustdoc-shaped page and sheet;
  stress       50,000 elements and a 10,000-rule sheet;
  stress2x     the stress page with 100,000 elements and the same sheet.

Per page: tern with styles, tern --no-css (a column that says why it is
missing when this tern has no --no-css), w3m and links2, runs interleaved as
in measure.py (whose run_once it uses). Targets: the geometric mean over the
real pages of (tern with styles / tern --no-css) <= 1.25; the same ratio on
each generated page <= 1.25; the stress page at twice the size takes twice
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

DOC = "/usr/share/doc"
RUSTDOC_PAGE = DOC + "/rust-doc/html/std/vec/struct.Vec.html"
# name -> (path, generator, Debian package)
REAL_PAGES = [
    ("sphinx", DOC + "/python3.11/html/library/stdtypes.html", "Sphinx", "python3.11-doc"),
    ("rustdoc", None, "rustdoc", "rust-doc"),
    ("doxygen", DOC + "/libjsoncpp-doc/class_json_1_1_value.html", "Doxygen", "libjsoncpp-doc"),
    ("mkdocs", DOC + "/mkdocs/html/about/release-notes.html", "MkDocs", "mkdocs-doc"),
    ("docbook", DOC + "/postgresql-doc-15/html/app-psql.html", "DocBook XSL", "postgresql-doc-15"),
]
RUNS, QUICK_RUNS = 3, 1
TARGET = 1.25


def pages(generated, rustdoc_page):
    """[(name, path, kind, origin)]: the real pages that are there, then the generated ones."""
    found = []
    for name, path, generator, package in REAL_PAGES:
        path = path or rustdoc_page
        if os.path.exists(path):
            found.append((name, path, "real", "%s, %s: %s" % (generator, package, path)))
        else:
            print("styles: no %s (%s); the %s page is skipped" % (path, package, generator), file=sys.stderr)
    made = "gen_style_pages.py"
    found.append(("rustdoc-gen", os.path.join(generated, "rustdoc/std/vec/struct.Vec.html"), "generated",
                  made + ": rustdoc-shaped"))
    found.append(("stress", os.path.join(generated, "stress/stress.html"), "generated",
                  made + ": 50,000 elements, 10,000 rules"))
    found.append(("stress2x", os.path.join(generated, "stress/stress_x2.html"), "generated",
                  made + ": 100,000 elements, the same sheet"))
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
    ap.add_argument("--rustdoc-page", default=RUSTDOC_PAGE, help="a real rustdoc page (rust-doc's Vec page)")
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
    for name, path, kind, origin in pages(args.out, args.rustdoc_page):
        results[name] = {"file": path, "kind": kind, "origin": origin, "bytes": os.path.getsize(path),
                         "tools": measure_page(path, tools, env, runs)}

    columns = ["tern", "tern --no-css", "w3m", "links2"]
    print("\nAuthor styles: median wall time of %d run(s), `--dump --width 80`, each page read in place" % runs)
    header = ["page", "kind", "bytes"] + columns + ["styles/no-css"]
    rows = []
    for name, r in results.items():
        t = r["tools"]
        cost = measure.ratio(t["tern"]["median_s"], t.get("tern --no-css", {}).get("median_s"))
        r["styles_over_no_css"] = cost
        rows.append([name, r["kind"], "%.2fM" % (r["bytes"] / 1e6)]
                    + [measure.fmt_time(t.get(c)) if c in t else "n/a" for c in columns]
                    + ["-" if cost is None else "%.2f" % cost])
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  " + "  ".join(str(v).ljust(w) if i < 2 else str(v).rjust(w)
                               for i, (v, w) in enumerate(zip(row, widths))))
    for name, r in results.items():
        print("  %-11s %s" % (name, r["origin"]))
    for note in notes.values():
        print("  (%s)" % note)

    print("\nTargets:")
    targets = []

    def target(label, value, passed, detail=""):
        verdict = "N/A" if passed is None else "PASS" if passed else "FAIL"
        targets.append({"target": label, "value": value, "result": verdict, "detail": detail})
        print("  %-4s %s%s%s" % (verdict, label, "" if value is None else ": %.2f" % value,
                                 " (%s)" % detail if detail else ""))

    real = [(n, r["styles_over_no_css"]) for n, r in results.items() if r["kind"] == "real"]
    geo = measure.geomean(x for _, x in real)
    measured = [(n, x) for n, x in real if x is not None]
    over = ["%s %.2f" % (n, x) for n, x in measured if x > TARGET]
    target("real pages: geomean of tern with styles / tern --no-css <= %.2f" % TARGET, geo,
           None if geo is None else geo <= TARGET,
           "%d pages: %s%s" % (len(measured), ", ".join(n for n, _ in measured),
                              "; over %.2f: %s" % (TARGET, ", ".join(over)) if over else ""))
    for name in ("rustdoc-gen", "stress"):
        if name in results:
            cost = results[name]["styles_over_no_css"]
            target("%s: tern with styles <= %.2f x tern --no-css" % (name, TARGET), cost,
                   None if cost is None else cost <= TARGET)
    if "stress" in results and "stress2x" in results:
        for tool in ("tern", "tern --no-css"):
            if tool not in tools:
                continue
            x = measure.ratio(results["stress2x"]["tools"][tool]["median_s"], results["stress"]["tools"][tool]["median_s"])
            target("linearity (%s): time(100,000 elements)/time(50,000) in 2 +-10%%" % tool, x,
                   None if x is None else 1.8 <= x <= 2.2)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": runs, "notes": notes, "pages": results, "real_pages_geomean": geo,
                       "targets": targets}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
