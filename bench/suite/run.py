#!/usr/bin/env python3
"""Drawbridge's CPU performance suite: each kernel written three ways and timed in one run on
the same cores, so the ratios hold on a noisy machine.

- CUDA, written as for a GPU (shared-memory tiles, barriers, warp shuffles, atomics,
  grid-stride loops), built by Drawbridge's nvcc (<kernel>.cu);
- the same computation in plain C++/OpenMP, as a competent CPU programmer writes it, built by
  clang++ -O3 -march=native -fopenmp -fno-math-errno (<kernel>_omp.cpp);
- the same kernel in OpenCL C, run by PoCL (<kernel>.cl).

The runner builds every benchmark, runs it on all cores, again on fewer cores (scaling), and
again over block sizes 32 to 1024 for the kernels that allow it, checks every result against a
reference, and prints tables of time ratios (Drawbridge's time over its peer's: below 1,
Drawbridge is faster), rates, geometric means and the targets of the CPU speed issue.

usage: bench/suite/run.py [--nvcc PATH] [--size small|default|large] [--only K1,K2]
                          [--no-scaling] [--no-sweep] [--repeat N] [--json FILE]
"""
import argparse
import concurrent.futures
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time

SUITE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(SUITE))

# Benchmark programs, in the order they run; each is <name>.cu + <name>_omp.cpp + <name>.cl.
PROGRAMS = ["triad", "reduce", "sgemm", "stencil", "histogram", "nbody", "transpose", "scan",
            "blackscholes", "spmv", "launch"]
# The kernels of the main table (results named by the programs above), and the memory-bound
# ones among them, whose targets are stricter.
KERNELS = ["triad", "reduce-block", "reduce-warp", "sgemm", "stencil", "histogram", "nbody",
           "transpose", "scan", "blackscholes", "spmv"]
MEMORY_BOUND = {"triad", "reduce-block", "reduce-warp", "stencil", "transpose", "scan", "spmv"}
LAUNCH = ["launch-sync", "launch-async"]
# Programs whose kernels accept any block size (sgemm: 64, 256 and 1024, its square tiles).
SWEEP_PROGRAMS = ["triad", "reduce", "histogram", "nbody", "blackscholes", "sgemm"]
BLOCK_SIZES = [32, 64, 128, 256, 512, 1024]
IMPLS = ["drawbridge", "openmp", "pocl"]

CUDA_FLAGS = ["-O3", "-arch=sm_80"]
# -fno-math-errno: CUDA and OpenCL math never sets errno, and without it clang will not
# vectorise a loop that calls sqrtf (n-body), which any CPU programmer would notice and fix.
OPENMP_FLAGS = ["-O3", "-march=native", "-fopenmp", "-fno-math-errno"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def build(args, name):
    """Builds one benchmark; returns an error message or None."""
    omp_object = os.path.join(args.build_dir, name + "_omp.o")
    steps = [
        [args.cxx, *OPENMP_FLAGS, "-c", os.path.join(SUITE, name + "_omp.cpp"), "-o", omp_object],
        [args.nvcc, *CUDA_FLAGS, *args.nvcc_flag, "-I" + SUITE,
         '-DSUITE_SOURCE_DIR="%s"' % SUITE, "-Xcompiler", "-fopenmp",
         os.path.join(SUITE, name + ".cu"), omp_object, "-lOpenCL",
         "-o", os.path.join(args.build_dir, name)],
    ]
    for command in steps:
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            return " ".join(command) + "\n" + result.stdout + result.stderr
    return None


def run(args, name, threads, extra=()):
    """Runs one benchmark with every runtime limited to `threads`; returns its results as
    {(benchmark, impl, block size): (ms, rate, unit, status)}, plus a status for the run."""
    env = dict(os.environ, DRAWBRIDGE_CPU_THREADS=str(threads), OMP_NUM_THREADS=str(threads),
               POCL_MAX_PTHREAD_COUNT=str(threads))
    command = [os.path.join(args.build_dir, name), "--size=" + args.size, *extra]
    start = time.perf_counter()
    try:
        result = subprocess.run(command, capture_output=True, text=True, env=env,
                                timeout=args.timeout)
        stdout, stderr = result.stdout, result.stderr
        code = result.returncode
        status = ("ok" if code == 0 else f"CRASH (signal {-code})" if code < 0 else
                  f"CRASH (exit status {code})")
    except subprocess.TimeoutExpired as e:
        # The partial output comes back as bytes even in text mode.
        stdout = (e.stdout or b"").decode(errors="replace")
        stderr = (e.stderr or b"").decode(errors="replace")
        status = f"TIMEOUT ({args.timeout} s)"
    results = {}
    for line in stdout.splitlines():
        fields = line.split()
        if len(fields) == 8 and fields[0] == "RESULT":
            _, bench, impl, block, ms, rate, unit, outcome = fields
            results[(bench, impl, int(block))] = (float(ms), float(rate), unit, outcome)
    for line in stderr.splitlines():
        log(f"  {name} ({threads} threads): {line}")
    if status != "ok":
        log(f"  {name} ({threads} threads): {status}")
    log(f"  {name}, {threads} threads, {' '.join(extra) or 'usual block sizes'}: "
        f"{time.perf_counter() - start:.1f} s")
    return results, status


def best(results, key):
    """The best OK time of a result, or the status word that replaces it."""
    entry = results.get(key)
    if entry is None:
        return None
    return entry[0] if entry[3] == "OK" else entry[3]


def merge(into, results):
    """Keeps the faster of two OK results for the same key (for --repeat)."""
    for key, entry in results.items():
        old = into.get(key)
        if old is None or (entry[3] == "OK" and (old[3] != "OK" or entry[0] < old[0])):
            into[key] = entry


def geomean(values):
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt_time(ms):
    if isinstance(ms, str):
        return ms
    if ms is None:
        return "-"
    return f"{ms * 1e3:.2f} us" if ms < 0.1 else f"{ms:.2f} ms" if ms < 1000 else f"{ms / 1e3:.2f} s"


def fmt_ratio(ratio):
    return "-" if ratio is None else f"{ratio:.2f}" if ratio < 100 else f"{ratio:.0f}"


def ratio(a, b):
    return a / b if isinstance(a, float) and isinstance(b, float) and b > 0 else None


def main_block(results, bench):
    """The block size of a benchmark's main result (what its Drawbridge row used)."""
    blocks = [b for (name, impl, b) in results if name == bench and impl == "drawbridge"]
    return blocks[0] if blocks else 0


def key(results, bench, impl):
    if impl == "openmp":
        return (bench, impl, 0)
    return (bench, impl, main_block(results, bench))


def machine_note(args):
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    pocl = "PoCL: not found"
    if shutil.which("clinfo"):
        out = subprocess.run(["clinfo", "--raw"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "CL_PLATFORM_VERSION" in line:
                pocl = line.split("CL_PLATFORM_VERSION", 1)[1].strip()
                break
    def load(averages):
        return "/".join(f"{x:.1f}" for x in averages)

    return [f"machine: {model}, {args.cores} cores; sizes: {args.size}; load average "
            f"(1/5/15 min) {load(args.load_before)} before, {load(args.load_after)} after",
            f"Drawbridge: {args.nvcc} {' '.join(CUDA_FLAGS + args.nvcc_flag)}",
            f"OpenMP: {args.cxx} {' '.join(OPENMP_FLAGS)}",
            pocl]


class Summary:
    """The main table's ratios (Drawbridge's time over the peer's) by kernel, for the targets;
    `missing` names the kernels left out of them and why (no valid Drawbridge result)."""

    def __init__(self):
        self.openmp, self.pocl, self.missing = {}, {}, {}

    def memory_bound(self):
        return {k: v for k, v in self.openmp.items() if k in MEMORY_BOUND}


def print_main(args, results):
    print()
    print(f"Drawbridge against OpenMP and PoCL on all {args.cores} cores "
          "(best time per call; ratios are Drawbridge's time over the peer's, below 1 = faster)")
    header = (f"{'kernel':14} {'Drawbridge':>11} {'OpenMP':>11} {'PoCL':>11} {'DB/OMP':>7} "
              f"{'DB/PoCL':>7}   {'Drawbridge':>15} {'OpenMP':>15} {'PoCL':>15}")
    rule = "-" * len(header)
    print(header)
    summary = Summary()
    for group in (KERNELS, LAUNCH):
        rows = [bench for bench in group
                if any(key(results, bench, impl) in results for impl in IMPLS)]
        if rows:
            print(rule)
        for bench in rows:
            times = {impl: best(results, key(results, bench, impl)) for impl in IMPLS}
            r_omp = ratio(times["drawbridge"], times["openmp"])
            r_pocl = ratio(times["drawbridge"], times["pocl"])
            if group is KERNELS:
                if r_omp:
                    summary.openmp[bench] = r_omp
                if r_pocl:
                    summary.pocl[bench] = r_pocl
                if not isinstance(times["drawbridge"], float):
                    summary.missing[bench] = times["drawbridge"] or "no result"
            rates = []
            for impl in IMPLS:
                entry = results.get(key(results, bench, impl))
                ok = entry and entry[3] == "OK" and group is KERNELS
                rates.append(f"{entry[1]:.3g} {entry[2]}" if ok else "-")
            label = bench + (" *" if bench in MEMORY_BOUND else "")
            print(f"{label:14} {fmt_time(times['drawbridge']):>11} "
                  f"{fmt_time(times['openmp']):>11} {fmt_time(times['pocl']):>11} "
                  f"{fmt_ratio(r_omp):>7} {fmt_ratio(r_pocl):>7}   "
                  f"{rates[0]:>15} {rates[1]:>15} {rates[2]:>15}")
    print(rule)
    print(f"{'geomean, all':38}   {fmt_ratio(geomean(summary.openmp.values())):>7} "
          f"{fmt_ratio(geomean(summary.pocl.values())):>7}   ({len(summary.openmp)} kernels "
          f"against OpenMP, {len(summary.pocl)} against PoCL)")
    print(f"{'geomean, memory-bound (*)':38}   "
          f"{fmt_ratio(geomean(summary.memory_bound().values())):>7}")
    if summary.missing:
        print("not in the means: " +
              ", ".join(f"{k} ({why})" for k, why in summary.missing.items()))
    if any(key(results, bench, "drawbridge") in results for bench in LAUNCH):
        print("launch-*: time per launch of an empty kernel (OpenMP: an empty parallel region); "
              "-sync waits for each, -async for a batch")
    return summary


def print_bandwidth(results):
    """Prints the triads' share of the measured bandwidth: the best of a parallel memcpy, the
    OpenMP triad with non-temporal stores, and the plain OpenMP triad."""
    measures = {"parallel memcpy": results.get(("bandwidth", "memcpy", 0)),
                "OpenMP triad, non-temporal stores": results.get(("bandwidth", "triad-nt", 0)),
                "OpenMP triad": results.get(("triad", "openmp", 0))}
    rates = {name: e[1] for name, e in measures.items() if e and e[3] == "OK"}
    print()
    if not rates:
        print("memory bandwidth: not measured")
        return None
    measured = max(rates.values())
    print("memory bandwidth (STREAM counting: bytes read and written, no write-allocate): " +
          ", ".join(f"{name} {rate:.1f} GB/s" for name, rate in rates.items()) +
          f"; measured bandwidth {measured:.1f} GB/s")
    percent = {}
    for impl in ["drawbridge", "pocl"]:
        entry = results.get(key(results, "triad", impl))
        if entry and entry[3] == "OK":
            percent[impl] = 100 * entry[1] / measured
            print(f"  {impl} triad: {entry[1]:.1f} GB/s = {percent[impl]:.0f}% of it")
    return percent.get("drawbridge")


def print_scaling(args, by_threads):
    counts = sorted(by_threads)
    print()
    print(f"Scaling: speedup over one thread (time at 1 / time at N; "
          f"DRAWBRIDGE_CPU_THREADS, OMP_NUM_THREADS, POCL_MAX_PTHREAD_COUNT = N)")

    def cols(title):
        return " ".join(f"{title + ' ' + str(n):>9}" for n in counts)

    header = (f"{'kernel':14} {cols('DB')} | {cols('OMP')} | {cols('PoCL')} | "
              f"{cols('DB/OMP')}")
    print(header)
    print("-" * len(header))
    for bench in KERNELS + LAUNCH[:1]:
        if not any(k[0] == bench for table in by_threads.values() for k in table):
            continue
        cells = []
        for impl in IMPLS:
            base = best(by_threads[1], key(by_threads[1], bench, impl)) if 1 in by_threads else None
            row = []
            for n in counts:
                t = best(by_threads[n], key(by_threads[n], bench, impl))
                r = ratio(base, t)
                row.append(f"{r:9.2f}" if r else f"{(t if isinstance(t, str) else '-'):>9}")
            cells.append(" ".join(row))
        ratios = []
        for n in counts:
            r = ratio(best(by_threads[n], key(by_threads[n], bench, "drawbridge")),
                      best(by_threads[n], key(by_threads[n], bench, "openmp")))
            ratios.append(f"{fmt_ratio(r):>9}")
        print(f"{bench:14} {cells[0]} | {cells[1]} | {cells[2]} | {' '.join(ratios)}")


def print_sweep(sweep):
    print()
    print("Block size: time per call at each block size (sgemm: 8x8, 16x16 and 32x32 tiles); "
          "ratios against OpenMP and PoCL from the same run")
    header = f"{'kernel':14} {'':10} " + " ".join(f"{b:>9}" for b in BLOCK_SIZES)
    print(header)
    print("-" * len(header))
    for bench in ["triad", "reduce-block", "reduce-warp", "histogram", "nbody", "blackscholes",
                  "sgemm"]:
        if not any(k[0] == bench for k in sweep):
            continue
        omp = best(sweep, (bench, "openmp", 0))
        rows = {"Drawbridge": [], "PoCL": [], "DB/OMP": [], "DB/PoCL": []}
        for b in BLOCK_SIZES:
            db, cl = best(sweep, (bench, "drawbridge", b)), best(sweep, (bench, "pocl", b))
            rows["Drawbridge"].append(fmt_time(db))
            rows["PoCL"].append(fmt_time(cl))
            rows["DB/OMP"].append(fmt_ratio(ratio(db, omp)))
            rows["DB/PoCL"].append(fmt_ratio(ratio(db, cl)))
        for i, (label, cells) in enumerate(rows.items()):
            print(f"{bench if i == 0 else '':14} {label:10} " +
                  " ".join(f"{c:>9}" for c in cells))


def print_targets(summary, triad_percent):
    """The CPU speed issue's targets, in speed (the peer's time over Drawbridge's)."""
    def line(met, text):
        print(f"  [{'met   ' if met else 'MISSED'}] {text}")

    def speeds(ratios):
        return ", ".join(f"{k} {1 / v:.2f}" for k, v in ratios.items())

    print()
    print("Targets of the CPU speed issue, as speeds (the peer's time over Drawbridge's):")
    missing = (f"; no valid result: {', '.join(summary.missing)}" if summary.missing else "")
    slower = {k: v for k, v in summary.pocl.items() if v >= 1}
    line(summary.pocl and not slower and not summary.missing,
         f"every kernel faster than PoCL: {len(summary.pocl) - len(slower)} of "
         f"{len(summary.pocl)}" + (f" (slower: {speeds(slower)})" if slower else "") + missing)
    g_omp = geomean(summary.openmp.values())
    if g_omp:
        line(1 / g_omp >= 0.8 and not summary.missing,
             f"geomean speed against OpenMP >= 0.8: {1 / g_omp:.2f}{missing}")
    memory = summary.memory_bound()
    if memory:
        g_memory = geomean(memory.values())
        missing_memory = [k for k in summary.missing if k in MEMORY_BOUND]
        line(1 / g_memory >= 1 and not missing_memory,
             f"geomean speed against OpenMP >= 1.0 on the memory-bound kernels: "
             f"{1 / g_memory:.2f} ({speeds(memory)})" +
             (f"; no valid result: {', '.join(missing_memory)}" if missing_memory else ""))
    if triad_percent is not None:
        line(triad_percent >= 80, f"triad >= 80% of measured bandwidth: {triad_percent:.0f}%")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nvcc", default=os.environ.get(
        "NVCC", os.path.join(ROOT, "build/toolkit/bin/nvcc")),
        help="Drawbridge's nvcc (default: $NVCC, else build/toolkit/bin/nvcc)")
    parser.add_argument("--nvcc-flag", action="append", default=[],
                        help="an extra nvcc flag (repeatable)")
    parser.add_argument("--cxx", default=shutil.which("clang++-19") or "clang++",
                        help="the compiler for the OpenMP versions")
    parser.add_argument("--size", choices=["small", "default", "large"], default="default",
                        help="problem sizes (small: a quick check that everything runs)")
    parser.add_argument("--only", help="comma-separated programs to run (" +
                        ",".join(PROGRAMS) + ")")
    parser.add_argument("--no-scaling", action="store_true", help="skip the runs on fewer cores")
    parser.add_argument("--no-sweep", action="store_true", help="skip the block-size sweep")
    parser.add_argument("--threads", help="thread counts for the scaling runs "
                        "(default: 1, powers of two and all cores)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run the all-core pass this many times and keep each best time")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build/bench-suite"))
    parser.add_argument("--timeout", type=int, default=900, help="seconds per benchmark run")
    parser.add_argument("--json", help="also write every result to this file")
    args = parser.parse_args()
    args.cores = os.cpu_count() or 1
    programs = args.only.split(",") if args.only else PROGRAMS
    for name in programs:
        if name not in PROGRAMS:
            parser.error(f"unknown program {name}")
    if not os.access(args.nvcc, os.X_OK):
        parser.error(f"no nvcc at {args.nvcc}: build Drawbridge (scripts/build.sh) or pass --nvcc")
    os.makedirs(args.build_dir, exist_ok=True)
    started = time.perf_counter()

    log(f"building {len(programs)} benchmarks in {args.build_dir}")
    with concurrent.futures.ThreadPoolExecutor(args.cores) as pool:
        errors = dict(zip(programs, pool.map(lambda n: build(args, n), programs)))
    for name, error in errors.items():
        if error:
            log(f"BUILD FAILED: {name}\n{error}")
    built = [n for n in programs if not errors[n]]

    # Each program runs on all cores, then on fewer, then over block sizes, one after the other,
    # so that the runs compared with each other are close in time on a busy machine.
    counts = []
    if not args.no_scaling:
        counts = ([int(t) for t in args.threads.split(",")] if args.threads else
                  sorted({1, *[2 ** k for k in range(1, 16) if 2 ** k < args.cores]}))
        counts = [n for n in counts if n != args.cores]
    results, sweep, failed_runs = {}, {}, []
    by_threads = {args.cores: results, **{n: {} for n in counts}}
    args.load_before = os.getloadavg()
    if args.load_before[0] > 0.5:
        log(f"warning: the machine is busy (load average {args.load_before[0]:.1f}); other "
            "work on the same cores skews the times, OpenMP's static schedule the most")
    def collect(into, name, threads, extra=()):
        found, status = run(args, name, threads, extra)
        merge(into, found)
        if status != "ok":
            failed_runs.append(f"{name} ({threads} threads{', ' if extra else ''}"
                               f"{' '.join(extra)}): {status}")

    for name in built:
        for _ in range(args.repeat):
            collect(results, name, args.cores)
        for n in counts:
            collect(by_threads[n], name, n)
        if not args.no_sweep and name in SWEEP_PROGRAMS:
            collect(sweep, name, args.cores, ["--block-sizes=" + ",".join(map(str, BLOCK_SIZES))])
    args.load_after = os.getloadavg()

    print("\n".join(machine_note(args)))
    for name in programs:
        if errors[name]:
            print(f"{name}: BUILD FAILED (see above)")
    for failure in failed_runs:
        print(f"{failure} (the results it printed before are shown)")
    # Wrong or failed results anywhere (a peer that is not installed is only SKIPped).
    bad = sorted({f"{b}/{i}/{s}" for table in [*by_threads.values(), sweep]
                  for (b, i, _), (_, _, _, s) in table.items() if s not in ("OK", "SKIP")})
    if bad:
        print("not OK: " + ", ".join(bad))
    summary = print_main(args, results)
    triad_percent = print_bandwidth(results)
    if len(by_threads) > 1:
        print_scaling(args, by_threads)
    if sweep:
        print_sweep(sweep)
    print_targets(summary, triad_percent)
    print(f"\nsuite ran in {time.perf_counter() - started:.0f} s")

    if args.json:
        def dump(table):
            return [{"benchmark": b, "impl": i, "block": bs, "ms": e[0], "rate": e[1],
                     "unit": e[2], "status": e[3]} for (b, i, bs), e in sorted(table.items())]
        with open(args.json, "w") as f:
            json.dump({"machine": machine_note(args), "all_cores": dump(results),
                       "scaling": {n: dump(t) for n, t in by_threads.items()},
                       "block_sizes": dump(sweep)}, f, indent=1)
    return 0 if not bad and not failed_runs and not any(errors.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
