#!/usr/bin/env python3
"""How well the cost model's predictions agree with what `cllint verify` measured.

Each verify case planned from a finding carries the share of its kernel's time the finding
costs (`predicted_share`, the finding's impact); removing that share predicts a speed-up of
1 / (1 - share). This reads `cllint-runner --format json` results (one file per plan) and, over
the cases that ran with a prediction (the loop harness, which times arithmetic alone, is left
out), prints one Markdown row per case and the agreement: Spearman's rank correlation between
predicted and measured speed-ups, and how many predictions are within 2x of the measurement
(both read as speed-ups, a ratio of at most 2 either way).

    bench/verify_agreement.py RESULTS.json... [--root PREFIX] [--min-impact 0.05]

It also counts whether the severity the prediction gives (a warning from --min-impact of the
kernel up) agrees with the measurement (a speed-up of at least --min-speedup beyond the spread).

Standard library only.
"""
import argparse
import json
import os


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1  # ties share their mean rank
        i = j + 1
    return out


def spearman(xs, ys):
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else None


def rows(paths, root):
    for path in paths:
        with open(path) as f:
            results = json.load(f)
        device = results.get('device', {}).get('name', '?')
        for c in results.get('cases', []):
            if c.get('kernel') == 'cllint_loop_harness' or 'predicted_share' not in c:
                continue
            if c.get('status') != 'ok' or not c.get('speedup'):
                continue
            file = c.get('file', '')
            if root and file.startswith(root):
                file = file[len(root):].lstrip('/')
            share = min(c['predicted_share'], 0.99)
            yield {'file': file, 'line': c.get('line', 0), 'kernel': c.get('kernel', ''),
                   'rule': c.get('rule', ''), 'variant': c.get('variant', 'fix'),
                   'share': share, 'predicted': 1 / (1 - share), 'measured': c['speedup'],
                   'measurable': c.get('measurable', True), 'device': device}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('results', nargs='+')
    ap.add_argument('--root', default='')
    ap.add_argument('--min-impact', type=float, default=0.05,
                    help='the share from which a finding is a warning (default 0.05)')
    ap.add_argument('--min-speedup', type=float, default=1.05,
                    help='the measured speed-up counted as paying off (default 1.05)')
    args = ap.parse_args()
    cases = list(rows(args.results, args.root))
    print('| kernel | rule | line | variant | predicted share | predicted | measured | ratio |')
    print('|---|---|---|---|---|---|---|---|')
    within = 0
    for c in cases:
        ratio = max(c['predicted'] / c['measured'], c['measured'] / c['predicted'])
        within += ratio <= 2
        measured = f"{c['measured']:.2f}x" + ('' if c['measurable'] else ' (noise)')
        if c['variant'] == 'what-if':
            measured = 'up to ' + measured
        print(f"| {c['kernel']} ({os.path.basename(c['file'])}) | {c['rule']} | {c['line']} | "
              f"{c['variant']} | {c['share'] * 100:.0f}% | {c['predicted']:.2f}x | {measured} | "
              f"{ratio:.2f} |")
    rho = spearman([c['predicted'] for c in cases], [c['measured'] for c in cases])
    print()
    print(f"{len(cases)} cases with a prediction; within 2x: {within} of {len(cases)}; "
          f"Spearman rank correlation: {'n/a' if rho is None else f'{rho:.2f}'}")
    print()
    print(severity_table(cases, args.min_impact, args.min_speedup))
    return 0


def severity_table(cases, min_impact, min_speedup):
    """Whether the severity the prediction gives (a warning from min_impact of the kernel up)
    agrees with the measurement (a speed-up of at least min_speedup, beyond the runs' spread)."""
    counts = {}
    for c in cases:
        warned = c['share'] >= min_impact
        paid = c['measurable'] and c['measured'] >= min_speedup
        counts[(warned, paid)] = counts.get((warned, paid), 0) + 1
    lines = [f'| predicted (share >= {min_impact:.0%}) | measured >= {min_speedup:.2f}x | '
             f'measured less | ',
             '|---|---|---|']
    for warned, label in ((True, 'warning'), (False, 'note or nothing')):
        lines.append(f'| {label} | {counts.get((warned, True), 0)} | '
                     f'{counts.get((warned, False), 0)} |')
    return '\n'.join(lines)


if __name__ == '__main__':
    raise SystemExit(main())
