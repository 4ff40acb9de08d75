#!/usr/bin/env bash
# Builds Drawbridge and runs the whole test suite (unit, lit and CUDA program tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
cmake --build "$root/build" --target check
