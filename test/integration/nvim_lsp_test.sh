#!/bin/sh
# Neovim's built-in LSP client against `cllint lsp`: diagnostics arrive, the code action's
# WorkspaceEdit is applied and written, and the file on disk then has the fix.
# usage: nvim_lsp_test.sh /path/to/cllint
set -eu
CLLINT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null 2>&1; then
  echo "SKIP: nvim is not installed (apt-get install neovim)"
  exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# é before the literal: the server's UTF-16 columns must match what Neovim converts to bytes.
cat > "$TMP/scale.cl" <<'CL'
__kernel void scale(__global float *y, __global const float *x) {
  size_t i = get_global_id(0);
  y[i] = x[i] /* é */ * 0.1;
}
CL
export CLLINT KERNEL="$TMP/scale.cl" RESULT="$TMP/result.json"
export XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" XDG_STATE_HOME="$TMP/state" \
  XDG_CACHE_HOME="$TMP/cache"
status=0
timeout 30 nvim --headless -n -i NONE -u "$HERE/nvim_lsp_test.lua" >"$TMP/nvim.log" 2>&1 || status=$?
cat "$TMP/nvim.log"
if [ ! -f "$RESULT" ]; then
  echo "FAIL: neovim exited with $status and wrote no result"
  exit 1
fi
cat "$RESULT"; echo
python3 - "$RESULT" "$KERNEL" "$status" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8").read()
line = "  y[i] = x[i] /* é */ * 0.1;"
col = len(line[:line.index("0.1")].encode("utf-8"))  # Neovim columns are bytes
checks = [
    (int(sys.argv[3]) == 0, "neovim exit status %s, failure: %s" % (sys.argv[3], r.get("failure"))),
    (r.get("diagnostics") == 1, "one diagnostic"),
    (r.get("code") == "arith-double-literal", "code"),
    (r.get("source") == "cllint", "source"),
    (r.get("severity") == 3, "severity information (vim.diagnostic.severity.INFO): a cold note"),
    (r.get("lnum") == 2 and r.get("col") == col and r.get("end_col") == col + 3,
     "position: line 2, bytes %d-%d" % (col, col + 3)),
    ("double-precision literal '0.1'" in r.get("message", ""), "message"),
    (str(r.get("href", "")).endswith("/rules/arith-double-literal/doc.md"), "codeDescription"),
    (r.get("actions") == ["Append 'f' to make the literal float (unsafe: may change results)",
                          "Ignore arith-double-literal on this line"], "code action titles"),
    (r.get("cleared") is True, "diagnostics cleared after the edit"),
    ("/* é */ * 0.1f;" in text, "the written file has 0.1f"),
]
bad = [what for ok, what in checks if not ok]
for what in bad:
    print("FAIL:", what)
print("file after the code action:\n" + text)
sys.exit(1 if bad else 0)
PY
