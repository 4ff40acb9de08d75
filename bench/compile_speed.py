#!/usr/bin/env python3
"""Compile-speed benchmark: the same CUDA sources compiled to objects by Drawbridge's nvcc and,
where it is installed, NVIDIA's, in one run, so the ratios hold on a noisy machine.

Each file is compiled with `-c -O3 -arch=sm_80` (the best of --repeat runs per compiler), in
alternation so both see the same machine state. Prints per-file times, the Drawbridge/NVIDIA
ratio (below 1: Drawbridge is faster) and the geometric mean of the ratios. Files either
compiler rejects (tests of error messages, Drawbridge-only behaviour) are listed and left out.

usage: compile_speed.py [--drawbridge NVCC] [--nvidia NVCC] [--repeat N] [files...]
Default files: tests/cuda/*.cu and bench/compile_inputs/*.cu.
"""
import argparse
import glob
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def compile_seconds(nvcc, source, output, env):
    start = time.perf_counter()
    result = subprocess.run([nvcc, "-c", "-O3", "-arch=sm_80", source, "-o", output],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    elapsed = time.perf_counter() - start
    return elapsed if result.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--drawbridge", default=os.path.join(ROOT, "build/toolkit/bin/nvcc"))
    parser.add_argument("--nvidia", default=shutil.which("nvcc", path="/usr/local/cuda/bin"))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "tests/cuda/*.cu")) +
                                 glob.glob(os.path.join(ROOT, "bench/compile_inputs/*.cu")))
    if not args.nvidia:
        print("NVIDIA's nvcc is not installed: Drawbridge's times only")
    env = dict(os.environ, DRAWBRIDGE_CPU_THREADS="1")
    ratios, skipped = [], []
    total = {"drawbridge": 0.0, "nvidia": 0.0}
    with tempfile.TemporaryDirectory() as scratch:
        output = os.path.join(scratch, "out.o")
        print(f"{'file':44} {'drawbridge':>10} {'nvidia':>10} {'ratio':>7}")
        for source in files:
            ours, theirs = [], []
            for _ in range(args.repeat):
                ours.append(compile_seconds(args.drawbridge, source, output, env))
                if args.nvidia:
                    theirs.append(compile_seconds(args.nvidia, source, output, env))
            name = os.path.relpath(source, ROOT)
            if None in ours or None in theirs:
                skipped.append(name)
                continue
            best_ours = min(ours)
            total["drawbridge"] += best_ours
            if not args.nvidia:
                print(f"{name:44} {best_ours:10.2f}")
                continue
            best_theirs = min(theirs)
            total["nvidia"] += best_theirs
            ratios.append(best_ours / best_theirs)
            print(f"{name:44} {best_ours:10.2f} {best_theirs:10.2f} {ratios[-1]:7.2f}")
    print(f"compiled {len(files) - len(skipped)} files; left out (a compiler rejected them): "
          f"{len(skipped)}")
    for name in skipped:
        print(f"  {name}")
    print(f"total seconds: drawbridge {total['drawbridge']:.1f}", end="")
    if ratios:
        geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f", nvidia {total['nvidia']:.1f}")
        print(f"geometric mean of drawbridge/nvidia: {geomean:.2f} ({len(ratios)} files)")
    else:
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
