#!/usr/bin/env bash
# Opt-in benchmarks (not part of the test suite): builds Drawbridge, then compiles and runs
# every bench/*.cu with its nvcc (each prints ratios against a peer timed in the same run), then
# the performance suite in bench/suite/ (Drawbridge against OpenMP and PoCL; run.py --help).
# Arguments go to the suite, e.g. `scripts/bench.sh --size=large` or `--only=triad,sgemm`.
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

# The suite's OpenCL peer is PoCL, from Debian's packages.
packages=(pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo)
if ! dpkg -s "${packages[@]}" >/dev/null 2>&1; then
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}"
fi
echo "== suite"
"$root/bench/suite/run.py" --nvcc "$root/build/toolkit/bin/nvcc" "$@"
