#!/usr/bin/env python3
"""Per rule: how many fixes changed the compiled code (ptx_compare.c's output against
prepare_pairs.py's manifest), and the findings without a fix.

    bench/compiled/changes_table.py OUT_DIR:CHANGES.tsv...
Standard library only.
"""
import collections
import json
import os
import sys


def main():
    counts = collections.defaultdict(collections.Counter)
    same = []
    for arg in sys.argv[1:]:
        out, changes = arg.split(':')
        manifest = json.load(open(os.path.join(out, 'manifest.json')))
        rows = {int(l.split('\t')[0]): l.rstrip('\n').split('\t') for l in open(changes) if l.strip()}
        for p in manifest['pairs']:
            status = rows.get(p['pair'], [0, 'missing'])[1]
            counts[p['rule']][status] += 1
            if status == 'same':
                same.append(f"{p['project']} {p['file']}:{p['line']} {p['rule']}")
        for p in manifest['without_fix']:
            counts[p['rule']]['no fix'] += 1
    print('| rule | fixes compiled | change the PTX | same PTX | build error | findings without a fix |')
    print('|---|---|---|---|---|---|')
    for rule, c in sorted(counts.items()):
        compiled = c['different'] + c['same']
        share = f" ({100 * c['different'] / compiled:.0f}%)" if compiled else ''
        print(f"| {rule} | {compiled} | {c['different']}{share} | {c['same']} | {c['error']} | "
              f"{c['no fix']} |")
    for s in same:
        print('same PTX: ' + s)


if __name__ == '__main__':
    main()
