#!/usr/bin/env bash
# Measures every device math function against MPFR (tools/math-accuracy) and writes the table
# to docs/math-accuracy.md. Takes a few minutes; run it after changing a math function.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
tool="$root/build/tools/math_accuracy"
mkdir -p "$(dirname "$tool")"
"$root/build/toolkit/bin/nvcc" -O2 -I"$root/tools/math-accuracy" \
  "$root/tools/math-accuracy/math_accuracy.cu" -o "$tool" -lmpfr -lgmp
samples=${SAMPLES:-20000}
{
  cat <<HEADER
# Measured accuracy of the device math functions

Written by \`scripts/math-accuracy.sh\` ($(date -u +%Y-%m-%d)): each function ran on the CPU
target over ${samples} random arguments (spread over the whole range in exponent, and densely
in [-8, 8]) plus edge cases (signed zeros, subnormals, the largest values, infinities, NaN),
and was compared with MPFR's correctly rounded value (for the directed-rounding intrinsics,
MPFR's value rounded in the same direction). Errors are in ulps of the result's precision, or
absolute where the CUDA C++ Programming Guide states the bound that way: Bessel functions
beyond |x| = 8, jn and yn, the fast intrinsics on their stated intervals. A measured column
with two figures gives the worst error in each region of the bound. "none stated" marks
functions whose error the Guide derives from their implementation instead of bounding it;
"known gap" would mark a bound Drawbridge does not meet (there is none now).

HEADER
  "$tool" --samples "$samples" --markdown 2>/dev/null || true
} > "$root/docs/math-accuracy.md"
echo "wrote docs/math-accuracy.md"
