#!/usr/bin/env python3
"""Source pairs, before and after each double-literal and pow2 fix, for compiling on a GPU.

For an evaluation set laid out like bench's held-out sets (SET/run.sh calling
`run_group NAME K FILES... -- HOSTS... -- FLAGS...`, sources under SET/src/NAME), lints each
group with every finding of the two rules shown (--all --min-impact=0), applies each finding's
own fix alone to its file, preprocesses both versions with clang (the group's -D/-I/-include
flags, so that the pair compiles anywhere) and writes OUT/pairs.tsv ("before<TAB>after<TAB>
build options", paths relative to OUT) and OUT/manifest.json (one entry per pair, and the
findings without a fix). ptx_compare.c then compiles each pair on the device.

    bench/compiled/prepare_pairs.py --cllint build/tools/cllint/cllint --set /work/eval2 \\
        --out gpu-work/eval2 [--clang clang-19]
Standard library only.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

RULES = ('arith-double-literal', 'arith-pow2-div-mod')
PREPROCESS = ('-D', '-U', '-I', '-include')


def groups(run_sh):
    for line in open(run_sh):
        if not line.startswith('run_group '):
            continue
        words = shlex.split(line)[1:]
        name, k = words[0], words[1]
        rest = words[2:]
        first = rest.index('--')
        second = rest.index('--', first + 1)
        yield name, k, rest[:first], rest[first + 1:second], rest[second + 1:]


def split_flags(flags):
    pre, build = [], []
    i = 0
    while i < len(flags):
        f = flags[i]
        if f in PREPROCESS and i + 1 < len(flags):
            pre += [f, flags[i + 1]]
            i += 2
            continue
        (pre if f.startswith(PREPROCESS) else build).append(f)
        if f.startswith('-cl-std='):
            pre.append(f)
        i += 1
    return pre, build


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cllint', required=True)
    ap.add_argument('--set', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--clang', default='clang-19')
    ap.add_argument('--show', default='--all --min-impact=0',
                    help='options that show every finding (empty for versions without them)')
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    pairs, manifest, nofix, failed = [], [], [], []
    for name, k, files, hosts, flags in groups(os.path.join(args.set, 'run.sh')):
        src = os.path.join(args.set, 'src', name)
        cmd = [args.cllint, '--format=json', '--no-cache'] + args.show.split() + [
            '--rules=-*,' + ','.join(RULES)] + ['--host=' + h for h in hosts] + files
        cmd += ['--'] + flags
        p = subprocess.run(cmd, cwd=src, capture_output=True, text=True)
        try:
            report = json.loads(p.stdout)
        except json.JSONDecodeError:
            failed.append(f'{name}-{k}: cllint output is not JSON')
            continue
        pre, build = split_flags(flags)
        for f in report.get('findings', []):
            if f['rule'] not in RULES:
                continue
            where = {'project': name, 'file': f['file'], 'line': f['line'], 'column': f['column'],
                     'rule': f['rule'], 'severity': f['severity'], 'message': f['message']}
            edits = [e for x in f.get('fixes', [])[:1] for e in x['edits']]
            if not edits or any(e['file'] != f['file'] for e in edits):
                nofix.append(where)
                continue
            path = os.path.join(src, f['file'])
            text = open(path, 'rb').read()
            after = text
            for e in sorted(edits, key=lambda e: -e['offset']):
                after = after[:e['offset']] + e['replacement'].encode() + after[e['offset'] + e['length']:]
            n = len(pairs)
            sides = []
            for side, body in (('before', text), ('after', after)):
                out = os.path.join(args.out, f'p{n}-{side}.cl')
                q = subprocess.run([args.clang, '-E', '-P', '-x', 'cl', '-cl-no-stdinc', '-I', os.path.dirname(path)]
                                   + pre + ['-'], input=body, capture_output=True)
                if q.returncode:
                    sides = None
                    failed.append(f"{name}:{f['file']}:{f['line']}: preprocessing failed: "
                                  + q.stderr.decode(errors='replace')[:200])
                    break
                open(out, 'wb').write(q.stdout)
                sides.append(os.path.basename(out))
            if not sides:
                continue
            pairs.append('\t'.join(sides + [' '.join(build)]))
            manifest.append(dict(where, pair=n + 1))
    with open(os.path.join(args.out, 'pairs.tsv'), 'w') as f:
        f.write('\n'.join(pairs) + '\n')
    with open(os.path.join(args.out, 'manifest.json'), 'w') as f:
        json.dump({'pairs': manifest, 'without_fix': nofix, 'failed': failed}, f, indent=1)
    print(f'{len(pairs)} pairs, {len(nofix)} findings without a fix, {len(failed)} failures')
    for x in failed[:10]:
        print('  ' + x, file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
