#!/bin/sh
# The real pre-commit running this repository's .pre-commit-hooks.yaml in a throwaway git
# repository, offline: a clean kernel commits, a kernel with a finding is refused with the
# diagnostic shown, and the fix hook rewrites the file.
# usage: precommit_test.sh /path/to/cllint /path/to/source-root
set -eu
CLLINT_DIR=$(cd "$(dirname "$1")" && pwd)
SRC=$(cd "$2" && pwd)
if ! command -v pre-commit >/dev/null 2>&1; then
  echo "SKIP: pre-commit is not installed (apt-get install pre-commit)"
  exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" PRE_COMMIT_HOME="$TMP/pre-commit-home" GIT_CONFIG_NOSYSTEM=1
export PATH="$CLLINT_DIR:$PATH"
mkdir -p "$HOME"
git config --global user.name "cllint test"
git config --global user.email "test@example.invalid"
git config --global init.defaultBranch main
fail() { echo "FAIL: $*"; exit 1; }

# A hook repository holding the hooks file as it is in the working tree (no network: pre-commit
# clones it from the local path).
git init -q "$TMP/hooks"
cp "$SRC/.pre-commit-hooks.yaml" "$TMP/hooks/"
git -C "$TMP/hooks" add .pre-commit-hooks.yaml
git -C "$TMP/hooks" commit -q -m hooks
REV=$(git -C "$TMP/hooks" rev-parse HEAD)

git init -q "$TMP/proj"
cd "$TMP/proj"
# The project's config: one hook of the hook repository, with optional args.
use_hook() {
  {
    printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n' "$TMP/hooks" "$REV" "$1"
    [ -z "${2:-}" ] || printf '        args: [%s]\n' "$2"
  } > .pre-commit-config.yaml
  git add .pre-commit-config.yaml
}
use_hook cllint
git commit -q -m config
pre-commit install >/dev/null

cat > clean.cl <<'CL'
__kernel void scale(__global float *y, __global const float *x) {
  size_t i = get_global_id(0);
  y[i] = x[i] * 0.1f;
}
CL
git add clean.cl
git commit -q -m "clean kernel" >"$TMP/out1.txt" 2>&1 || { cat "$TMP/out1.txt"; fail "clean kernel was refused"; }
grep -q "^cllint\.*Passed" "$TMP/out1.txt" || { cat "$TMP/out1.txt"; fail "the cllint hook did not run"; }
echo "ok: a clean kernel commits"

# The literal sits in a loop that is most of the kernel's time: a warning.
cat > bad.cl <<'CL'
__kernel void scale2(__global float *y, __global const float *x) {
  float v = x[get_global_id(0)];
  for (int k = 0; k < 64; ++k) v = v * 0.1 + 0.5f;
  y[get_global_id(0)] = v;
}
CL
git add bad.cl
if git commit -q -m "bad kernel" >"$TMP/out2.txt" 2>&1; then
  cat "$TMP/out2.txt"; fail "a kernel with a finding was committed"
fi
cat "$TMP/out2.txt"
grep -q "^cllint\.*Failed" "$TMP/out2.txt" || fail "no failed cllint hook in the output"
grep -q "bad.cl:3:40: warning: ~[0-9]*% of kernel 'scale2' (64 runs per work-item): double-precision literal '0.1'.*\[arith-double-literal\]" \
  "$TMP/out2.txt" || fail "the diagnostic is not shown"
echo "ok: a kernel with a finding is refused and the diagnostic shown"

# The fix hook (with --fix-unsafe: the f suffix is the only fix today and it is unsafe).
use_hook cllint-fix --fix-unsafe
if git commit -q -m "bad kernel" >"$TMP/out3.txt" 2>&1; then
  cat "$TMP/out3.txt"; fail "the fix hook let the unfixed file through"
fi
cat "$TMP/out3.txt"
grep -q "files were modified by this hook" "$TMP/out3.txt" || fail "pre-commit saw no modification"
grep -q "v = v \* 0.1f + 0.5f;" bad.cl || { cat bad.cl; fail "the file was not fixed"; }
git add bad.cl
git commit -q -m "bad kernel, fixed" >"$TMP/out4.txt" 2>&1 || { cat "$TMP/out4.txt"; fail "the fixed kernel was refused"; }
echo "ok: the fix hook rewrites the file; the fixed file commits"

# Many files in one commit: one cllint run (require_serial; cllint parallelises itself), so one
# summary line, not one per chunk pre-commit would hand to parallel processes.
use_hook cllint
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do sed "s/scale2/scale_$n/; s/0.1f/0.1/" bad.cl > many_$n.cl; done
git add many_*.cl
if git commit -q -m "many kernels" >"$TMP/out5.txt" 2>&1; then
  cat "$TMP/out5.txt"; fail "kernels with findings were committed"
fi
[ "$(grep -c 'finding(s):' "$TMP/out5.txt")" = 1 ] || { cat "$TMP/out5.txt"; fail "not one summary for one commit"; }
echo "ok: one commit of many kernels prints one summary"
