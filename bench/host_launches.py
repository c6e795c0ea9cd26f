#!/usr/bin/env python3
"""Where real kernels get their work-group shapes, and what host code changes.

For each benchmark directory of rodinia and SHOC under --root (as bench/realworld.py --prepare
extracts them), lints the directory's kernels twice, with the same flags as realworld.py:
alone, and together with the directory's C/C++ host files (--host DIR). It prints per directory
how many kernels took their shape from the host, the config, their own attribute, inference
(from `__local` tiles or indices; from guards) or the default (1-D, or spread over the 2 or 3
dimensions the kernel uses: default-nd) (`cllint --dump-launches`), and how many findings changed (appeared, disappeared
or changed message) once the host code was read.

    bench/host_launches.py --root /work/realworld [--markdown OUT]

Standard library only; nothing third-party is copied.
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realworld  # noqa: E402  (the repositories' flags)

SUITES = {'rodinia': 'opencl/*/', 'SHOC': 'src/opencl/level*/*/'}


def cllint(args, cmd):
    p = subprocess.run([args.cllint, '--no-config', '--quiet', '-j', '2'] +
                       realworld.no_cache(args.cllint) + cmd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    return p.stdout, p.stderr


def findings(args, files, hosts, flags):
    cmd = ['--format=json'] + files + [f'--host={h}' for h in hosts] + ['--'] + flags
    out, _ = cllint(args, cmd)
    try:
        doc = json.loads(out)
    except ValueError:
        return {}
    res = {}
    for f in doc.get('findings', []):
        if f['rule'].startswith('clang-') or not f['file'].endswith('.cl'):
            continue
        res[(f['file'], f['line'], f['column'], f['rule'])] = f['message']
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default='/work/realworld')
    ap.add_argument('--cllint', default=os.path.join(HERE, '..', 'build/tools/cllint/cllint'))
    ap.add_argument('--markdown', metavar='OUT')
    args = ap.parse_args()
    cfg = realworld.load_config(realworld.DEFAULT_CONFIG)
    rows, total = [], collections.Counter()
    for repo in cfg['repos']:
        if repo['name'] not in SUITES:
            continue
        repo_dir = os.path.join(args.root, repo['dir'])
        for d in sorted(glob.glob(os.path.join(repo_dir, SUITES[repo['name']]))):
            kernels = sorted(glob.glob(os.path.join(d, '**/*.cl'), recursive=True))
            hosts = sorted(h for h in glob.glob(os.path.join(d, '**/*'), recursive=True)
                           if os.path.splitext(h)[1] in ('.c', '.cc', '.cpp', '.cxx'))
            if not kernels or not hosts:
                continue
            rel = os.path.relpath(kernels[0], repo_dir)
            flags = realworld.file_flags(repo, rel, repo_dir)
            flags = [f for f in flags if not f.startswith('-cl-std')] + \
                [f for f in flags if f.startswith('-cl-std')]
            host_args = [f'--host-arg=-I{d}', f'--host-arg=-I{os.path.dirname(d.rstrip("/"))}']
            out, err = cllint(args, ['--dump-launches'] + host_args + kernels +
                              [f'--host={h}' for h in hosts] + ['--'] + flags)
            src = collections.Counter()
            for line in out.splitlines():
                m = re.search(r': kernel \S+: work-group \S+ \((.*)\)', line)
                if not m:
                    continue
                s = m.group(1)
                kind = ('host' if s.startswith('host launch') else
                        'config' if s.startswith('config') else
                        'attribute' if s.startswith('reqd_work_group_size') else
                        'guard' if s.startswith('inferred from the guard') else
                        'inferred' if s.startswith('inferred') else
                        'default-nd' if s.startswith('profile default of') else 'default')
                src[kind] += 1
            launches = sum(1 for l in out.splitlines() if re.match(r'\S+:\d+: ', l))
            alone = findings(args, kernels, [], flags)
            hosted = findings(args, kernels, hosts, flags + [])
            changed = sum(1 for k in set(alone) | set(hosted) if alone.get(k) != hosted.get(k))
            row = dict(suite=repo['name'], dir=os.path.relpath(d, repo_dir), kernels=sum(src.values()),
                       launches=launches, changed=changed, alone=len(alone), hosted=len(hosted),
                       host_errors=err.count('did not compile cleanly'), **src)
            rows.append(row)
            total.update({k: v for k, v in row.items() if isinstance(v, int)})
    cols = ['suite', 'dir', 'kernels', 'launches', 'host', 'attribute', 'config', 'inferred',
            'guard', 'default', 'default-nd', 'alone', 'hosted', 'changed', 'host_errors']
    lines = ['| ' + ' | '.join(cols) + ' |', '|' + '---|' * len(cols)]
    for r in rows + [dict(total, suite='**total**', dir='')]:
        lines.append('| ' + ' | '.join(str(r.get(c, 0)) for c in cols) + ' |')
    text = '\n'.join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, 'w') as f:
            f.write(text + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
