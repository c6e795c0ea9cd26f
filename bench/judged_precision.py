#!/usr/bin/env python3
"""Per-rule precision tables from an independent reviewer's verdicts on judged findings.

Each SET directory holds judge/batch-*.json (the sites shown to the reviewer: rule, the older
version's message, the current severity) and judge/verdicts-*.json ({id, verdict}), verdicts
being matters, true-cold, not-actionable or wrong. "Before" counts every site the older version
reported; when judge/design.json lists a random sample of the sites the current version no
longer warns about ("rest", "sample"), those verdicts are scaled up to the whole rest.
"After" counts the sites the current version reports as warnings. Also lists the sites judged
to matter that the current version no longer warns about.

    bench/judged_precision.py SET...
Standard library only.
"""
import collections
import glob
import json
import os
import sys

VERDICTS = ('matters', 'true-cold', 'not-actionable', 'wrong')


def load(set_dir):
    items, verdicts = {}, {}
    for f in glob.glob(os.path.join(set_dir, 'judge', 'batch-*.json')):
        for i in json.load(open(f)):
            items[i['id']] = i
    for f in glob.glob(os.path.join(set_dir, 'judge', 'verdicts-*.json')):
        for v in json.load(open(f)):
            verdicts[v['id']] = v['verdict']
    design = None
    path = os.path.join(set_dir, 'judge', 'design.json')
    if os.path.exists(path):
        design = json.load(open(path))
    return items, verdicts, design


def table(title, counts):
    print(f'\n{title}\n')
    print('| rule | findings | matters | true-cold | not-actionable | wrong |')
    print('|---|---|---|---|---|---|')
    total = collections.Counter()
    for rule in sorted(counts):
        c = counts[rule]
        n = sum(c.values())
        total.update(c)
        cells = ' | '.join(f'{c[v]:.0f} ({100 * c[v] / n:.0f}%)' if n else '0' for v in VERDICTS)
        print(f'| {rule} | {n:.0f} | {cells} |')
    n = sum(total.values())
    cells = ' | '.join(f'{total[v]:.0f} ({100 * total[v] / n:.0f}%)' if n else '0' for v in VERDICTS)
    print(f'| **all** | {n:.0f} | {cells} |')


def main():
    before = collections.defaultdict(collections.Counter)
    after = collections.defaultdict(collections.Counter)
    lost, missing = [], 0
    for set_dir in sys.argv[1:]:
        items, verdicts, design = load(set_dir)
        weight = {}
        if design:
            rest = {':'.join(map(str, k)) for k in design['rest']}
            sample = {':'.join(map(str, k)) for k in design['sample']}
            scale = len(rest) / max(1, len(sample))
            for i in rest:
                weight[i] = 0
            for i in sample:
                weight[i] = scale
        for id_, item in items.items():
            v = verdicts.get(id_)
            if v is None:
                missing += 1
                continue
            if item['message_before'] is not None:
                before[item['rule']][v] += weight.get(id_, 1)
            if item['severity_after'] == 'warning':
                after[item['rule']][v] += 1
            if v == 'matters' and item['message_before'] and item['severity_after'] != 'warning':
                lost.append(f"{os.path.basename(set_dir)} {id_} (now: {item['severity_after']})")
    table('Before (every finding of the older version; sampled sites scaled)', before)
    table('After (findings at warning level)', after)
    print(f'\nSites judged to matter that are no longer warnings: {len(lost)}')
    for x in lost:
        print('  ' + x)
    if missing:
        print(f'{missing} sites without a verdict')


if __name__ == '__main__':
    main()
