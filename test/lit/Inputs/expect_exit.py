#!/usr/bin/env python3
"""expect_exit.py CODE CMD ARGS...: runs CMD, passing its output through, and succeeds only
when it exits with CODE (lit's `not` cannot tell exit 1 from exit 2)."""
import subprocess, sys

want = int(sys.argv[1])
got = subprocess.run(sys.argv[2:]).returncode
if got != want:
    sys.stderr.write(f"expected exit {want}, got {got}: {' '.join(sys.argv[2:])}\n")
    sys.exit(1)
