#!/usr/bin/env python3
"""The web content process's own cost (issue 32): how long `tern
--web-content-process` takes from spawn until it says it is ready (its
sandbox closed, JavaScriptCore loaded), and the memory of an idle one: what
a spare process, and an extra tab, costs. Pages do not run in it yet, so the
extra time to open a page through it is not measured."""
import argparse, json, os, socket, statistics, struct, subprocess, time

READY, SHUTDOWN, VERSION = 1, 2, 1


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tern", required=True)
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
        channel.sendall(struct.pack("<IHHI", 0, VERSION, SHUTDOWN, 1))
        process.wait(timeout=10)
        channel.close()
    result = {"ready_ms": statistics.median(ready), "idle_rss_mb": statistics.median(rss),
              "address_space_mb": statistics.median(vsize), "runs": args.runs}
    print("Web content process (issue 32): median of %d launches" % args.runs)
    print("  spawn to ready (sandbox closed, JavaScriptCore loaded)  %6.1f ms" % result["ready_ms"])
    print("  idle memory (an extra tab's floor, RSS)                 %6.1f MB" % result["idle_rss_mb"])
    print("  address space reserved (JavaScriptCore's cages, JIT)    %6.0f MB" % result["address_space_mb"])
    print("  opening a page through it: not measured (pages do not run in it yet)")
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
