#!/usr/bin/env python3
"""Measures `tern --dump` against w3m, lynx, links2 and xmllint on the bench corpus.

Each run is one child process, started under GNU time with posix_spawn (stdin
and stdout on /dev/null, stderr on /dev/null, LC_ALL=C.UTF-8, its own session)
and reaped with os.wait4: wall time comes from time.perf_counter around
spawn..reap, peak memory from GNU time's %M (see run_once for why not our own
ru_maxrss). A run past the timeout is killed (its whole process
group) and reported as ">60s". Runs of the tools on one input are interleaved
(run 1 of every tool, then run 2, ...) so that background noise spreads evenly.

Prints three tables (median wall time, peak RSS, tern's ratios), then the targets
with PASS/FAIL, and writes everything to a JSON file. It measures, it does not
gate: the exit status is 0 unless the harness itself broke.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

TIMEOUT = 60.0
# A tool whose runs on one input have taken this long stops early (after at
# least one run): w3m spends ~50 s and 5 GB on the 50,000-row table.
BUDGET_PER_CELL = 25.0

RUNS = {"tiny": 20, "large": 5, "stress": 5, "sample": 5, "linearity": 5, "batch": 1}
QUICK_RUNS = {"tiny": 5, "large": 1, "stress": 1, "sample": 1, "linearity": 1, "batch": 1}
BATCH_QUICK_FILES = 40

REFERENCE_TOOLS = ["libxml2", "links2", "w3m", "lynx"]
GNU_TIME = "/usr/bin/time"
RSS_DIR = None  # a private temporary folder, made in main()


# ---------------------------------------------------------------- running one process

class Alarm(Exception):
    pass


def run_once(argv, env, timeout=TIMEOUT, stderr_path=os.devnull):
    """Runs argv once. Returns (status, seconds, maxrss_kb, exit_code, cpu_seconds).

    cpu_seconds: user + system time of the command and every thread of it
    (GNU time's own is a fraction of a millisecond), None after a timeout.

    status: "ok" (exit 0), "error" (non-zero exit or killed by a signal),
    "timeout" (killed at `timeout` seconds; seconds is then None).

    Peak memory comes from GNU time's %M, not from our own wait4: on Linux a
    process inherits its parent's RSS high-water mark through fork/vfork + exec
    (posix_spawn from this Python shows every tool at Python's own peak), while
    GNU time's child starts from time's ~1 MB."""
    rss_file = os.path.join(RSS_DIR, "rss")
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    full = [GNU_TIME, "-f", "%M", "-o", rss_file, *argv]
    timed_out = False
    pid = None

    def on_alarm(signum, frame):
        nonlocal timed_out
        timed_out = True
        if pid is not None:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    old = signal.signal(signal.SIGALRM, on_alarm)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(full[0], full, env, file_actions=actions, setsid=True)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        _, wstatus, usage = os.wait4(pid, 0)  # retried after the alarm's handler (PEP 475)
        elapsed = time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    # Anything the tool left behind in its process group goes too.
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    rss = None
    try:
        with open(rss_file) as f:
            lines = f.read().split()
        rss = int(lines[-1]) if lines and lines[-1].isdigit() else None
        os.unlink(rss_file)
    except (OSError, ValueError):
        pass
    if timed_out:
        return "timeout", None, rss, None, None
    code = os.waitstatus_to_exitcode(wstatus)
    if rss is None and code == 0:
        raise SystemExit("bench: GNU time gave no %%M for %s" % " ".join(argv))
    return ("ok" if code == 0 else "error"), elapsed, rss, code, usage.ru_utime + usage.ru_stime


def failure_message(argv, env):
    """Runs a failed command once more, keeping its stderr, for the report."""
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "tern-bench-stderr.txt")
    try:
        status, _, _, code, _ = run_once(argv, env, stderr_path=path)
        with open(path, "rb") as f:
            text = f.read()[-2000:].decode("utf-8", "replace").strip()
        os.unlink(path)
        lines = [line for line in text.splitlines() if line.strip()]
        return "exit %s: %s" % (code, " | ".join(lines[-3:])) if status != "timeout" else "timeout"
    except OSError as e:
        return str(e)


# ---------------------------------------------------------------- tools and inputs

def tool_commands(args, tern_width, tern_timeout):
    """name -> function(file) -> argv."""
    width = ["--width", "80"] if tern_width else []
    # tern's own page timeout (30 s by default) raised to the harness's, so that a
    # slow page shows as ">60s" like the other tools, not as tern's own error.
    if tern_timeout:
        width += ["--timeout", "%d" % TIMEOUT]
    tools = {"tern": lambda f: [args.tern, "--dump", *width, f]}
    if args.tern_static:
        tools["tern-static"] = lambda f: [args.tern_static, "--dump", *width, f]
    w3m, lynx, links2, xmllint = (shutil.which(t) for t in ("w3m", "lynx", "links2", "xmllint"))
    missing = [n for n, p in (("w3m", w3m), ("lynx", lynx), ("links2", links2), ("xmllint", xmllint)) if not p]
    if missing:
        raise SystemExit("bench: missing tools: " + ", ".join(missing))
    # w3m: -T text/html so that the type never depends on the file name.
    tools["w3m"] = lambda f: [w3m, "-dump", "-cols", "80", "-T", "text/html", f]
    # lynx's defaults (a numbered reference list at the end) are kept: tern prints references too.
    tools["lynx"] = lambda f: [lynx, "-dump", "-width=80", f]
    tools["links2"] = lambda f: [links2, "-dump", "-width", "80", f]
    tools["libxml2"] = lambda f: [xmllint, "--html", "--huge", "--noout", f]
    return tools


def read_manifest(corpus):
    entries = []
    with open(os.path.join(corpus, "MANIFEST"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            entries.append({"file": parts[0], "package": parts[1], "bytes": int(parts[2]), "origin": parts[3]})
    return entries


def doubled(corpus, rel):
    """A copy of corpus/rel whose body appears twice (for the linearity check)."""
    src = os.path.join(corpus, rel)
    out_dir = os.path.join(corpus, "derived")
    os.makedirs(out_dir, exist_ok=True)
    name = os.path.basename(rel).replace(".html", "_x2.html")
    dst = os.path.join(out_dir, name)
    if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
        return dst
    with open(src, "rb") as f:
        data = f.read()
    m = re.search(rb"<body[^>]*>", data, re.I)
    end = data.lower().rfind(b"</body>")
    if not m or end < m.end():
        raise SystemExit("bench: cannot find the body of " + src)
    body = data[m.end():end]
    with open(dst + ".tmp", "wb") as f:
        f.write(data[:m.end()] + body + body + data[end:])
    os.replace(dst + ".tmp", dst)
    return dst


def build_inputs(corpus, quick, only):
    manifest = read_manifest(corpus)
    runs = QUICK_RUNS if quick else RUNS
    kinds = {"tiny": "tiny", "large": "large", "stress": "stress", "samples": "sample"}
    inputs, batch = [], []
    for e in manifest:
        top = e["file"].split("/")[0]
        if top == "batch":
            batch.append(os.path.join(corpus, e["file"]))
        elif top in kinds:
            kind = kinds[top]
            name = os.path.splitext(os.path.basename(e["file"]))[0]
            inputs.append({"name": name, "kind": kind, "files": [os.path.join(corpus, e["file"])],
                           "bytes": e["bytes"], "runs": runs[kind]})
    order = {"tiny": 0, "large": 1, "sample": 2, "stress": 3}
    inputs.sort(key=lambda i: order[i["kind"]])
    if batch:
        if quick:
            step = max(1, len(batch) // BATCH_QUICK_FILES)
            batch = batch[::step][:BATCH_QUICK_FILES]
        inputs.append({"name": "batch_%d_pages" % len(batch), "kind": "batch", "files": batch,
                       "bytes": sum(os.path.getsize(f) for f in batch), "runs": runs["batch"]})
    para = next((e["file"] for e in manifest if e["file"].startswith("stress/paragraphs")), None)
    if para:
        path = doubled(corpus, para)
        name = os.path.splitext(os.path.basename(path))[0]
        inputs.append({"name": name, "kind": "linearity", "files": [path], "bytes": os.path.getsize(path),
                       "runs": runs["linearity"], "single": os.path.splitext(os.path.basename(para))[0]})
    if only:
        inputs = [i for i in inputs if re.search(only, i["name"])]
    return inputs


def tools_for(kind, all_tools):
    """The static tern variant only where start-up matters; every tool elsewhere."""
    if kind in ("tiny", "batch"):
        return all_tools
    return [t for t in all_tools if t != "tern-static"]


# ---------------------------------------------------------------- measuring

def measure_input(inp, tools, env, log):
    names = tools_for(inp["kind"], list(tools))
    cells = {n: {"times": [], "cpu": [], "rss_kb": [], "status": "ok", "note": None} for n in names}
    for path in inp["files"]:  # the files' bytes into the page cache first
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass
    for r in range(inp["runs"]):
        for n in names:
            c = cells[n]
            if c["status"] != "ok":
                continue
            if r > 0 and sum(c["times"]) >= BUDGET_PER_CELL:
                continue  # enough of a slow tool: keep the bench within its time
            if inp["kind"] == "batch":
                total, cpu_total, peak = 0.0, 0.0, 0
                for path in inp["files"]:
                    argv = tools[n](path)
                    status, secs, rss, code, cpu = run_once(argv, env)
                    peak = max(peak, rss or 0)
                    if status != "ok":
                        c["status"] = status
                        c["note"] = "%s: %s" % (os.path.basename(path), failure_message(argv, env)
                                                if status == "error" else ">%ds" % TIMEOUT)
                        break
                    total += secs
                    cpu_total += cpu
                if c["status"] == "ok":
                    c["times"].append(total)
                    c["cpu"].append(cpu_total)
                if peak:
                    c["rss_kb"].append(peak)
            else:
                argv = tools[n](inp["files"][0])
                status, secs, rss, code, cpu = run_once(argv, env)
                if rss is not None:
                    c["rss_kb"].append(rss)
                if status == "ok":
                    c["times"].append(secs)
                    c["cpu"].append(cpu)
                else:
                    c["status"] = status
                    c["note"] = failure_message(argv, env) if status == "error" else ">%ds" % TIMEOUT
    for n, c in cells.items():
        c["runs"] = len(c["times"])
        c["median_s"] = statistics.median(c["times"]) if c["times"] and c["status"] == "ok" else None
        c["min_s"] = min(c["times"]) if c["times"] and c["status"] == "ok" else None
        c["median_cpu_s"] = statistics.median(c["cpu"]) if c["cpu"] and c["status"] == "ok" else None
        c["peak_rss_kb"] = max(c["rss_kb"]) if c["rss_kb"] else None
        if c["status"] != "ok":
            log("  %-12s %s %s" % (n, c["status"], c["note"] or ""))
    return cells


# ---------------------------------------------------------------- formatting

def fmt_time(cell):
    if cell is None:
        return "-"
    if cell["status"] == "timeout":
        return ">%ds" % TIMEOUT
    if cell["status"] == "error":
        return "error"
    s = cell["median_s"]
    text = "%.1fms" % (s * 1000) if s < 0.1 else "%.3fs" % s if s < 10 else "%.1fs" % s
    return text + ("*" if cell["runs"] < cell.get("planned", cell["runs"]) else "")


def fmt_seconds(s):
    return "-" if s is None else "%.1fms" % (s * 1000) if s < 0.1 else "%.3fs" % s if s < 10 else "%.1fs" % s


def fmt_rss(cell):
    if cell is None or cell["peak_rss_kb"] is None:
        return "-"
    kb = cell["peak_rss_kb"]
    text = "%.1fM" % (kb / 1024) if kb < 1024 * 1000 else "%.2fG" % (kb / 1024 / 1024)
    return (">" if cell["status"] == "timeout" else "") + text


def ratio(a, b):
    if a is None or b is None or b <= 0:
        return None
    return a / b


def geomean(xs):
    """The geometric mean of the positive numbers in xs (None when there are none)."""
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt_ratio(x, timeout_other=False):
    if timeout_other:
        return "<" + "1"  # the other tool timed out; tern did not
    return "-" if x is None else "%.2f" % x


def table(title, header, rows, out):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    out(title)
    line = "  ".join(str(h).ljust(widths[0]) if i == 0 else str(h).rjust(widths[i]) for i, h in enumerate(header))
    out(line)
    out("-" * len(line))
    for r in rows:
        out("  ".join(str(v).ljust(widths[0]) if i == 0 else str(v).rjust(widths[i]) for i, v in enumerate(r)))
    out("")


def merge_json(path, key, value):
    """Sets report[key] = value in the JSON report at path (made when missing), atomically:
    the bench's other scripts (realpages.py, callgrind.py) add their sections to
    measure.py's .build/bench-results.json this way."""
    report = {}
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError):
        pass
    report[key] = value
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    os.replace(path + ".tmp", path)


# ---------------------------------------------------------------- main

def tool_version(argv):
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
        text = (p.stdout or p.stderr).strip().splitlines()
        return text[0].strip() if text else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tern", required=True)
    ap.add_argument("--tern-static")
    ap.add_argument("--static-note")
    ap.add_argument("--tern-given", action="store_true",
                    help="--tern was given by BENCH_TERN: not necessarily built from this checkout")
    ap.add_argument("--json", required=True)
    ap.add_argument("--only")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()

    def out(s=""):
        print(s, flush=True)

    def log(s):
        print(s, file=sys.stderr, flush=True)

    global RSS_DIR
    RSS_DIR = tempfile.mkdtemp(prefix="tern-bench-")
    try:
        return measure_all(args, out, log)
    finally:
        shutil.rmtree(RSS_DIR, ignore_errors=True)


def measure_all(args, out, log):
    env = dict(os.environ)
    env["LC_ALL"] = "C.UTF-8"
    env.pop("LANGUAGE", None)

    help_text = subprocess.run([args.tern, "--help"], capture_output=True, text=True, env=env).stdout
    tern_width = "--width" in help_text
    tools = tool_commands(args, tern_width, "--timeout" in help_text)
    inputs = build_inputs(args.corpus, args.quick, args.only)
    if not inputs:
        raise SystemExit("bench: no inputs (check --only and the corpus MANIFEST)")

    started = time.time()
    load_before = os.getloadavg()
    # Warm every binary (and its shared libraries) into the page cache.
    tiny = next((i["files"][0] for i in inputs if i["kind"] == "tiny"), inputs[0]["files"][0])
    for n in tools:
        run_once(tools[n](tiny), env)

    # The harness's own cost per run (spawning GNU time and /bin/true): included in every time.
    true = shutil.which("true") or "/bin/true"
    floor_runs = [run_once([true], env) for _ in range(20)]
    floor_s = statistics.median(r[1] for r in floor_runs)
    floor_kb = max(r[2] for r in floor_runs)

    results = []
    for inp in inputs:
        log("  %s (%s, %d bytes, %d file%s, %d run%s)" % (
            inp["name"], inp["kind"], inp["bytes"], len(inp["files"]), "" if len(inp["files"]) == 1 else "s",
            inp["runs"], "" if inp["runs"] == 1 else "s"))
        t0 = time.time()
        cells = measure_input(inp, tools, env, log)
        for c in cells.values():
            c["planned"] = inp["runs"]
        results.append({**{k: v for k, v in inp.items() if k != "files"},
                        "files": len(inp["files"]) if inp["kind"] == "batch" else os.path.relpath(inp["files"][0], args.corpus),
                        "tools": cells, "seconds_spent": round(time.time() - t0, 2)})
    # Pure start-up, no page: `tern --help` of both builds, interleaved.
    probe = None
    if "tern-static" in tools:
        n = 5 if args.quick else 20
        pt = {"tern": [], "tern-static": []}
        for _ in range(n):
            for name, binary in (("tern", args.tern), ("tern-static", args.tern_static)):
                status, secs, _, _, _ = run_once([binary, "--help"], env)
                if status == "ok":
                    pt[name].append(secs)
        probe = {k: {"median_s": statistics.median(v) if v else None, "min_s": min(v) if v else None, "runs": len(v)}
                 for k, v in pt.items()}
    elapsed = time.time() - started
    load_after = os.getloadavg()

    # ---- tables
    by_name = {r["name"]: r for r in results}
    tool_names = list(tools)
    out("")
    out("tern bench: %s, %d cores, load average %.2f at start / %.2f at end, %.0f s%s" % (
        datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), os.cpu_count() or 0,
        load_before[0], load_after[0], elapsed, ", QUICK (1 run each)" if args.quick else ""))
    if args.tern_given:
        out("tern: the binary given by BENCH_TERN (not built from this checkout)")
    out("tern: %s%s" % (" ".join(tools["tern"]("FILE")),
                        "" if tern_width else "  (no --width flag yet: tern's own width)"))
    out("'*' = fewer runs than planned (a slow tool), '-' = not run")
    out("harness floor (GNU time + /bin/true, included in every figure): %.1fms, %.1fM" % (
        floor_s * 1000, floor_kb / 1024))
    out("")
    rows = [[r["name"], "%.0fK" % (r["bytes"] / 1024), r["kind"] if r["kind"] != "batch" else "batch(sum)"]
            + [fmt_time(r["tools"].get(t)) for t in tool_names] for r in results]
    table("Median wall time", ["input", "size", "kind"] + tool_names, rows, out)
    # tern uses a second core (it faults heap pages in ahead and lays a large
    # page's lines out while the page is still being built): its CPU time is
    # shown beside its wall time, and libxml2's for scale.
    rows = [[r["name"]] + [fmt_seconds((r["tools"].get(t) or {}).get("median_cpu_s")) for t in ("tern", "libxml2")]
            + [fmt_seconds((r["tools"].get("tern") or {}).get("median_s"))] for r in results]
    table("Median CPU time (user + system, all threads)", ["input", "tern", "libxml2", "tern wall"], rows, out)
    rows = [[r["name"]] + [fmt_rss(r["tools"].get(t)) for t in tool_names] for r in results]
    table("Peak RSS (max over runs; batch: max over pages)", ["input"] + tool_names, rows, out)

    ratio_rows = []
    for r in results:
        t = r["tools"]["tern"]
        row = [r["name"]]
        entry = {}
        for other in REFERENCE_TOOLS:
            o = r["tools"].get(other)
            x = ratio(t["median_s"], o["median_s"]) if o else None
            entry["time_vs_" + other] = x
            row.append(fmt_ratio(x, o is not None and o["status"] == "timeout" and t["status"] == "ok"))
        w = r["tools"].get("w3m")
        m = ratio(t["peak_rss_kb"], w["peak_rss_kb"]) if w and t["status"] == "ok" else None
        entry["mem_vs_w3m"] = m
        row.append(fmt_ratio(m))
        r["tern_ratios"] = entry
        ratio_rows.append(row)
    # The large pages' geometric means: the figures the large-page targets are set on.
    large = [r for r in results if r["kind"] == "large"]
    large_geo = None
    if large:
        large_geo = {"pages": [r["name"] for r in large]}
        row = ["geomean (%d large)" % len(large)]
        for key in ["time_vs_" + o for o in REFERENCE_TOOLS] + ["mem_vs_w3m"]:
            xs = [r["tern_ratios"][key] for r in large]
            g = geomean(xs)
            large_geo[key] = g
            large_geo[key + "_pages"] = sum(1 for x in xs if x is not None and x > 0)
            row.append(fmt_ratio(g))
        ratio_rows.append(row)
    table("tern's ratios (tern / other; below 1 = tern better)",
          ["input"] + ["t/" + o for o in REFERENCE_TOOLS] + ["mem/w3m"], ratio_rows, out)

    # ---- targets
    targets = []

    def target(name, passed, detail):
        targets.append({"target": name, "result": "PASS" if passed else "FAIL" if passed is not None else "N/A",
                        "detail": detail})

    def med(r, tool):
        c = r["tools"].get(tool)
        return c["median_s"] if c else None

    def geo_target(label, key, limit, what):
        """A target on a geometric mean over the large pages (issue 28)."""
        g, n = large_geo[key], large_geo[key + "_pages"]
        missing = len(large) - n
        detail = "geomean %s over %d page%s%s" % (
            "-" if g is None else "%.2f" % g, n, "" if n == 1 else "s",
            "" if not missing else " (%d without a figure for %s)" % (missing, what))
        target(label, None if g is None else g <= limit, detail)

    if large:
        geo_target("large pages: tern / libxml2 parse, geomean <= 1.5", "time_vs_libxml2", 1.5, "libxml2")
        geo_target("large pages: tern / links2, geomean <= 1.0", "time_vs_links2", 1.0, "links2")
        geo_target("large pages: tern / w3m, geomean <= 1.0", "time_vs_w3m", 1.0, "w3m")
        bad, checked = [], 0
        for r in large:
            tt, x = r["tools"]["tern"], r["tern_ratios"]["time_vs_w3m"]
            w3m_timeout = r["tools"]["w3m"]["status"] == "timeout"
            if tt["status"] == "ok" and w3m_timeout:
                checked += 1  # w3m gave up and tern did not
                continue
            if x is None and tt["status"] == "ok":
                continue  # w3m failed: no figure to compare with
            checked += 1
            if x is None or x > 1.0:
                bad.append("%s %s" % (r["name"], "%.2fx" % x if x is not None else fmt_time(tt)))
        target("large pages: tern / w3m <= 1.0 on every page", not bad if checked else None,
               ("over on: " + ", ".join(bad)) if bad else "%d of %d pages checked" % (checked, len(large)))
        geo_target("large pages: peak RSS tern / w3m, geomean <= 1.2", "mem_vs_w3m", 1.2, "w3m")
    table50 = next((r for r in results if r["name"].startswith("table_50k")), None)
    if table50:
        tt = med(table50, "tern")
        target("50,000-row table: tern under 0.5 s", tt is not None and tt < 0.5, fmt_time(table50["tools"]["tern"]))
    mem_bad, mem_checked = [], 0
    for r in results:
        t, w = r["tools"]["tern"], r["tools"].get("w3m")
        if not w or t["peak_rss_kb"] is None or w["peak_rss_kb"] is None:
            continue
        mem_checked += 1
        if t["status"] != "ok" or (w["status"] == "ok" and t["peak_rss_kb"] > w["peak_rss_kb"]):
            mem_bad.append("%s %s>%s" % (r["name"], fmt_rss(t), fmt_rss(w)))
    target("tern peak memory <= w3m's (every input)", not mem_bad if mem_checked else None,
           ("over on: " + ", ".join(mem_bad)) if mem_bad else "%d inputs checked" % mem_checked)
    tiny_r = next((r for r in results if r["kind"] == "tiny"), None)
    if tiny_r:
        tt, ww = med(tiny_r, "tern"), med(tiny_r, "w3m")
        x = ratio(tt, ww)
        target("tiny page: tern / w3m <= 1.0 (start-up)", None if x is None else x <= 1.0,
               "%s: tern %s, w3m %s" % ("-" if x is None else "%.2fx" % x,
                                        fmt_time(tiny_r["tools"]["tern"]), fmt_time(tiny_r["tools"]["w3m"])))
    batch_r = next((r for r in results if r["kind"] == "batch"), None)
    if batch_r:
        tt, ww = med(batch_r, "tern"), med(batch_r, "w3m")
        x = ratio(tt, ww)
        target("batch of typical pages: tern / w3m <= 1.0 (sums)", None if x is None else x <= 1.0,
               "%s: tern %s, w3m %s over %d pages" % (
                   "-" if x is None else "%.2fx" % x, fmt_time(batch_r["tools"]["tern"]),
                   fmt_time(batch_r["tools"]["w3m"]), batch_r["files"]))
    for r in results:
        if r["kind"] != "linearity":
            continue
        one = by_name.get(r["single"])
        if not one:
            target("linearity %s/%s <= 2.2" % (r["name"], r["single"]), None, "the 1x page was not measured")
            continue
        r["linearity"] = {t: ratio(med(r, t), med(one, t)) for t in r["tools"]}
        x, ref = r["linearity"].get("tern"), r["linearity"].get("libxml2")
        target("linearity: time(2x)/time(1x) <= 2.2 (%s)" % r["single"], x is not None and x <= 2.2,
               "tern %s (libxml2 %s)" % ("%.2f" % x if x is not None else "-", "%.2f" % ref if ref else "-"))
    static = None
    if "tern-static" in tools and tiny_r:
        a, b = med(tiny_r, "tern"), med(tiny_r, "tern-static")
        batch_r = next((r for r in results if r["kind"] == "batch"), None)
        static = {"tiny_dynamic_s": a, "tiny_static_s": b,
                  "tiny_dynamic_min_s": tiny_r["tools"]["tern"]["min_s"],
                  "tiny_static_min_s": tiny_r["tools"]["tern-static"]["min_s"],
                  "tiny_rss_dynamic_kb": tiny_r["tools"]["tern"]["peak_rss_kb"],
                  "tiny_rss_static_kb": tiny_r["tools"]["tern-static"]["peak_rss_kb"],
                  "batch_dynamic_s": med(batch_r, "tern") if batch_r else None,
                  "batch_static_s": med(batch_r, "tern-static") if batch_r else None,
                  "binary_bytes_dynamic": os.path.getsize(args.tern),
                  "binary_bytes_static": os.path.getsize(args.tern_static)}
        # A verdict only past the noise: 5% and 1 ms faster on both the median and the best run.
        amin, bmin = tiny_r["tools"]["tern"]["min_s"], tiny_r["tools"]["tern-static"]["min_s"]
        if None in (a, b, amin, bmin):
            static["verdict"] = "not measured"
        elif b < a * 0.95 and a - b > 0.001 and bmin < amin * 0.95 and amin - bmin > 0.001:
            static["verdict"] = "static is faster at start-up"
        elif a < b * 0.95 and b - a > 0.001 and amin < bmin * 0.95 and bmin - amin > 0.001:
            static["verdict"] = "static is slower at start-up"
        else:
            static["verdict"] = "no clear start-up difference"
        static["helps"] = static["verdict"] == "static is faster at start-up"
        static["help_probe"] = probe
    elif args.static_note:
        static = {"note": args.static_note}

    out("Targets (measured, not gated)")
    for t in targets:
        out("  %-4s  %-52s %s" % (t["result"], t["target"], t["detail"]))
    if static and "note" not in static:
        out("")
        out("-static-stdlib: tiny page %s -> %s (best run %.1fms -> %.1fms, RSS %s -> %s), batch %s -> %s, "
            "binary %.1f MB -> %.1f MB: %s" % (
            fmt_time(tiny_r["tools"]["tern"]), fmt_time(tiny_r["tools"]["tern-static"]),
            (static["tiny_dynamic_min_s"] or 0) * 1000, (static["tiny_static_min_s"] or 0) * 1000,
            fmt_rss(tiny_r["tools"]["tern"]), fmt_rss(tiny_r["tools"]["tern-static"]),
            "%.3fs" % static["batch_dynamic_s"] if static["batch_dynamic_s"] else "-",
            "%.3fs" % static["batch_static_s"] if static["batch_static_s"] else "-",
            static["binary_bytes_dynamic"] / 1e6, static["binary_bytes_static"] / 1e6,
            static["verdict"]))
        if probe and probe["tern"]["median_s"] and probe["tern-static"]["median_s"]:
            out("  start-up alone (`tern --help`, median/best): %.1f/%.1fms -> %.1f/%.1fms" % (
                probe["tern"]["median_s"] * 1000, probe["tern"]["min_s"] * 1000,
                probe["tern-static"]["median_s"] * 1000, probe["tern-static"]["min_s"] * 1000))
    elif static:
        out("")
        out("-static-stdlib: " + static["note"])
    out("")
    if load_before[0] > 1.0 or load_after[0] > 1.0:
        out("note: the machine was busy (load average above 1): treat these timings as noisy.")

    # ---- JSON
    report = {
        "generated": datetime.datetime.now().isoformat(timespec="seconds"),
        "quick": args.quick,
        "machine": {"cores": os.cpu_count(), "platform": platform.platform(),
                    "load_average_start": load_before, "load_average_end": load_after},
        "seconds": round(elapsed, 1),
        "timeout_s": TIMEOUT,
        "harness_floor": {"seconds": floor_s, "rss_kb": floor_kb},
        "tern": {"binary": args.tern, "given_by_BENCH_TERN": args.tern_given,
                 "commit": None if args.tern_given else git("rev-parse", "HEAD"),
                 "dirty": bool(git("status", "--porcelain", "--untracked-files=no")),
                 "width_flag": tern_width, "static_binary": args.tern_static},
        "commands": {n: " ".join(tools[n]("FILE")) for n in tools},
        "versions": {
            "w3m": tool_version(["w3m", "-version"]),
            "lynx": tool_version(["lynx", "-version"]),
            "links2": tool_version(["links2", "-version"]),
            "libxml2": tool_version(["xmllint", "--version"]),
        },
        "inputs": results,
        "large_geomeans": large_geo,
        "targets": targets,
        "static_stdlib": static,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json + ".tmp", "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
    os.replace(args.json + ".tmp", args.json)
    out("results: " + args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
