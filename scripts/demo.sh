#!/usr/bin/env bash
# Builds Drawbridge, compiles examples/saxpy.cu with its nvcc and runs the program on the CPU.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
mkdir -p "$root/build/demo"
"$root/build/toolkit/bin/nvcc" -O2 -o "$root/build/demo/saxpy" "$root/examples/saxpy.cu"
"$root/build/demo/saxpy"
