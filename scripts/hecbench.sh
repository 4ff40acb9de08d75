#!/usr/bin/env bash
# Opt-in check on code nobody on the team wrote (not part of the test suite): builds programs
# of HeCBench (github.com/zjin-lcf/HeCBench, whose CUDA programs live in <name>-cuda folders)
# with their own Makefiles and Drawbridge's nvcc first on PATH, runs each with arguments sized
# for a CPU (the Makefiles' `run` targets are sized for a GPU: minutes to hours here, or more
# memory than the machine has) and prints what each program's own check said. This repository
# does not contain HeCBench. Usage: scripts/hecbench.sh HECBENCH_SRC_DIR [PROGRAM...]
# (HECBENCH_SRC_DIR holds the <name>-cuda folders; logs go to build/hecbench).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=${1:?usage: scripts/hecbench.sh HECBENCH_SRC_DIR [PROGRAM...]}
shift
logs=$root/build/hecbench
mkdir -p "$logs"
"$root/scripts/build.sh" >/dev/null || exit 1
# Drawbridge's nvcc first, and no other CUDA toolkit on PATH.
PATH=$root/build/toolkit/bin:$(echo "$PATH" | tr ':' '\n' | grep -v -i cuda | paste -sd:)
export PATH

# Program (folder), then its command lines separated by ';', sized for two cores in a minute.
runs=(
  "accuracy-cuda|./main 8192 10000 10 2"
  "adam-cuda|./main 10000 200 2"
  "aidw-cuda|./main 10 1 2"
  "all-pairs-distance-cuda|./main 2"
  "asmooth-cuda|./main 1024 1024 9 2"
  "atomicCAS-cuda|./main 10"
  "attention-cuda|./main 4096 512 0 2;./main 4096 512 1 2;./main 4096 512 2 2"
  "bilateral-cuda|./main 1024 512 0.5 0.5 2"
  "bitonic-sort-cuda|./main 20 2"
  "burger-cuda|./main 820 810 10"
  "convolution1D-cuda|./main 16777216 2"
  "convolution3D-cuda|./main 32 1 6 32 32 5 2;./main 32 6 16 14 14 5 2"
  "crc64-cuda|./main 1 5 33554432"
  "dense-embedding-cuda|./main 100000 256 1"
  "entropy-cuda|./main 1024 1024"
  "f16max-cuda|./main 10"
  "fpc-cuda|./main 4194304 2"
  "gabor-cuda|./main 864 1536 2"
  "jacobi-cuda|./main"
  "layout-cuda|./main 10"
  "lfib4-cuda|./main 20000000"
  "matern-cuda|./main 300 2"
  "matrix-rotate-cuda|./main 1000"
  "maxpool3d-cuda|./main 256 256 96 2"
  "merge-cuda|./main 100000 2"
  "murmurhash3-cuda|./main 100000 2"
  "nqueen-cuda|./main 12 7 2"
  "pool-cuda|./main 16 48 224 224 54 54 2"
  "popcount-cuda|./main 16777216 2"
  "relu-cuda|./main 1000000 100"
  "scan-cuda|./main 16777216 2"
  "softmax-cuda|./main 10000 784 0 2;./main 10000 784 1 2"
  "wordcount-cuda|./main 2"
  "zoom-cuda|./main 1 3 540 1024 2"
)

# What a program's own check prints, counted: PASS, FAIL, error, mismatch, success, ...
verdict() {
  grep -E -i -o '\b(pass(ed)?|fail(ed)?|success(ful)?|error|mismatch|incorrect|wrong)\b' "$1" |
    tr 'A-Z' 'a-z' | sort | uniq -c | tr -s ' \n' ' '
}

for entry in "${runs[@]}"; do
  program=${entry%%|*}
  commands=${entry#*|}
  if [ $# -gt 0 ] && [[ " $* " != *" $program "* ]]; then
    continue
  fi
  dir=$src/$program
  if [ ! -f "$dir/Makefile" ]; then
    echo "$program: not in $src"
    continue
  fi
  make -C "$dir" clean >/dev/null 2>&1
  if ! make -C "$dir" CC=nvcc ARCH=sm_80 >"$logs/$program.build" 2>&1; then
    echo "$program: BUILD FAILED (see $logs/$program.build)"
    continue
  fi
  IFS=';' read -ra lines <<<"$commands"
  for command in "${lines[@]}"; do
    log=$logs/$program.$(echo "$command" | tr -c 'a-zA-Z0-9' _).out
    (cd "$dir" && timeout 600 $command) >"$log" 2>&1
    echo "$program [$command]: exit $? $(verdict "$log")"
  done
done
