#!/usr/bin/env python3
"""Language-server latency: from an edit to its diagnostics, median and p95 over 50 edits.

Two documents: a generated 1,500-line kernel file (no includes), and a real kernel with a large
include prelude (by default hashcat's m00000_a0-pure.cl with its inc_*.cl headers, from the
checkout bench/realworld.py uses; --prelude-file and --flags choose another). Each edit
changes one literal and waits for the publishDiagnostics of that version; the server runs with
--debounce-ms=0 so the number is the lint, not the debounce.

    bench/lsp_latency.py [--cllint PATH] [--root /work/realworld] [--edits 50]

Python 3 standard library only; prints a Markdown table.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'test', 'integration'))
sys.path.insert(0, HERE)
import lsp_client  # noqa: E402  (the LSP client of the integration tests)
import realworld  # noqa: E402


def generated_kernel(lines):
    """A kernel file of about `lines` lines: helper functions with loops and arithmetic."""
    out = ['#pragma OPENCL EXTENSION cl_khr_fp64 : enable']
    i = 0
    while len(out) < lines - 8:
        out += [f'float helper{i}(__global const float *x, int n, int k) {{',
                '  float acc = 0.0f;',
                '  for (int j = 0; j < n; ++j)',
                f'    acc += x[j * k] * {i + 1}.5f;',
                '  return acc;',
                '}']
        i += 1
    calls = ' + '.join(f'helper{k}(x + g, n, {k + 2})' for k in range(0, i, max(1, i // 20)))
    out += ['__kernel void big(__global float *o, __global const float *x, int n) {',
            '  size_t g = get_global_id(0);',
            f'  o[g] = ({calls}) * 0.15; // the edited literal',
            '}']
    return '\n'.join(out) + '\n'


def measure(cllint, path, text, edits):
    s = lsp_client.Server(cllint, '--debounce-ms=0')
    s.initialize()
    uri = lsp_client.uri_of(path)
    s.open(uri, text)
    s.diagnostics(uri, 1)
    times = []
    for v in range(2, edits + 2):
        edited = text.replace('0.15;', f'0.{v + 10};', 1) if '0.15;' in text else \
            text + f'\n// edit {v}\n'
        t0 = time.monotonic()
        s.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': v},
                                            'contentChanges': [{'text': edited}]})
        s.diagnostics(uri, v)
        times.append(time.monotonic() - t0)
    s.finish()
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cllint', default=os.path.join(HERE, '..', 'build/tools/cllint/cllint'))
    ap.add_argument('--root', default='/work/realworld')
    ap.add_argument('--config', default=os.path.join(HERE, 'realworld-repos.json'))
    ap.add_argument('--prelude-file', default='hashcat/OpenCL/m00000_a0-pure.cl')
    ap.add_argument('--edits', type=int, default=50)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        big = os.path.join(tmp, 'big.cl')
        text = generated_kernel(1500)
        with open(big, 'w') as f:
            f.write(text)
        rows.append(('generated kernel, %d lines, no includes' % text.count('\n'),
                     measure(args.cllint, big, text, args.edits)))
    path = os.path.join(args.root, args.prelude_file)
    if os.path.exists(path):
        # The kernel is opened from a scratch directory whose .cllint.yaml carries its flags
        # (the includes are found through the flags' absolute -I paths).
        cfg = realworld.load_config(args.config)
        repo_name = args.prelude_file.split('/')[0]
        repo = next(r for r in cfg['repos'] if r['dir'] == repo_name or r['name'] == repo_name)
        repo_dir = os.path.join(args.root, repo['dir'])
        rel = os.path.relpath(path, repo_dir)
        flags = realworld.file_flags(repo, rel, repo_dir)
        with open(path) as f:
            text = f.read()
        std = [fl[len('-cl-std='):] for fl in flags if fl.startswith('-cl-std=')]
        rest = [fl for fl in flags if not fl.startswith('-cl-std=')]
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, '.cllint.yaml'), 'w') as f:
                f.write('std: %s\nflags: %s\n' % (std[0] if std else 'CL1.2',
                                                    json.dumps(rest)))
            copy = os.path.join(tmp, os.path.basename(path))
            with open(copy, 'w') as f:
                f.write(text)
            lines = text.count('\n')
            rows.append((f'{args.prelude_file} ({lines} lines) with its include prelude',
                         measure(args.cllint, copy, text, args.edits)))
    print('| document | median (ms) | p95 (ms) |')
    print('|---|---|---|')
    for name, (med, p95) in rows:
        print(f'| {name} | {med * 1000:.0f} | {p95 * 1000:.0f} |')


if __name__ == '__main__':
    main()
