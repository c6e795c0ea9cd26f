#!/usr/bin/env python3
"""Analysis time against the number of variables updated from one another in a loop.

The pattern of hash kernels such as shavite's c512: K round keys in a loop, each rotated and
XORed with others every iteration, some under a condition on the iteration, each read through a
table lookup. The value analysis must stay polynomial in K (it degrades to "unknown" past a
budget and says so). Prints one line per K and fails when a run takes longer than LIMIT
seconds or the time grows faster than K^3 between the smallest and the largest K.

usage: bench/analysis_scaling.py CLLINT [--limit SECONDS]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def kernel(k):
    lines = ["__kernel void c512(__global uint *out, __global const uint *in,",
             "                   __constant uint *T, uint c0, uint c1) {"]
    lines += [f"  uint k{i} = in[{i}];" for i in range(k)]
    lines += ["  uint x = in[get_global_id(0)];", "  for (int r = 0; r < 3; r++) {"]
    for i in range(k):
        a, b, p = (i + 1) % k, (i + 2) % k, (i + k - 4) % k
        lines.append(f"    k{i} ^= T[k{a} & 255] ^ T[(k{b} >> 8) & 255] ^ k{p};")
        if i % 4 == 0:
            lines.append(f"    if (r == {i % 3}) {{ k{i} ^= c0; k{(i + 1) % k} ^= c1; }}")
        lines.append(f"    x ^= T[(x ^ k{i}) & 255];")
    lines += ["  }", "  out[get_global_id(0)] = x;", "}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cllint")
    ap.add_argument("--limit", type=float, default=20.0)
    args = ap.parse_args()
    sizes = [8, 16, 24, 32, 48, 64]
    times = {}
    with tempfile.TemporaryDirectory() as d:
        for k in sizes:
            path = os.path.join(d, f"c512_k{k}.cl")
            with open(path, "w") as f:
                f.write(kernel(k))
            start = time.monotonic()
            p = subprocess.run([args.cllint, "--no-cache", "--no-config", path],
                               capture_output=True, text=True, timeout=args.limit * 10)
            times[k] = time.monotonic() - start
            stopped = "stopped" in p.stderr
            print(f"K={k:3d}  {times[k]:7.2f} s  exit {p.returncode}"
                  f"{'  (analysis budget reached, said so)' if stopped else ''}")
            if p.returncode == 2:
                print(p.stderr, file=sys.stderr)
                return 1
    worst = max(times.values())
    growth = times[sizes[-1]] / max(times[sizes[0]], 0.05)
    bound = (sizes[-1] / sizes[0]) ** 3
    print(f"largest {worst:.2f} s (limit {args.limit} s); growth {growth:.1f}x for "
          f"{sizes[-1] // sizes[0]}x the variables (bound {bound:.0f}x)")
    return 0 if worst <= args.limit and growth <= bound else 1


if __name__ == "__main__":
    sys.exit(main())
