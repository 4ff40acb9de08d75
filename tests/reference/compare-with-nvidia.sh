#!/usr/bin/env bash
# compare-with-nvidia.sh - check Drawbridge's CUDA headers against NVIDIA's.
#
# Part of Drawbridge, a clean-room CUDA toolchain.
#
# Our headers are written from public documentation only, so the numbers in
# them (enumerator values, flag values, struct sizes, alignments and field
# offsets) are checked here against an installed NVIDIA toolkit: the ABI
# fingerprint program abi_values.c is compiled once against include/ of this
# repository and once against the NVIDIA include directory, both binaries are
# run, and their "key<TAB>value" outputs are compared.
#
# Drawbridge emulates CUDA 12.8.  When the reference toolkit is a different
# major release, the documented differences between the two releases are
# listed in known-differences-cuda<MAJOR>.txt next to this script, one entry
# per line:
#
#     <key or shell glob> [= <drawbridge value>]   # <reason>
#
# A listed key may differ from (or be missing in) the reference.  When a
# "= value" is given, Drawbridge's own value is pinned to it, so the 12.8
# numbers that the newer toolkit cannot confirm are still checked.  Any other
# difference makes the script exit 1.
#
# Environment:
#   NVIDIA_CUDA_INCLUDE  reference include directory (default /usr/local/cuda/include)
#   CC                   C compiler (default gcc)
#   KEEP_OUTPUTS=1       keep the raw outputs in the printed temporary directory
#
# Exit status: 0 = match (or SKIP), 1 = unexpected differences, 2 = setup error.

set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
nv_include="${NVIDIA_CUDA_INCLUDE:-/usr/local/cuda/include}"
cc="${CC:-gcc}"

if [[ ! -f "$nv_include/cuda_runtime_api.h" ]]; then
  echo "SKIP: NVIDIA CUDA toolkit not found"
  exit 0
fi

work="$(mktemp -d)"
if [[ "${KEEP_OUTPUTS:-0}" == 1 ]]; then
  echo "outputs kept in $work"
else
  trap 'rm -rf "$work"' EXIT
fi

# Our side: include cuda_runtime_api.h too once the repository has one.
ours_flags=(-I "$repo/include")
if [[ -f "$repo/include/cuda_runtime_api.h" ]]; then
  ours_flags+=(-DABI_INCLUDE_RUNTIME_API)
fi
# The reference side always needs cuda_runtime_api.h first.  Deprecation
# warnings of the newer toolkit (e.g. double4 in CUDA 13) are expected.
theirs_flags=(-I "$nv_include" -DABI_INCLUDE_RUNTIME_API -DABI_REFERENCE_SIDE
  -Wno-deprecated-declarations)

build() { # build <output> <flags...>
  local out="$1"
  shift
  if ! "$cc" -std=c11 -Wall -Wextra "$@" "$here/abi_values.c" -o "$out" 2>"$out.log"; then
    echo "error: failed to compile abi_values.c ($out):" >&2
    cat "$out.log" >&2
    exit 2
  fi
}
build "$work/ours" "${ours_flags[@]}"
build "$work/theirs" "${theirs_flags[@]}"
"$work/ours" >"$work/ours.txt"
"$work/theirs" >"$work/theirs.txt"

# Which release is the reference?  Only the version number is extracted.
nv_version="$(printf '#include <cuda_runtime_api.h>\nCUDART_VERSION\n' |
  "$cc" -E -P -I "$nv_include" -x c - 2>/dev/null | tail -n 1 | tr -d '[:space:]')"
if [[ ! "$nv_version" =~ ^[0-9]+$ ]]; then
  echo "error: could not determine CUDART_VERSION of $nv_include" >&2
  exit 2
fi
nv_major=$((nv_version / 1000))
nv_minor=$((nv_version % 1000 / 10))
echo "reference: NVIDIA CUDA $nv_major.$nv_minor ($nv_include); drawbridge emulates CUDA 12.8"

# Load the allow-list for that major release (none for 12.x).
allow_file="$here/known-differences-cuda$nv_major.txt"
trim() { # trim leading and trailing white space
  local s="$1"
  s="${s#"${s%%[![:space:]]*}"}"
  printf '%s' "${s%"${s##*[![:space:]]}"}"
}
patterns=()
pins=()
reasons=()
if [[ -f "$allow_file" ]]; then
  lineno=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    lineno=$((lineno + 1))
    [[ "$line" =~ ^[[:space:]]*(#.*)?$ ]] && continue
    if [[ "$line" != *"#"* ]]; then
      echo "error: $allow_file:$lineno: entry without a '# reason' comment" >&2
      exit 2
    fi
    entry="${line%%#*}"
    pinned=""
    if [[ "$entry" == *=* ]]; then
      pinned="$(trim "${entry#*=}")"
      entry="${entry%%=*}"
    fi
    patterns+=("$(trim "$entry")")
    pins+=("$pinned")
    reasons+=("${line#*#}")
  done <"$allow_file"
fi

# Duplicate keys would make the comparison ambiguous.
for side in ours theirs; do
  dups="$(cut -f1 "$work/$side.txt" | sort | uniq -d)"
  if [[ -n "$dups" ]]; then
    echo "error: duplicate keys in the $side output:" >&2
    echo "$dups" >&2
    exit 2
  fi
done

# One line per differing key: "<key>\t<our value>\t<their value>" ("-" = absent).
awk -F'\t' 'NR == FNR { ours[$1] = $2; next }
             { theirs[$1] = $2 }
     END {
       for (k in ours)
         if (!(k in theirs)) printf "%s\t%s\t-\n", k, ours[k]
         else if (ours[k] != theirs[k]) printf "%s\t%s\t%s\n", k, ours[k], theirs[k]
       for (k in theirs)
         if (!(k in ours)) printf "%s\t-\t%s\n", k, theirs[k]
     }' "$work/ours.txt" "$work/theirs.txt" | LC_ALL=C sort >"$work/diff.txt"

total="$(wc -l <"$work/ours.txt")"
expected=0
unexpected=0
used=()
for _ in "${patterns[@]+"${patterns[@]}"}"; do used+=(0); done

while IFS=$'\t' read -r key ours_value theirs_value; do
  matched=0
  pin_mismatch=""
  for i in "${!patterns[@]}"; do
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    if [[ "$key" == ${patterns[$i]} ]]; then
      used[i]=1
      if [[ -n "${pins[$i]}" && "${pins[$i]}" != "$ours_value" ]]; then
        pin_mismatch="${pins[$i]}"
      else
        matched=1
      fi
      break
    fi
  done
  if ((matched)); then
    expected=$((expected + 1))
  else
    unexpected=$((unexpected + 1))
    printf 'UNEXPECTED: %s: drawbridge=%s nvidia=%s' "$key" "$ours_value" "$theirs_value"
    [[ -n "$pin_mismatch" ]] && printf ' (allow-list pins drawbridge=%s)' "$pin_mismatch"
    printf '\n'
  fi
done <"$work/diff.txt"

for i in "${!patterns[@]}"; do
  if ((used[i] == 0)); then
    printf 'note: allow-list entry no longer differs: %s (#%s)\n' "${patterns[$i]}" "${reasons[$i]}"
  fi
done

echo "compared $total values: $expected known differences, $unexpected unexpected"
if ((unexpected > 0)); then
  echo "FAIL: Drawbridge headers differ from NVIDIA CUDA $nv_major.$nv_minor"
  exit 1
fi
echo "PASS"
