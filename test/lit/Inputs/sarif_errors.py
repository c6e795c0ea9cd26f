#!/usr/bin/env python3
"""Validates a SARIF file with Microsoft's SARIF Multitool under GitHub's ingestion rules and
prints every error-level result; exits 1 when there is any (or the tool is missing)."""
import json, os, subprocess, sys, tempfile

tool, sarif = sys.argv[1], sys.argv[2]
if not os.access(tool, os.X_OK):
    sys.exit(f"SARIF Multitool not found at {tool}; run tools/bootstrap.sh test")
with tempfile.TemporaryDirectory() as d:
    out = os.path.join(d, "validation.sarif")
    # Called directly: the npm wrapper goes through a shell that splits "Gh;Sarif" at ';'.
    p = subprocess.run([tool, "validate", "--rule-kind", "Gh;Sarif", "-o", out, sarif],
                       capture_output=True, text=True, timeout=300)
    if not os.path.exists(out):
        sys.exit(f"validator produced no output (exit {p.returncode}):\n{p.stdout}\n{p.stderr}")
    log = json.load(open(out))
errors = [r for run in log["runs"] for r in run.get("results", []) if r.get("level") == "error"]
for r in errors:
    print("error", r.get("ruleId"), json.dumps(r.get("message")))
print(f"{len(errors)} SARIF validation errors")
sys.exit(1 if errors else 0)
