#!/usr/bin/env python3
"""Speed of cllint on real kernels, side by side with clang and clang-tidy on the same files.

The files and their compile flags are those of bench/realworld.py (bench/realworld-repos.json,
checkouts under --root, never committed). On the same files and the same number of workers:

  * cllint cold: one process per group of files sharing their flags (N processes at a time, or
    one with -jN when there are fewer groups than workers), an empty cache;
  * cllint warm: the same again, every result in the cache;
  * cllint with one file changed: the warm run after one file's text changes by a trailing
    comment (restored afterwards);
  * cllint cold and warm in one process (-jN) over every file, their flags given by a project
    config (`paths:` entries, written beside the files for the run and removed after), as a
    project lints itself: files whose #include blocks begin alike share a parsed preamble;
  * clang-19 -fsyntax-only, one process per file, N at a time;
  * clang-tidy-19 --checks='-*,altera-*', one process per file, N at a time;

then the wall time, files/s, lines/s (the files' own lines), the peak RSS of one process and the
ratios to the clang parse. Single-file latency: one kernel alone, cold and warm.

Python 3 standard library only; prints a Markdown table (and --json for the raw numbers).
"""

import argparse
import concurrent.futures
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realworld  # noqa: E402  (the same file list and flags)


def child_rss_kb():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def run(cmd, cwd=None):
    """(wall seconds, peak RSS in KiB of this child) for one process."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, status, usage = os.wait4(p.pid, 0)
    return time.monotonic() - t0, usage.ru_maxrss


def parallel(cmds, workers):
    """Runs every command, `workers` at a time; (wall, peak RSS KiB of one process)."""
    t0 = time.monotonic()
    peak = 0
    with concurrent.futures.ThreadPoolExecutor(workers) as ex:
        for _, rss in ex.map(run, cmds):
            peak = max(peak, rss)
    return time.monotonic() - t0, peak


def groups_of(jobs):
    """{flags tuple: [paths]} in a stable order."""
    out = {}
    for repo, repo_dir, rel in jobs:
        flags = tuple(realworld.file_flags(repo, rel, repo_dir))
        out.setdefault(flags, []).append(os.path.join(repo_dir, rel))
    return out


def cllint_runs(cllint, groups, workers, cache):
    """One cllint process per group of files sharing their flags; (wall, peak RSS KiB).

    With at least as many groups as workers, the groups run `workers` at a time, each process
    on one thread (as the clang loop runs files); otherwise one group at a time on every worker.
    """
    many = len(groups) >= workers
    cmds = []
    for flags, paths in groups.items():
        std = [f for f in flags if f.startswith('-cl-std=')]
        rest = [f for f in flags if not f.startswith('-cl-std=')]
        cmds.append([cllint, '--no-config', '--quiet', '--exit-zero',
                     '-j', '1' if many else str(workers), '--cache-dir', cache, '--format=json',
                     '-o', os.devnull] + paths + ['--'] + std + rest)
    return parallel(cmds, workers if many else 1)


def project_config(groups):
    """A .cllint.yaml at the files' common directory giving each file its flags (`paths:`), so
    that one process lints them all, as a project would configure cllint; (path, text)."""
    paths = [p for ps in groups.values() for p in ps]
    root = os.path.commonpath(paths)
    entries = []
    for flags, ps in groups.items():
        std = [f[len('-cl-std='):] for f in flags if f.startswith('-cl-std=')]
        rest = [f for f in flags if not f.startswith('-cl-std=')]
        for p in ps:
            entry = {'glob': os.path.relpath(p, root), 'flags': rest}
            if std:
                entry['std'] = std[-1]
            entries.append(entry)
    # JSON is YAML; it quotes flags such as -DXM2S(x)=#x.
    return os.path.join(root, '.cllint-speed-bench.yaml'), json.dumps({'paths': entries}, indent=1)


def cllint_one_process(cllint, groups, workers, cache, config):
    """One cllint process over every file, -j workers, flags from the project config."""
    paths = [p for ps in groups.values() for p in ps]
    cmd = [cllint, '--config', config, '--quiet', '--exit-zero', '-j', str(workers),
           '--cache-dir', cache, '--format=json', '-o', os.devnull] + paths
    return parallel([cmd], 1)


def count_lines(paths):
    n = 0
    for p in paths:
        with open(p, 'rb') as f:
            n += f.read().count(b'\n')
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default='/work/realworld')
    ap.add_argument('--config', default=os.path.join(HERE, 'realworld-repos.json'))
    ap.add_argument('--repos', help='comma-separated repo names (default: all)')
    ap.add_argument('--limit', type=int, help='at most N files per repo')
    ap.add_argument('--cllint', default=os.path.join(HERE, '..', 'build/tools/cllint/cllint'))
    ap.add_argument('--clang', default=shutil.which('clang-19') or 'clang-19')
    ap.add_argument('--clang-tidy', default=shutil.which('clang-tidy-19') or 'clang-tidy-19')
    ap.add_argument('-j', '--workers', type=int, default=2)
    ap.add_argument('--json', metavar='OUT')
    args = ap.parse_args()
    cfg = realworld.load_config(args.config)
    jobs = realworld.collect(args, cfg)
    groups = groups_of(jobs)
    paths = [p for ps in groups.values() for p in ps]
    lines = count_lines(paths)
    rows, raw = [], {'files': len(paths), 'lines': lines, 'groups': len(groups)}
    print(f"{len(paths)} files, {lines} lines, {len(groups)} flag groups, {args.workers} workers",
          file=sys.stderr)

    cache = tempfile.mkdtemp(prefix='cllint-speed-')
    try:
        raw['cold'] = cllint_runs(args.cllint, groups, args.workers, cache)
        raw['warm'] = cllint_runs(args.cllint, groups, args.workers, cache)
        # One file changed (a trailing comment, restored afterwards): the warm run then costs
        # that file's lint on top of the reuse of every other.
        touched = [next(iter(groups.values()))[0]]
        saved = {}
        try:
            for p in touched:
                with open(p, 'rb') as f:
                    saved[p] = f.read()
                with open(p, 'ab') as f:
                    f.write(b'\n// cllint speed benchmark\n')
            raw['one-changed'] = cllint_runs(args.cllint, groups, args.workers, cache)
        finally:
            for p, data in saved.items():
                with open(p, 'wb') as f:
                    f.write(data)
        raw['one-changed-files'] = len(touched)
    finally:
        shutil.rmtree(cache, ignore_errors=True)

    # The same files in one process, their flags in a project config: files share preambles.
    config, text = project_config(groups)
    cache = tempfile.mkdtemp(prefix='cllint-speed-')
    try:
        with open(config, 'w') as f:
            f.write(text)
        raw['cold-1p'] = cllint_one_process(args.cllint, groups, args.workers, cache, config)
        raw['warm-1p'] = cllint_one_process(args.cllint, groups, args.workers, cache, config)
    finally:
        os.unlink(config)
        shutil.rmtree(cache, ignore_errors=True)

    clang_cmds = [realworld.clang_cmd(args, list(fl), p) for fl, ps in groups.items() for p in ps]
    raw['clang'] = parallel(clang_cmds, args.workers)
    if shutil.which(args.clang_tidy) or os.path.exists(args.clang_tidy):
        tidy_cmds = [[args.clang_tidy, "--checks=-*,altera-*", '--quiet', p, '--', '-x', 'cl',
                      '--target=spir64'] + list(fl) for fl, ps in groups.items() for p in ps]
        raw['clang-tidy'] = parallel(tidy_cmds, args.workers)

    # Single-file latency: the largest file, alone, cold then warm.
    big_flags, big = max(((fl, p) for fl, ps in groups.items() for p in ps),
                         key=lambda x: os.path.getsize(x[1]))
    one = tempfile.mkdtemp(prefix='cllint-one-')
    try:
        single = {big_flags: [big]}
        raw['single-cold'] = cllint_runs(args.cllint, single, 1, one)
        raw['single-warm'] = cllint_runs(args.cllint, single, 1, one)
        raw['single-file'] = os.path.relpath(big, args.root)
    finally:
        shutil.rmtree(one, ignore_errors=True)

    base = raw['clang'][0]
    print(f"| run | wall (s) | files/s | lines/s | peak RSS of one process (MiB) | vs clang parse |")
    print("|---|---|---|---|---|---|")
    for name in ['cold', 'warm', 'one-changed', 'cold-1p', 'warm-1p', 'clang', 'clang-tidy']:
        if name not in raw:
            continue
        wall, rss = raw[name]
        label = {'cold': 'cllint cold', 'warm': 'cllint warm (nothing changed)',
                 'one-changed': f"cllint warm, {raw['one-changed-files']} file(s) changed",
                 'cold-1p': 'cllint cold, one process, flags from a project config',
                 'warm-1p': 'cllint warm, one process, flags from a project config',
                 'clang': 'clang-19 -fsyntax-only per file',
                 'clang-tidy': "clang-tidy-19 -checks='-*,altera-*' per file"}[name]
        print(f"| {label} | {wall:.1f} | {len(paths) / wall:.1f} | {lines / wall:.0f} | "
              f"{rss / 1024:.0f} | {wall / base:.2f}x |")
    print(f"\nSingle file ({raw['single-file']}): cold {raw['single-cold'][0]:.2f} s, "
          f"warm {raw['single-warm'][0]:.2f} s")
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(raw, f, indent=1)


if __name__ == '__main__':
    main()
