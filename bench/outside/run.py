#!/usr/bin/env python3
"""Kernels no one on the team wrote, against hand-written OpenMP: four NVIDIA cuda-samples
programs (a reduction, a tiled matrix product, a separable convolution stencil, a 3D
finite-difference stencil that marches its blocks along z), built
unchanged from a cuda-samples checkout by Drawbridge's nvcc and timed by their own code,
against OpenMP versions of the same computations (<name>_omp.cpp here, built with
clang++ -O3 -march=native -fopenmp) timed the same way, in one run on the same cores.

The samples are not part of this repository: pass the root of a checkout of
https://github.com/NVIDIA/cuda-samples (its Common/ and Samples/ folders). Prints each
program's time under Drawbridge and under OpenMP and their ratio (Drawbridge's time over
OpenMP's: below 1, Drawbridge is faster); a sample that fails its own check shows FAIL.

usage: bench/outside/run.py --cuda-samples DIR [--nvcc PATH] [--repeat N] [--build-dir DIR]
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Each sample: its folder name in the checkout, its sources (paths in that folder), the runs
# to time (a label and the sample's arguments), the line its time is read from (seconds = group
# 1 times `scale`), what it prints when its result is right (None: its exit status says), the
# OpenMP peer, and any include folders and macros of its own build.
SAMPLES = [
    {"name": "reduction", "sources": ["reduction.cpp", "reduction_kernel.cu"],
     "runs": [(f"reduction kernel {k}", [f"--kernel={k}"]) for k in (4, 5, 6, 7)],
     "time": r"Time = ([0-9.]+) s", "scale": 1.0, "pass": "Test passed",
     "peer": "reduction_omp"},
    {"name": "matrixMul", "sources": ["matrixMul.cu"],
     "runs": [("matrixMul (32 x 32 tiles)", [])],
     "time": r"Time= ([0-9.]+) msec", "scale": 1e-3, "pass": "Result = PASS",
     "peer": "matrix_mul_omp"},
    {"name": "convolutionSeparable",
     "sources": ["main.cpp", "convolutionSeparable.cu", "convolutionSeparable_gold.cpp"],
     "runs": [("convolutionSeparable (radius 8)", [])],
     "time": r"Time = ([0-9.]+) s", "scale": 1.0, "pass": "Test passed",
     "peer": "convolution_omp"},
    # GPU_PROFILING is the sample's own switch for timing itself; its default volume on a
    # machine with more than a few GB is 376^3, as the peer's.
    {"name": "FDTD3d",
     "sources": ["src/FDTD3d.cpp", "src/FDTD3dGPU.cu", "src/FDTD3dReference.cpp"],
     "runs": [("FDTD3d (376^3, radius 4)", [])],
     "time": r"Time = ([0-9.]+) s", "scale": 1.0, "pass": None,
     "peer": "fdtd3d_omp", "includes": ["inc"], "defines": ["GPU_PROFILING"]},
]

CUDA_FLAGS = ["-O3", "-arch=sm_80"]
OPENMP_FLAGS = ["-O3", "-march=native", "-fopenmp", "-fno-math-errno"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def find_sample(checkout, sample):
    """The folder of the checkout that holds the sample's sources, or None."""
    for folder, _, _ in os.walk(os.path.join(checkout, "Samples")):
        if os.path.basename(folder) == sample["name"] and all(
                os.path.isfile(os.path.join(folder, source)) for source in sample["sources"]):
            return folder
    return None


def run_command(command, cwd=None, timeout=600):
    """Runs a command; returns (succeeded, combined output)."""
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"TIMEOUT after {timeout} s"
    return result.returncode == 0, result.stdout + result.stderr


def build(args, sample, folder):
    """Builds a sample and its peer; returns (sample binary, peer binary) or an error."""
    binary = os.path.join(args.build_dir, sample["name"])
    ok, output = run_command([args.nvcc, *CUDA_FLAGS, "-I" + os.path.join(args.cuda_samples,
                                                                           "Common"),
                              *["-I" + os.path.join(folder, i) for i in sample.get("includes", [])],
                              *["-D" + d for d in sample.get("defines", [])],
                              *[os.path.join(folder, s) for s in sample["sources"]], "-o",
                              binary])
    if not ok:
        return None, f"building {sample['name']} failed:\n{output}"
    peer = os.path.join(args.build_dir, sample["peer"])
    ok, output = run_command([args.cxx, *OPENMP_FLAGS, os.path.join(HERE, sample["peer"] +
                                                                    ".cpp"), "-o", peer])
    if not ok:
        return None, f"building {sample['peer']} failed:\n{output}"
    return (binary, peer), None


def time_sample(binary, sample, arguments):
    """Seconds the sample reports for one run, or a status word."""
    ok, output = run_command([binary, *arguments], cwd=os.path.dirname(binary))
    if not ok:
        return "CRASH"
    if sample["pass"] is not None and sample["pass"] not in output:
        return "FAIL"
    match = re.search(sample["time"], output)
    return float(match.group(1)) * sample["scale"] if match else "NO TIME"


def time_peer(peer):
    ok, output = run_command([peer])
    match = re.search(r"SECONDS ([0-9.]+)", output) if ok else None
    return float(match.group(1)) if match else "CRASH"


def better(a, b):
    """The faster of two timings (a status word loses to any time)."""
    if isinstance(a, str):
        return b
    if isinstance(b, str):
        return a
    return min(a, b)


def fmt(seconds):
    return seconds if isinstance(seconds, str) else f"{seconds * 1e3:.2f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cuda-samples", required=True,
                        help="root of a cuda-samples checkout (holds Common/ and Samples/)")
    parser.add_argument("--nvcc", default=os.environ.get(
        "NVCC", os.path.join(ROOT, "build/toolkit/bin/nvcc")),
        help="Drawbridge's nvcc (default: $NVCC, else build/toolkit/bin/nvcc)")
    parser.add_argument("--cxx", default=shutil.which("clang++-19") or "clang++",
                        help="the compiler for the OpenMP versions")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each side; the best time counts (default 3)")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build/bench-outside"))
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.cuda_samples, "Common")):
        parser.error(f"{args.cuda_samples} has no Common/ folder: pass the root of a "
                     "cuda-samples checkout")
    os.makedirs(args.build_dir, exist_ok=True)

    rows, failed = [], False
    for sample in SAMPLES:
        folder = find_sample(args.cuda_samples, sample)
        if folder is None:
            log(f"{sample['name']}: not found under {args.cuda_samples}/Samples; skipped")
            continue
        binaries, error = build(args, sample, folder)
        if error:
            log(error)
            failed = True
            continue
        binary, peer = binaries
        for label, arguments in sample["runs"]:
            ours = theirs = "-"
            # Alternate the two sides so that both see the same machine state.
            for _ in range(args.repeat):
                ours = better(ours, time_sample(binary, sample, arguments))
                theirs = better(theirs, time_peer(peer))
            failed |= isinstance(ours, str) or isinstance(theirs, str)
            log(f"  {label}: {fmt(ours)} against {fmt(theirs)}")
            rows.append((label, ours, theirs))

    print(f"{'program':<34}{'Drawbridge':>12}{'OpenMP':>12}{'DB/OMP':>8}")
    ratios = []
    for label, ours, theirs in rows:
        ratio = ours / theirs if not isinstance(ours, str) and not isinstance(theirs, str) else None
        if ratio:
            ratios.append(ratio)
        print(f"{label:<34}{fmt(ours):>12}{fmt(theirs):>12}"
              f"{'-' if ratio is None else f'{ratio:.2f}':>8}")
    if ratios:
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{'geomean':<58}{mean:>8.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
