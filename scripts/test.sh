#!/usr/bin/env bash
# Builds Drawbridge and runs the whole test suite (unit, lit and CUDA program tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
# A hanging test fails the run after 30 minutes rather than holding it until CI gives up.
status=0
timeout 1800 cmake --build "$root/build" --target check || status=$?
if [ "$status" -eq 124 ]; then
  echo "test: the suite ran for more than 30 minutes; a test hangs" >&2
fi
exit "$status"
