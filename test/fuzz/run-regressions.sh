#!/usr/bin/env bash
# Runs a fuzz target once on every saved input in a regressions/<target>/ directory (README.md
# excluded); fails when any of them crashes.
set -u
fuzzer=$1 dir=$2
shopt -s nullglob
inputs=()
for f in "$dir"/*; do
  [[ -f $f && $(basename "$f") != README.md ]] && inputs+=("$f")
done
if (( ${#inputs[@]} == 0 )); then
  echo "no regression inputs in $dir"
  exit 0
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0
for f in "${inputs[@]}"; do
  if "$fuzzer" -runs=1 -timeout=60 -artifact_prefix="$scratch/" "$f" >"$scratch/log" 2>&1; then
    echo "ok    $(basename "$f")"
  else
    echo "FAIL  $(basename "$f")"
    grep -m1 -aE 'ERROR: |runtime error|invariant failed|ALARM' "$scratch/log" | sed 's/^/      /'
    failed=1
  fi
done
exit $failed
