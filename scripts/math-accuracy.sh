#!/usr/bin/env bash
# Measures every device math function against MPFR (tools/math-accuracy) and writes the table
# to docs/math-accuracy.md. Each function runs twice: as a scalar call, and in a thread loop
# that vectorises (calling libmvec's versions where AttachVectorMathPass maps them). The table
# comes from a build for this machine; builds for x86-64-v3 (AVX2) and x86-64-v2 (SSE), whose
# vector code calls other libmvec versions, are checked against the bounds as well, where this
# processor runs them. Takes about three minutes per build; run it after changing a math
# function or the vector mapping.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
tools="$root/build/tools"
mkdir -p "$tools"
samples=${SAMPLES:-20000}
build() { # build <output> [host -march]
  "$root/build/toolkit/bin/nvcc" -O2 ${2:+-Xcompiler -march=$2} -I"$root/tools/math-accuracy" \
    "$root/tools/math-accuracy/math_accuracy.cu" -o "$1" -lmpfr -lgmp
}
status=0
for isa in x86-64-v3 x86-64-v2; do
  need=$([ "$isa" = x86-64-v3 ] && echo avx2 || echo sse4_2)
  if ! grep -qw "$need" /proc/cpuinfo; then
    echo "skipped the $isa build: this processor lacks $need"
    continue
  fi
  build "$tools/math_accuracy_$isa" "$isa"
  if "$tools/math_accuracy_$isa" --samples "$samples" >/dev/null; then
    echo "$isa build: every function within its bound"
  else
    echo "$isa build: bounds exceeded (above)"
    status=1
  fi
done
build "$tools/math_accuracy"
{
  cat <<HEADER
# Measured accuracy of the device math functions

Written by \`scripts/math-accuracy.sh\` ($(date -u +%Y-%m-%d)): each function ran on the CPU
target over ${samples} random arguments (spread over the whole range in exponent, and densely
in [-8, 8]) plus edge cases (signed zeros, subnormals, the largest values, infinities, NaN),
and was compared with MPFR's correctly rounded value (for the directed-rounding intrinsics,
MPFR's value rounded in the same direction). Each ran twice, as a scalar call and in a
vectorised thread loop, where calls run glibc's libmvec versions if those meet the bound
(\`compiler/cpu/AttachVectorMathPass.cpp\` lists which); the measured figure is the worse of
the two. The table is from a build for this machine ($(grep -qw avx512f /proc/cpuinfo && echo AVX-512 || echo "its own vector width")); the x86-64-v3 (AVX2) and
x86-64-v2 (SSE) builds, whose vector loops call other libmvec versions, were checked against
the same bounds. Errors are in ulps of the result's precision, or
absolute where the CUDA C++ Programming Guide states the bound that way: Bessel functions
beyond |x| = 8, jn and yn, the fast intrinsics on their stated intervals. A measured column
with two figures gives the worst error in each region of the bound. "none stated" marks
functions whose error the Guide derives from their implementation instead of bounding it;
"known gap" would mark a bound Drawbridge does not meet (there is none now).

HEADER
  "$tools/math_accuracy" --samples "$samples" --markdown 2>/dev/null || status=1
} > "$root/docs/math-accuracy.md"
echo "wrote docs/math-accuracy.md"
exit $status
