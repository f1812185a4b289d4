#!/usr/bin/env python3
"""Whole-process time of `haifu verify DIR --jobs 1 --format json`, paired: the binaries given
run alternately, RUNS times each, and the median and spread of each are printed, wall time and
CPU time (user + system, from `wait4`). With `CPU=N` in the environment every run is pinned to
core N (`taskset -c N`), which steadies the times on a shared host.

    [CPU=N] scripts/process-time.py DIR RUNS BINARY...
"""
import os
import statistics
import subprocess
import sys
import time

folder, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
pin = ["taskset", "-c", os.environ["CPU"]] if "CPU" in os.environ else []
wall = {b: [] for b in binaries}
cpu = {b: [] for b in binaries}
for _ in range(runs):
    for b in binaries:
        start = time.perf_counter()
        child = subprocess.Popen(pin + [b, "verify", folder, "--jobs", "1", "--format", "json"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        wall[b].append(time.perf_counter() - start)
        cpu[b].append(usage.ru_utime + usage.ru_stime)
for b in binaries:
    w, c = sorted(wall[b]), sorted(cpu[b])
    print(f"{b}: wall median {statistics.median(w):.3f} s, min {w[0]:.3f} s, max {w[-1]:.3f} s; "
          f"CPU median {statistics.median(c):.3f} s, min {c[0]:.3f} s over {runs} runs")
