#!/usr/bin/env python3
"""`make bench`, part 2: the interactive browser's time per scroll step and
per link move on the largest corpus page, in a real terminal (tmux).

tern writes the time from reading each key to the drawn screen to the file
named by TERN_KEY_TIMING_LOG; keys are sent one at a time, 40 ms apart, so
each is handled and drawn on its own. Target: under 5 ms median.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def tmux(socket, *args, capture=False):
    result = subprocess.run(["tmux", "-L", socket, *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True)
    return result.stdout if capture else ""


def largest_page(corpus, containing=""):
    best = None
    for root, _, files in os.walk(corpus):
        for name in files:
            if name.endswith((".html", ".htm")) and containing in name:
                path = os.path.join(root, name)
                size = os.path.getsize(path)
                if best is None or size > best[0]:
                    best = (size, path)
    return best[1] if best else None


def measure(tern, page, steps, extra=""):
    """Runs tern on `page` in tmux and returns the per-key times for j and Tab."""
    socket = f"tern-bench-{os.getpid()}"
    samples = {"j": [], "tab": []}
    with tempfile.TemporaryDirectory() as work:
        log = os.path.join(work, "keys.log")
        command = (f"env TERM=xterm-256color LANG=C.UTF-8 XDG_DATA_HOME={work}/profile "
                   f"TERN_KEY_TIMING_LOG={log} {tern} --no-js {extra} {page}; sleep 600")
        tmux(socket, "-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "132", "-y", "50", "sh", "-c", command)
        try:
            deadline = time.time() + 300
            while time.time() < deadline:
                top = tmux(socket, "capture-pane", "-p", "-t", "main", capture=True).split("\n")[0]
                if top.strip() and "[loading]" not in top:
                    break
                time.sleep(0.2)
            else:
                print(f"screen bench: {os.path.basename(page)} did not finish loading in 300 s")
                return samples
            time.sleep(1)
            for key in ("j", "Tab"):
                for _ in range(steps):
                    tmux(socket, "send-keys", "-t", "main", key)
                    time.sleep(0.04)
            time.sleep(0.5)
            tmux(socket, "send-keys", "-t", "main", "Q")
        finally:
            time.sleep(0.3)
            tmux(socket, "kill-server")
        if not os.path.exists(log):
            # A tern that did not run the page (an older build without the option measured).
            print(f"screen bench: tern wrote no key times for {os.path.basename(page)} {extra}".rstrip())
            return samples
        with open(log) as f:
            for line in f:
                name, ms = line.split()
                if name in samples:
                    samples[name].append(float(ms))
    return samples


def report(page, samples, how=""):
    size_mb = os.path.getsize(page) / 1e6
    print(f"\n== interactive{how}: {os.path.basename(page)} ({size_mb:.1f} MB), 132x50 terminal, keys one at a time")
    for name, label in (("j", "scroll step (j)"), ("tab", "link move (Tab)")):
        values = samples[name]
        if not values:
            print(f"{label:18s} no samples")
            continue
        median = statistics.median(values)
        verdict = "meets" if median < 5 else "misses"
        print(f"{label:18s} median {median:6.2f} ms  p90 {sorted(values)[int(len(values) * 0.9) - 1]:6.2f} ms  "
              f"({len(values)} samples; {verdict} the 5 ms target)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tern", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--content-process", action="store_true", help="run the page in a content process")
    args = ap.parse_args()
    if subprocess.run(["sh", "-c", "command -v tmux"], stdout=subprocess.DEVNULL).returncode != 0:
        print("screen bench: tmux is missing; skipped")
        return 0
    page = largest_page(args.corpus)
    if page is None:
        print("screen bench: no page in the corpus; skipped")
        return 0
    # The largest page, and the one with the most links (where Tab has work to do).
    pages = [page]
    links = largest_page(args.corpus, containing="links")
    if links and links != page:
        pages.append(links)
    for page in pages:
        extra = "--content-process" if args.content_process else ""
        report(page, measure(args.tern, page, args.steps, extra), " (page in a content process)" if args.content_process else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
