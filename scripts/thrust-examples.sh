#!/usr/bin/env bash
# Opt-in check on code nobody on the team wrote (not part of the test suite, about ten minutes
# on two cores): builds each of Thrust's examples, as Debian's libthrust-dev ships them, with
# Drawbridge's nvcc and again for Thrust's serial C++ backend with clang++, runs both and
# compares what they print. Lines that report a time are left out of the comparison. Usage:
# scripts/thrust-examples.sh [OUTPUT_DIR] (default build/thrust-examples).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
examples=/usr/share/doc/libthrust-dev/examples
out=${1:-$root/build/thrust-examples}
if [ ! -d "$examples" ]; then
  echo "thrust-examples: $examples is missing: install libthrust-dev (scripts/setup.sh), on" \
    "an image that keeps /usr/share/doc" >&2
  exit 1
fi
"$root/scripts/build.sh" >/dev/null
mkdir -p "$out"
export root examples out

build_and_run() {
  local source=$1 name
  name=$(echo "${source%.cu}" | tr / _)
  if ! "$root/build/toolkit/bin/nvcc" -I"$examples/include" "$examples/$source" \
    -o "$out/$name" >"$out/$name.build" 2>&1; then
    echo "$name: BUILD FAILED (see $out/$name.build)"
    return
  fi
  # Run in OUTPUT_DIR: some examples write files (discrete_voronoi an image).
  (cd "$out" && timeout 300 "./$name" >"$name.out" 2>&1) || echo "exit $?" >>"$out/$name.out"
  # The serial backend builds only the examples that do not call the CUDA runtime themselves.
  if clang++-19 -x c++ -std=c++17 -O1 -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP \
    -I"$examples/include" "$examples/$source" -o "$out/$name.serial" >/dev/null 2>&1; then
    (cd "$out" && timeout 300 "./$name.serial" >"$name.serial.out" 2>&1) || true
    local timing='[0-9.]+ ?(ms|milliseconds|MPixel/s)'
    if diff <(grep -Ev "$timing" "$out/$name.out") \
      <(grep -Ev "$timing" "$out/$name.serial.out") >"$out/$name.diff"; then
      echo "$name: same output as the serial backend"
    else
      echo "$name: DIFFERS from the serial backend (see $out/$name.diff)"
    fi
  else
    echo "$name: ran ($(tail -n 1 "$out/$name.out" | cut -c1-60))"
  fi
}
export -f build_and_run
(cd "$examples" && ls ./*.cu cuda/*.cu | sed 's|^\./||') |
  xargs -P "$(nproc)" -I{} bash -c 'build_and_run {}' | sort | tee "$out/summary.txt"
echo "thrust-examples: $(grep -c 'same output' "$out/summary.txt") same as the serial backend," \
  "$(grep -c DIFFERS "$out/summary.txt") differ, $(grep -c 'ran (' "$out/summary.txt")" \
  "CUDA-only examples ran, $(grep -c 'BUILD FAILED' "$out/summary.txt") failed to build"
