#!/usr/bin/env python3
"""Plan `cllint verify` cases for flagged kernels of public OpenCL projects.

For each selected file of the repositories of bench/realworld-repos.json (checked out under
--root by `bench/realworld.py --prepare`), runs

    cllint verify --plan-only OUT/<name> [--spec SPEC] FILE -- <the project's flags>

with the flags the project's host code passes (bench/realworld.py's file_flags, plus the few
-D values a selected launch needs), and prints one row per finding of the selected kernels:
planned (fix or what-if) or refused with the planner's reason, then the totals. A finding is
one (kernel, line, rule); several findings on one line with the same rule count once.

    bench/verify_realworld.py --cllint build/tools/cllint/cllint --root /work/realworld \\
        --spec bench/verify-realworld.yaml --out /tmp/verify-rw
    bench/verify_realworld.py ... --no-spec          # what a user without a spec gets
    bench/verify_realworld.py ... --run --runner build/tools/cllint-runner/cllint-runner

The plan directories are what an NVIDIA GPU machine runs (`cllint-runner OUT/<name>`, or
`PLANS="OUT/a OUT/b ..." sh test/runner/run-on-gpu.sh`); --run executes them here (PoCL, a
smoke test: the spec's GPU sizes are slow on a CPU). Standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realworld  # noqa: E402  (file_flags, load_config)

# (repository dir under --root, file, kernels tried, extra flags the host passes for this launch)
SELECTION = [
    ('gpu-rodinia', 'opencl/kmeans/kmeans.cl', ['kmeans_swap'], []),
    ('gpu-rodinia', 'opencl/gaussian/gaussianElim_kernels.cl', ['Fan1', 'Fan2'], []),
    ('gpu-rodinia', 'opencl/nw/nw.cl', ['nw_kernel1', 'nw_kernel2'], []),
    ('gpu-rodinia', 'opencl/lud/lud_kernel.cl', ['lud_diagonal', 'lud_perimeter'], []),
    ('gpu-rodinia', 'opencl/srad/kernel/kernel_gpu_opencl.cl', ['srad_kernel'], []),
    ('gpu-rodinia', 'opencl/streamcluster/Kernels.cl', ['pgain_kernel'], []),
    # S3D.cpp:267-268 passes -DDIM/-DN_GP for the problem size; size 4 (single precision)
    ('shoc', 'src/opencl/level2/s3d/ratt.cl', ['ratt_kernel'], ['-DDIM=48', '-DN_GP=110592']),
    ('shoc', 'src/opencl/level2/s3d/ratx.cl', ['ratx_kernel'], ['-DDIM=48', '-DN_GP=110592']),
    ('shoc', 'src/opencl/level2/s3d/ratxb.cl', ['ratxb_kernel'], ['-DDIM=48', '-DN_GP=110592']),
    ('shoc', 'src/opencl/level1/stencil2d/stencil2d.cl', ['StencilKernel'], []),
    ('shoc', 'src/opencl/level1/gemm/gemmN.cl', ['sgemmNN'], []),
    ('shoc', 'src/opencl/level1/spmv/spmv.cl', ['spmv_csr_vector_kernel'], []),
    ('CLBlast', '_cllint_gen/level1/xaxpy.cl', ['Xaxpy'], []),
    ('CLBlast', '_cllint_gen/level1/xswap.cl', ['Xswap'], []),
    ('CLBlast', '_cllint_gen/level1/xscal.cl', ['Xscal'], []),
    ('CLBlast', '_cllint_gen/level1/xcopy.cl', ['Xcopy'], []),
    ('CLBlast', '_cllint_gen/level1/xdot.cl', ['Xdot'], []),
    ('arrayfire', 'src/backend/opencl/kernel/harris.cl', ['harris_responses'], []),
    ('arrayfire', 'src/backend/opencl/kernel/nonmax_suppression.cl', ['nonMaxSuppressionKernel'], []),
    ('openmm', 'platforms/opencl/src/kernels/utilities.cl', ['clearBuffer'], []),
]

SKIP_RE = re.compile(r"^cllint verify: skipped (?P<file>.*?): kernel '(?P<kernel>[^']+)', "
                     r"\d+ findings? \((?P<rules>[^)]*)\): (?P<reason>.*)$")


def plan_name(repo_dir, rel):
    return (repo_dir + '_' + os.path.splitext(rel)[0]).replace('/', '_')


def repo_by_dir(cfg, d):
    for r in cfg['repos']:
        if r['dir'] == d:
            return r
    raise SystemExit('verify_realworld: no repository with dir %r in %s' % (d, realworld.DEFAULT_CONFIG))


def parse_skips(stderr):
    """{(kernel, line, rule): reason} from verify's 'skipped' lines (used when no plan was written)."""
    out = {}
    for line in stderr.splitlines():
        m = SKIP_RE.match(line)
        if not m:
            continue
        for part in m.group('rules').split('; '):
            rm = re.match(r'(\S+) at lines? (.*)$', part)
            if not rm:
                continue
            for ln in rm.group(2).split(', '):
                out[(m.group('kernel'), int(ln), rm.group(1))] = m.group('reason')
    return out


def plan_file(args, cfg, repo_dir, rel, kernels, extra):
    repo = repo_by_dir(cfg, repo_dir)
    path = os.path.join(args.root, repo_dir, rel)
    flags = realworld.merge_flags(realworld.file_flags(repo, rel, os.path.join(args.root, repo_dir)),
                                  extra)
    out = os.path.join(args.out, plan_name(repo_dir, rel))
    if os.path.exists(os.path.join(out, 'plan.json')):
        os.remove(os.path.join(out, 'plan.json'))  # never report a stale plan
    cmd = [args.cllint, 'verify', '--no-config', '--plan-only', out]
    if args.spec:
        cmd += ['--spec', args.spec]
    cmd += [path, '--'] + flags
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=args.timeout)
    found = {}  # (kernel, line, rule) -> dict(status, detail)
    plan = os.path.join(out, 'plan.json')
    if os.path.exists(plan):
        with open(plan) as f:
            data = json.load(f)
        for c in data['cases']:
            if c['kernel'] == 'cllint_loop_harness':
                continue  # measures the finding of the case before it
            # A case may measure several findings of one statement together.
            for line in c.get('covers_lines', [c['line']]):
                key = (c['kernel'], line, c['rule'])
                found.setdefault(key, {'status': 'planned', 'detail': '%s (%s, %s)' % (
                    c['variant'], os.path.basename(c['setup']), 'x'.join(map(str, c['global'])))})
        for s in data.get('skipped', []):
            key = (s.get('kernel', ''), s.get('line', 0), s.get('rule', ''))
            found.setdefault(key, {'status': 'refused', 'detail': s.get('reason', '')})
    else:
        for key, reason in parse_skips(p.stderr).items():
            found.setdefault(key, {'status': 'refused', 'detail': reason})
    rows = []
    for (kernel, line, rule), v in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][2])):
        if kernel in kernels:
            rows.append({'repo': repo['name'], 'file': rel, 'kernel': kernel, 'line': line,
                         'rule': rule, 'status': v['status'], 'detail': v['detail']})
    return {'plan': out if os.path.exists(plan) else None, 'rc': p.returncode, 'rows': rows,
            'cmd': cmd, 'stderr': p.stderr}


def run_plan(args, plan):
    cmd = [args.runner, '--runs', str(args.runs), '--warmup', '1', '--no-ceiling', '-q', plan]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cllint', required=True, help='cllint binary')
    ap.add_argument('--root', default='/work/realworld', help='checkouts (bench/realworld.py --prepare)')
    ap.add_argument('--spec', default=os.path.join(HERE, 'verify-realworld.yaml'))
    ap.add_argument('--no-spec', action='store_true', help='plan without a spec (inferred set-ups)')
    ap.add_argument('--out', required=True, help='directory for the plans (one per file)')
    ap.add_argument('--json', help='write the rows and totals as JSON to this file')
    ap.add_argument('--run', action='store_true', help='run each plan with cllint-runner here')
    ap.add_argument('--runner', default='cllint-runner')
    ap.add_argument('--runs', type=int, default=2, help='timed launches per case with --run')
    ap.add_argument('--timeout', type=int, default=300, help='seconds per cllint verify')
    ap.add_argument('-v', '--verbose', action='store_true', help='print each command')
    args = ap.parse_args()
    if args.no_spec:
        args.spec = None
    os.makedirs(args.out, exist_ok=True)
    cfg = realworld.load_config(realworld.DEFAULT_CONFIG)

    rows, plans, failures = [], [], []
    for repo_dir, rel, kernels, extra in SELECTION:
        res = plan_file(args, cfg, repo_dir, rel, kernels, extra)
        if args.verbose:
            print(' '.join(res['cmd']), file=sys.stderr)
        if not res['rows']:
            failures.append((rel, res['rc'], res['stderr'].strip().splitlines()[-1:]))
        rows += res['rows']
        if res['plan']:
            plans.append(res['plan'])

    widths = [9, 46, 22, 5, 26, 8]
    head = ['project', 'file', 'kernel', 'line', 'rule', 'result']
    print('  '.join(h.ljust(w) for h, w in zip(head, widths)) + '  detail')
    print('  '.join('-' * w for w in widths) + '  ' + '-' * 6)
    for r in rows:
        f = r['file'] if len(r['file']) <= widths[1] else '...' + r['file'][-(widths[1] - 3):]
        print('  '.join(str(v).ljust(w) for v, w in zip(
            [r['repo'], f, r['kernel'], r['line'], r['rule'], r['status']], widths)) +
            '  ' + r['detail'])
    planned = [r for r in rows if r['status'] == 'planned']
    projects = sorted({r['repo'] for r in planned})
    print('\ntried %d findings in %d kernels of %d files, %d planned (%d fix, %d what-if) '
          'from %d projects (%s); spec: %s' % (
              len(rows), len({(r['file'], r['kernel']) for r in rows}), len(SELECTION),
              len(planned), sum(r['detail'].startswith('fix') for r in planned),
              sum(r['detail'].startswith('what-if') for r in planned), len(projects),
              ', '.join(projects), args.spec or 'none'))
    kernels = {(r['file'], r['kernel']) for r in rows}
    print('kernels: %d tried, %d with at least one planned case' % (
        len(kernels), len({(r['file'], r['kernel']) for r in planned})))
    for rel, rc, last in failures:
        print('no finding of the selected kernels in %s (exit %d): %s' % (rel, rc, ' '.join(last)))
    if plans:
        print('plans: PLANS="%s"' % ' '.join(plans))

    results = {}
    if args.run:
        for plan in plans:
            rc, out = run_plan(args, plan)
            results[plan] = {'rc': rc, 'output': out}
            print('\n== %s (exit %d)\n%s' % (plan, rc, out.rstrip()))
    if args.json:
        with open(args.json, 'w') as f:
            json.dump({'spec': args.spec, 'cllint': args.cllint, 'rows': rows, 'plans': plans,
                       'tried': len(rows), 'planned': len(planned), 'runs': results}, f, indent=1)
    return 0 if planned else 2


if __name__ == '__main__':
    sys.exit(main())
