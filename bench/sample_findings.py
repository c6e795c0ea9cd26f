#!/usr/bin/env python3
"""Draw a stratified random sample of findings for labelling, and score labelled samples.

    bench/sample_findings.py sample FINDINGS.jsonl --per-rule 30 --seed 1 --out SAMPLE.jsonl
    bench/sample_findings.py score LABELS.jsonl [LABELS2.jsonl ...]

FINDINGS.jsonl is what `bench/realworld.py --findings` writes.  `sample` keeps the rules of
cllint (compiler diagnostics and internal errors are not sampled), draws at most --per-rule
findings of each rule with a fixed seed, numbers them, and adds the source lines around each
finding as 'context' so that a reviewer can judge it (the context stays out of the labels).

A labels file has one JSON object per line: {"id", "rule", "file", "line", "label", "why"}
with label one of
  right       the finding is real and its stated cost matches what the hardware does
  wrong-cost  the problem is real but the stated cost or fix is wrong (too high, too low)
  wrong       there is no such problem on the device (a false positive)
`score` prints, per rule, the findings labelled, the precision (right / labelled) and the
share that is at least a real problem ((right + wrong-cost) / labelled).  Standard library only.
"""
import argparse
import collections
import json
import random
import sys


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def context(path, line, radius):
    try:
        with open(path, errors='replace') as f:
            lines = f.read().splitlines()
    except OSError:
        return ''
    lo, hi = max(0, line - 1 - radius), min(len(lines), line + radius)
    return '\n'.join(f'{n + 1:6}{">" if n + 1 == line else " "} {lines[n]}' for n in range(lo, hi))


def sample(args):
    by_rule = collections.defaultdict(list)
    for f in load(args.findings):
        rule = f.get('rule') or '?'
        if rule.startswith('clang-') or rule == 'internal-error':
            continue
        by_rule[rule].append(f)
    rng = random.Random(args.seed)
    out, n = [], 0
    for rule in sorted(by_rule):
        items = by_rule[rule]
        picked = items if len(items) <= args.per_rule else rng.sample(items, args.per_rule)
        for f in picked:
            n += 1
            rec = dict(id=n, population=len(items), **f)
            rec['context'] = context(f['file'], f.get('line') or 0, args.radius)
            out.append(rec)
    with open(args.out, 'w') as o:
        for r in out:
            o.write(json.dumps(r) + '\n')
    for rule in sorted(by_rule):
        print(f'{rule}: {len(by_rule[rule])} findings, '
              f'{min(len(by_rule[rule]), args.per_rule)} sampled', file=sys.stderr)


def score(args):
    rows = []
    for path in args.labels:
        labels = load(path)
        per = collections.defaultdict(collections.Counter)
        for l in labels:
            per[l['rule']][l['label']] += 1
        for rule in sorted(per):
            c = per[rule]
            n = sum(c.values())
            rows.append((path, rule, n, c['right'], c['wrong-cost'], c['wrong']))
        tot = collections.Counter()
        for c in per.values():
            tot.update(c)
        n = sum(tot.values())
        rows.append((path, '**all**', n, tot['right'], tot['wrong-cost'], tot['wrong']))
    print('| labels | rule | labelled | right | wrong cost | wrong | precision | real problem |')
    print('|---|---|---:|---:|---:|---:|---:|---:|')
    for path, rule, n, r, wc, w in rows:
        print(f'| {path} | {rule} | {n} | {r} | {wc} | {w} | {100 * r / max(n, 1):.0f}% | '
              f'{100 * (r + wc) / max(n, 1):.0f}% |')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('sample')
    s.add_argument('findings')
    s.add_argument('--per-rule', type=int, default=30)
    s.add_argument('--seed', type=int, default=1)
    s.add_argument('--radius', type=int, default=12, help='source lines of context each side')
    s.add_argument('--out', required=True)
    c = sub.add_parser('score')
    c.add_argument('labels', nargs='+')
    args = ap.parse_args()
    return sample(args) if args.cmd == 'sample' else score(args)


if __name__ == '__main__':
    sys.exit(main())
