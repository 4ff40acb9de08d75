#!/usr/bin/env bash
# Opt-in benchmarks (not part of the test suite): builds Drawbridge, then compiles and runs
# every bench/*.cu with its nvcc. Each prints ratios against a peer timed in the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
mkdir -p "$root/build/bench"
for source in "$root"/bench/*.cu; do
  name=$(basename "$source" .cu)
  echo "== $name"
  "$root/build/toolkit/bin/nvcc" -O3 -o "$root/build/bench/$name" "$source"
  "$root/build/bench/$name"
done
