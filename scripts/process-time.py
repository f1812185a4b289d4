#!/usr/bin/env python3
"""Whole-process time of `haifu verify DIR --jobs 1 --format json`, paired: the binaries given
run alternately, RUNS times each, and the median and spread of each are printed.

    scripts/process-time.py DIR RUNS BINARY...
"""
import statistics
import subprocess
import sys
import time

folder, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
times = {b: [] for b in binaries}
for _ in range(runs):
    for b in binaries:
        start = time.perf_counter()
        subprocess.run([b, "verify", folder, "--jobs", "1", "--format", "json"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[b].append(time.perf_counter() - start)
for b, t in times.items():
    t.sort()
    print(f"{b}: median {statistics.median(t):.3f} s, min {t[0]:.3f} s, max {t[-1]:.3f} s over {runs} runs")
