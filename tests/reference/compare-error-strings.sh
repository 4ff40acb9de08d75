#!/usr/bin/env bash
# compare-error-strings.sh - check Drawbridge's error texts against NVIDIA's.
#
# Part of Drawbridge, a clean-room CUDA toolchain.
#
# Programs print cudaGetErrorName() and cudaGetErrorString(), and people and
# scripts match on what they print, so our runtime must return NVIDIA's texts
# exactly.  error_strings.c (next to this script) prints "<value> <name>
# <string>" for every code of include/drawbridge/cuda_errors.def plus a few
# unknown values.  It is built and run once against NVIDIA's libcudart and
# once against Drawbridge's, and the two outputs must be identical.
#
# Usage: compare-error-strings.sh <our-runtime-lib-dir> <our-include-dir>
#
#   <our-runtime-lib-dir>  folder that holds Drawbridge's libcudart.so
#   <our-include-dir>      Drawbridge's include/ (with drawbridge/cuda_errors.def)
#
# Environment:
#   NVIDIA_CUDA_HOME  reference toolkit (default /usr/local/cuda)
#   CC                C compiler (default gcc)
#   KEEP_OUTPUTS=1    keep the builds and outputs in the printed temporary folder
#
# Exit status: 0 = identical (or SKIP), 1 = differences, 2 = usage or setup error.

set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 <our-runtime-lib-dir> <our-include-dir>" >&2
  exit 2
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nv_home="${NVIDIA_CUDA_HOME:-/usr/local/cuda}"
cc="${CC:-gcc}"

if [[ ! -f "$nv_home/lib64/libcudart.so" ]]; then
  echo "SKIP: NVIDIA CUDA runtime not found ($nv_home/lib64/libcudart.so)"
  exit 0
fi
if [[ ! -f "$nv_home/include/cuda_runtime_api.h" ]]; then
  echo "SKIP: NVIDIA CUDA headers not found ($nv_home/include)"
  exit 0
fi
if [[ ! -f "$1/libcudart.so" ]]; then
  echo "SKIP: Drawbridge runtime not built"
  exit 0
fi
if [[ ! -f "$2/drawbridge/cuda_errors.def" ]]; then
  echo "error: $2 is not Drawbridge's include directory (no drawbridge/cuda_errors.def)" >&2
  exit 2
fi
ours_lib="$(cd "$1" && pwd)"
ours_include="$(cd "$2" && pwd)"
nv_lib="$(cd "$nv_home/lib64" && pwd)"

work="$(mktemp -d)"
if [[ "${KEEP_OUTPUTS:-0}" == 1 ]]; then
  echo "outputs kept in $work"
else
  trap 'rm -rf "$work"' EXIT
fi

build() { # build <output> <flags...>
  local out="$1"
  shift
  if ! "$cc" -std=c11 -Wall -Wextra "$here/error_strings.c" "$@" -o "$out" 2>"$out.log"; then
    echo "error: failed to build error_strings.c ($out):" >&2
    cat "$out.log" >&2
    exit 2
  fi
}

# NVIDIA's side sees only NVIDIA's headers; deprecation warnings of the newer
# toolkits are expected.
build "$work/theirs" -DERROR_STRINGS_RUNTIME_API -Wno-deprecated-declarations \
  -I "$nv_home/include" -L "$nv_lib" -lcudart -Wl,-rpath,"$nv_lib"

# Our side also checks that error_strings.c still lists the .def's codes.
ours_flags=(-DDRAWBRIDGE_ERROR_DEF -I "$ours_include")
if [[ -f "$ours_include/cuda_runtime_api.h" ]]; then
  ours_flags+=(-DERROR_STRINGS_RUNTIME_API)
fi
build "$work/ours" "${ours_flags[@]}" -L "$ours_lib" -lcudart -Wl,-rpath,"$ours_lib"

# Each binary runs with its own runtime first in the search path.  If ours
# picked up NVIDIA's library (same file name), the comparison would pass
# without testing anything, so check which file the loader resolves.
loaded="$(LD_LIBRARY_PATH="$ours_lib" ldd "$work/ours" | awk '/libcudart/ { print $3; exit }')"
if [[ -z "$loaded" || "$(realpath "$(dirname "$loaded")")" != "$(realpath "$ours_lib")" ]]; then
  echo "error: the Drawbridge build loads libcudart from '${loaded:-nowhere}', not $ours_lib" >&2
  exit 2
fi

run() { # run <binary> <lib-dir> <output>
  if ! LD_LIBRARY_PATH="$2" "$1" >"$3" 2>"$3.err"; then
    echo "error: $1 failed:" >&2
    cat "$3.err" >&2
    exit 2
  fi
}
run "$work/theirs" "$nv_lib" "$work/theirs.txt"
run "$work/ours" "$ours_lib" "$work/ours.txt"

total="$(wc -l <"$work/theirs.txt")"
if diff -u --label "nvidia ($nv_lib)" --label "drawbridge ($ours_lib)" \
  "$work/theirs.txt" "$work/ours.txt" >"$work/diff.txt"; then
  echo "compared $total values: identical"
  echo "PASS"
  exit 0
fi
cat "$work/diff.txt"
changed="$(grep -c '^-[^-]' "$work/diff.txt" || true)"
echo "compared $total values: $changed differ (lines '-' nvidia, '+' drawbridge)"
echo "FAIL: Drawbridge error strings differ from NVIDIA's"
exit 1
