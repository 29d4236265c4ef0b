#!/usr/bin/env python3
"""The web content process's cost (issue 32): how long `tern
--web-content-process` takes from spawn until it says it is ready (its
sandbox closed, JavaScriptCore loaded), the memory of an idle one (what a
spare process, and an extra tab, costs), and what running a page in one
costs: `tern --dump` of the corpus's tiny page and of its large pages, in
process and with `--content-process`. A dump has no time to start a spare
ahead, so its content-process time includes a spawn; the cost of opening a
page with a spare ready is that difference less the spawn-to-ready time."""
import argparse, json, os, socket, statistics, struct, subprocess, time

READY, SHUTDOWN, VERSION = 1, 2, 3


def launch(tern):
    parent, child = socket.socketpair()
    end = child.fileno()
    start = time.perf_counter()
    # The child's end becomes its descriptor 3 (preexec_fn runs before the
    # other descriptors are closed; 3 and the end itself are kept).
    process = subprocess.Popen([tern, "--web-content-process", str(2 << 30)], pass_fds=(end, 3) if end != 3 else (3,),
                               preexec_fn=(lambda: os.dup2(end, 3)) if end != 3 else None,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child.close()
    header = b""
    parent.settimeout(30)
    while len(header) < 12:
        chunk = parent.recv(12 - len(header))
        if not chunk:
            raise RuntimeError("the content process closed its socket before it was ready")
        header += chunk
    length, version, kind, sequence = struct.unpack("<IHHI", header)
    if (version, kind, sequence) != (VERSION, READY, 1):
        raise RuntimeError("unexpected first frame %r" % ((version, kind, sequence),))
    payload = b""
    while len(payload) < length:
        payload += parent.recv(length - len(payload))
    ready_ms = (time.perf_counter() - start) * 1000
    return process, parent, ready_ms


def memory(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmSize"):
                fields[key] = int(value.split()[0]) / 1024
    return fields


def dump_ms(tern, page, content_process, runs):
    """The median wall time of `tern --dump` of `page`, in ms."""
    times = []
    for _ in range(runs):
        command = [tern, "--dump", "--width", "80", "--timeout", "1000"] + (["--content-process"] if content_process else []) + [page]
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def pages_in(corpus, group):
    folder = os.path.join(corpus, group)
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".html"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tern", required=True)
    parser.add_argument("--corpus")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--json")
    args = parser.parse_args()
    ready, rss, vsize = [], [], []
    for _ in range(args.runs):
        try:
            process, channel, ms = launch(args.tern)
        except (RuntimeError, OSError, struct.error) as error:
            # A tern without a content mode (an older build measured for comparison).
            print("Web content process (issue 32): not measured: %s" % error)
            return
        time.sleep(0.05)  # idle: its helper threads settled
        fields = memory(process.pid)
        ready.append(ms)
        rss.append(fields["VmRSS"])
        vsize.append(fields["VmSize"])
        channel.sendall(struct.pack("<IHHIQ", 8, VERSION, SHUTDOWN, 1, 0))  # the frame is for page 0: the process
        process.wait(timeout=10)
        channel.close()
    result = {"ready_ms": statistics.median(ready), "idle_rss_mb": statistics.median(rss),
              "address_space_mb": statistics.median(vsize), "runs": args.runs}
    print("Web content process (issue 32): median of %d launches" % args.runs)
    print("  spawn to ready (sandbox closed, JavaScriptCore loaded)  %6.1f ms" % result["ready_ms"])
    print("  idle memory (an extra tab's floor, RSS)                 %6.1f MB" % result["idle_rss_mb"])
    print("  address space reserved (JavaScriptCore's cages, JIT)    %6.0f MB" % result["address_space_mb"])
    if args.corpus:
        tiny = pages_in(args.corpus, "tiny")[:1]
        large = pages_in(args.corpus, "large")
        if tiny:
            alone = dump_ms(args.tern, tiny[0], False, args.runs)
            through = dump_ms(args.tern, tiny[0], True, args.runs)
            result["tiny_dump_ms"] = alone
            result["tiny_dump_content_process_ms"] = through
            result["open_cost_with_spare_ms"] = through - alone - result["ready_ms"]
            print("  --dump of the tiny page: in process %.1f ms, through a content process %.1f ms" % (alone, through))
            print("  opening a page through one, a spare ready (that less spawn to ready)  %6.1f ms  (target <= 5 ms)"
                  % result["open_cost_with_spare_ms"])
        ratios = []
        for page in large:
            alone = dump_ms(args.tern, page, False, max(1, args.runs // 5))
            through = dump_ms(args.tern, page, True, max(1, args.runs // 5))
            ratios.append(through / alone)
            print("  --dump %-28s in process %7.1f ms, content process %7.1f ms  (%.3fx)"
                  % (os.path.basename(page), alone, through, through / alone))
        if ratios:
            result["large_dump_ratio"] = statistics.geometric_mean(ratios)
            print("  --dump of the large pages through a content process: geometric mean %.3fx in process  (target <= 1.10x)"
                  % result["large_dump_ratio"])
    if args.json:
        try:
            with open(args.json) as f:
                data = json.load(f)
        except (OSError, ValueError):
            data = {}
        data["content_process"] = result
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
