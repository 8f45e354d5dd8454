#!/usr/bin/env python3
"""Time shell commands round-robin (A, B, A, B, ...) after warm-up runs, so that load from
other processes on the machine hits every command alike; print each command's median and
mean, and the ratio of each command's median to the first one's.

usage: alternate.py RUNS WARMUP 'reference command' 'command' [...]
"""
import statistics
import subprocess
import sys
import time

runs, warmup, commands = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
times = [[] for _ in commands]
for i in range(warmup + runs):
    for k, command in enumerate(commands):
        start = time.perf_counter()
        subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL)
        if i >= warmup:
            times[k].append(time.perf_counter() - start)
ref = statistics.median(times[0])
for command, xs in zip(commands, times):
    med = statistics.median(xs)
    print(f"  {command:<58} median {med*1000:8.1f} ms  mean {statistics.mean(xs)*1000:8.1f} ms  {med/ref:5.2f}x")
