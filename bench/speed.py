#!/usr/bin/env python3
"""Speed of cllint on the kernel corpus, next to clang's own parse of the same files.

Times, as the median of N runs after one warm-up run:
  * cllint over every corpus file in one process, with -j1 and with the default (all cores);
  * clang-19 -x cl -cl-std=CL1.2 --target=spir64 -fsyntax-only over the same files, one process
    per file (what a build system would do), sequentially.
Files whose RUN line asks for another OpenCL C version (--std=CL2.0) are given it, to both tools;
cllint is therefore run once per group of files sharing a version.
Peak RSS is read from /usr/bin/time -v when it exists, else from getrusage of a child process.

Python 3 standard library only. Always exits 0.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

STD_RE = re.compile(r"--(?:cl-)?std[= ](CL\d\.\d)")
RUN_RE = re.compile(r"^\s*//\s*RUN:.*%cllint(.*)$")


def corpus_files(corpus):
    """[(path, std)] for every .cl file, std taken from the first RUN line that sets one."""
    out = []
    for root, _, names in os.walk(corpus):
        for n in sorted(names):
            if not n.endswith(".cl"):
                continue
            path = os.path.join(root, n)
            std = "CL1.2"
            with open(path, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    m = RUN_RE.match(line)
                    if m:
                        s = STD_RE.search(m.group(1))
                        if s:
                            std = s.group(1)
                            break
            out.append((path, std))
    out.sort()
    return out


def run_quiet(cmd):
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(commands):
    """Wall time in ms of running the commands one after the other."""
    t0 = time.perf_counter()
    for cmd in commands:
        run_quiet(cmd)
    return (time.perf_counter() - t0) * 1000.0


def peak_rss_kib(commands):
    """Largest peak RSS (KiB) of any of the commands, each measured in its own process."""
    peak = 0
    gnu_time = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
    for cmd in commands:
        if gnu_time:
            p = subprocess.run([gnu_time, "-v"] + cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            m = re.search(r"Maximum resident set size \(kbytes\):\s*(\d+)", p.stderr)
            if m:
                peak = max(peak, int(m.group(1)))
                continue
        # A fresh interpreter, so that RUSAGE_CHILDREN covers this command only.
        probe = ("import resource,subprocess,sys;"
                 "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
                 "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        p = subprocess.run([sys.executable, "-c", probe] + cmd, stdout=subprocess.PIPE, text=True)
        try:
            peak = max(peak, int(p.stdout.strip().splitlines()[-1]))
        except (ValueError, IndexError):
            pass
    return peak


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cllint", required=True, help="path of the cllint binary")
    ap.add_argument("--corpus", required=True, help="kernels-corpus directory")
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang-19",
                    help="clang binary for the baseline (default clang-19)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per configuration (median)")
    args = ap.parse_args()

    files = corpus_files(args.corpus)
    if not files:
        print("speed.py: no .cl files under %s" % args.corpus)
        return
    groups = {}
    for path, std in files:
        groups.setdefault(std, []).append(path)

    def cllint_cmds(extra):
        return [[args.cllint, "--quiet", "--color=never", "--std=" + std] + extra + paths
                for std, paths in sorted(groups.items())]

    clang_cmds = [[args.clang, "-x", "cl", "-cl-std=" + std, "--target=spir64", "-fsyntax-only",
                   "-w", path] for path, std in files]

    configs = [
        ("cllint -j1", cllint_cmds(["-j1"])),
        ("cllint (default -j, %d cores)" % (os.cpu_count() or 1), cllint_cmds([])),
        ("clang-19 -fsyntax-only, 1 process/file", clang_cmds),
    ]
    if shutil.which(args.clang) is None and not os.access(args.clang, os.X_OK):
        configs.pop()
        print("speed.py: %s not found, clang baseline skipped" % args.clang)

    rows = []
    for name, cmds in configs:
        timed(cmds)  # warm-up: page cache, shared libraries
        samples = [timed(cmds) for _ in range(max(1, args.runs))]
        med = statistics.median(samples)
        rss = peak_rss_kib(cmds)
        rows.append((name, str(len(files)), "%.0f" % med, "%.1f" % (med / len(files)),
                     "%.0f" % (min(samples)), "%.0f" % (max(samples)),
                     "%.1f" % (rss / 1024.0) if rss else "-"))

    header = ("tool", "files", "total ms", "ms/file", "min ms", "max ms", "peak RSS MiB")
    widths = [max(len(x) for x in col) for col in zip(header, *rows)]
    def fmt(row):
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w)
                         for i, (v, w) in enumerate(zip(row, widths)))
    print("Speed on %s: %d files, median of %d runs after a warm-up"
          % (args.corpus, len(files), args.runs))
    print()
    print(fmt(header))
    print(fmt(["-" * w for w in widths]))
    for r in rows:
        print(fmt(r))
    print("\ncllint runs once per OpenCL C version group (%s); clang once per file."
          % ", ".join("%s: %d" % (s, len(p)) for s, p in sorted(groups.items())))


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # report, never fail the build
        print("speed.py: %s" % e, file=sys.stderr)
    sys.exit(0)
