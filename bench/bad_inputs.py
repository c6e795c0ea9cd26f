#!/usr/bin/env python3
"""The bad-input sweep of docs/robustness.md: each hostile input is run through cllint with
its own process; prints a Markdown table of exit code, wall time, peak RSS and the first
line cllint printed about it. A crash (signal) or a run over the limit is a failure.

usage: bench/bad_inputs.py [--cllint build/tools/cllint/cllint] [--limit 300]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

GOOD = "__kernel void ok(__global float *y) { y[get_global_id(0) * 2] = 1.0f; }\n"


def cases(d):
    """(name, argv after cllint, expected exit codes)."""
    def write(name, text, mode="w"):
        p = os.path.join(d, name)
        with open(p, mode) as f:
            f.write(text)
        return p

    good = write("good.cl", GOOD)
    out = []
    out.append(("missing file", [os.path.join(d, "missing.cl"), good], {2}))
    os.makedirs(os.path.join(d, "empty"), exist_ok=True)
    out.append(("directory without kernels", [os.path.join(d, "empty"), good], {2}))
    out.append(("binary file", [write("bin.cl", b"k\x00\x01\x02" * 1000, "wb"), good], {2}))
    fifo = os.path.join(d, "fifo.cl")
    os.mkfifo(fifo)
    out.append(("FIFO argument", [fifo, good], {2}))
    out.append(("/dev/zero argument", ["/dev/zero", good], {2}))
    out.append(("#include \"/dev/zero\"",
                [write("devzero.cl", '#include "/dev/zero"\n' + GOOD), good], {2}))
    out.append(("-include /dev/stdin", [good, "-include", "/dev/stdin"], {2}))
    kernel = "__kernel void k%d(__global float *y) { y[get_global_id(0)] = y[0] * 2.0f; }\n"
    big = os.path.join(d, "big.cl")  # ~100 MB, written in pieces: a child's peak RSS starts
    with open(big, "w") as f:        # from this process's, so this process stays small
        for i in range(1400000):
            f.write(kernel % i)
    out.append(("100 MB file (default limit)", [big, good], {2}))
    out.append(("100 MB file, --max-file-size=200000000",
                ["--max-file-size=200000000", "--file-timeout=600", big], {0, 1}))
    out.append(("10,000-deep parentheses",
                [write("parens.cl", "__kernel void k(__global int *p) { p[0] = " + "(" * 10000 +
                       "1" + ")" * 10000 + "; }\n"), good], {2}))
    long_sum = "__kernel void k(__global int *p) { p[get_global_id(0)] = " + " + ".join(
        ["p[%d]" % (i % 7) for i in range(50000)]) + "; }\n"
    out.append(("50,000-term expression", [write("sum.cl", long_sum), good], {0, 1}))
    bomb = "".join("#define M%d M%d M%d\n" % (i + 1, i, i) for i in range(30))
    out.append(("macro bomb (2^30 tokens)",
                [write("bomb.cl", "#define M0 x\n" + bomb +
                                            "__kernel void k() { M30; }\n"), good], {2}))
    write("a.h", '#include "b.h"\n')
    write("b.h", '#include "a.h"\n')
    out.append(("include cycle", [write("cycle.cl", '#include "a.h"\n' + GOOD), good], {2}))
    name = "T" * 50000
    typo = "typedef int %s;\n__kernel void k(__global int *p) {\n" % name + "".join(
        "  %sX v%d = 0; p[%d] = v%d;\n" % (name, i, i, i) for i in range(10)) + "}\n"
    out.append(("50,000-char identifier misspelled 10 times", [write("typo.cl", typo), good], {2}))
    loop = os.path.join(d, "loop")
    os.makedirs(os.path.join(loop, "sub"), exist_ok=True)
    shutil.copy(good, os.path.join(loop, "sub", "k.cl"))
    os.symlink(".", os.path.join(loop, "a"))
    os.symlink(".", os.path.join(loop, "b"))
    os.symlink("..", os.path.join(loop, "sub", "up"))
    out.append(("directory symlink loops", [loop], {1}))
    out.append(("baseline nested 100,000 deep",
                ["--baseline", write("deep.json", "[" * 100000), good], {2}))
    cfgdir = os.path.join(d, "badcfg")
    os.makedirs(cfgdir, exist_ok=True)
    write("badcfg/.cllint.yaml", "rules: [memory-*\nprofile: {")
    out.append(("unparsable .cllint.yaml", [write("badcfg/k.cl", GOOD), good], {2}))
    out.append(("reqd_work_group_size(4294967295,1,1)",
                [write("wg.cl", "__kernel __attribute__((reqd_work_group_size(4294967295, 1, 1)))"
                       " void k(__global float *p) { p[0] = 1.0f; }\n"), good], {1}))
    out.append(("INT64_MIN / -1 and 2^64 strides",
                [write("ovf.cl", "__kernel void k(__global float *p) { long x = get_global_id(0);"
                       " long m = -9223372036854775807L - 1L; p[m / -1 + x] = 1.0f;"
                       " p[x * 4611686018427387904L * 4] = 2.0f; }\n"), good], {0, 1}))
    out.append(("self-updating pointer `p = p + k`",
                [write("selfptr.cl", "__kernel void k(__global float *p, int n) { for (int i = 0;"
                       " i < n; ++i) { p[get_global_id(0)] = 1.0f; p = p + 64; } }\n"), good],
                {0, 1}))
    ids = ",".join(["memory-global-stride"] * 2500)
    out.append(("50,000-char NOLINT list",
                [write("nolint.cl", "// NOLINT(" + ids + ")\n" + GOOD), good], {1}))
    out.append(("clang crash (#pragma clang __debug crash)",
                [write("crash.cl", "#pragma clang __debug crash\n" + GOOD), good], {2}))
    out.append(("report to a full disk (-o /dev/full)", ["-o", "/dev/full", good], {2}))
    return out


def run(cllint, args, limit):
    """Exit code (None when killed at the limit), seconds, peak RSS in MiB, first stderr line."""
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        start = time.monotonic()
        proc = subprocess.Popen([cllint, "--quiet", "--color=never", *args],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        timer = threading.Timer(limit, proc.kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak RSS
        timer.cancel()
        secs = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        lines = []
        for stream in (err, out):  # cllint's own errors first, then the file's first finding
            stream.seek(0)
            lines += [l for l in stream.read(1 << 16).decode("utf-8", "replace").splitlines()
                      if l.strip() and not l.startswith(" ")]
    killed = secs >= limit and proc.returncode < 0
    code = None if killed else proc.returncode
    return code, secs, usage.ru_maxrss // 1024, lines[0] if lines else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cllint", default="build/tools/cllint/cllint")
    ap.add_argument("--limit", type=int, default=300)
    a = ap.parse_args()
    cllint = os.path.abspath(a.cllint)
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        print("| input | exit | expected | time (s) | peak RSS (MiB) | what cllint says |")
        print("|---|---|---|---|---|---|")
        for name, args, expected in cases(d):
            code, secs, rss, first = run(cllint, args, a.limit)
            ok = code is not None and code in expected
            failed += not ok
            first = first.replace(d + "/", "").replace("|", "\\|")
            if len(first) > 160:
                first = first[:157] + "..."
            print("| %s | %s | %s | %.2f | %d | %s |" % (
                name, code if code is not None else "killed", "/".join(map(str, sorted(expected))),
                secs, rss, first + ("" if ok else " **(unexpected)**")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
