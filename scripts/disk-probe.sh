#!/usr/bin/env bash
# Usage: scripts/disk-probe.sh [seconds (default 60)] [syncs per second (default 500)] [directory (default ./target)]
#
# Measures the disk alone, without sled or the server: the stalls that every durable write
# of ours inherits. It writes 16 KiB into a pre-written 64 MiB file in DIRECTORY and calls
# fdatasync, at a steady rate (what one group-commit flush amounts to in I/O), and prints, for
# each 10 s window, the syncs, the slowest, how many took 50 ms or more, and their time beyond
# 50 ms.
#
# Why that last number: wrk corrects for coordinated omission. A stall of T ms under C
# connections adds about C * (T - 50) / interval samples over 50 ms, out of C * window /
# interval in all; so once the stalls of a window add up to more than 1 % of it beyond 50 ms
# (100 ms in a 10 s window), the p99 of any write that waits for this disk is over 50 ms, however
# fast the server is. Such windows are marked. The file is removed at the end; nothing leaves
# the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

exec python3 - "${1:-60}" "${2:-500}" "${3:-./target}" <<'PY'
import os, sys, tempfile, time

seconds, rate, directory = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
WINDOW, BLOCK, REGION = 10.0, 16 * 1024, 64 * 1024 * 1024
os.makedirs(directory, exist_ok=True)
fd, path = tempfile.mkstemp(prefix="disk-probe-", dir=directory)
try:
    block = os.urandom(BLOCK)
    # Pre-written, so the timed writes overwrite blocks the file system has already allocated.
    for offset in range(0, REGION, BLOCK):
        os.pwrite(fd, block, offset)
    os.fsync(fd)
    print(f"fdatasync of 16 KiB writes at {rate:g}/s for {seconds} s in {os.path.abspath(directory)}")
    print(f"{'window':>9} | {'syncs':>6} | {'median':>8} | {'max':>9} | {'>= 50 ms':>8} | {'beyond 50 ms':>12} | p99 > 50 ms possible")
    start = time.monotonic()
    offset, windows, marked = 0, 0, 0
    while (window_start := time.monotonic()) - start < seconds:
        latencies, beyond = [], 0.0
        next_at = window_start
        while time.monotonic() - window_start < WINDOW:
            began = time.monotonic()
            os.pwrite(fd, block, offset)
            os.fdatasync(fd)
            took = (time.monotonic() - began) * 1000
            latencies.append(took)
            beyond += max(0.0, took - 50)
            offset = (offset + BLOCK) % REGION
            next_at += 1 / rate
            pause = next_at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            else:
                next_at = time.monotonic()
        latencies.sort()
        windows += 1
        failing = beyond > WINDOW * 1000 * 0.01
        marked += failing
        first = window_start - start
        print(f"{first:4.0f}-{first + WINDOW:<4.0f} | {len(latencies):6d} | {latencies[len(latencies) // 2]:6.2f}ms | "
              f"{latencies[-1]:7.1f}ms | {sum(t >= 50 for t in latencies):8d} | {beyond:10.0f}ms | {'yes' if failing else 'no'}")
    print(f"{marked} of {windows} windows had enough stalls for a p99 over 50 ms on their own")
finally:
    os.close(fd)
    os.unlink(path)
PY
