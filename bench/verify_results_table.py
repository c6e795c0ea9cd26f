#!/usr/bin/env python3
"""Markdown table of `cllint-runner --format json` results (one file per plan), for
docs/verify-results.md: one row per case with the finding, before/after medians with min-max,
speed-up, outputs, GB/s against the device's copy ceiling and, where the driver returned PTX,
the compiled-code change.

    bench/verify_results_table.py RESULTS.json... [--root PREFIX]

--root is stripped from file paths (the checkouts' location). Standard library only.
"""
import argparse
import json
import os


def us(ns):
    return f'{ns / 1000:.1f}' if ns >= 10000 else f'{ns / 1000:.2f}'


def side(t):
    return f"{us(t['median_ns'])} ({us(t['min_ns'])}–{us(t['max_ns'])})"


def speedup(c):
    s = c.get('speedup')
    if s is None:
        return '—'
    text = f'{s:.2f}x'
    if c['variant'] == 'what-if':
        text = 'up to ' + text
    if not c.get('measurable', True):
        text = f'~{s:.2f}x (noise)'
    return text


def outputs(c):
    if c['status'] != 'ok':
        o = c.get('outputs') or c.get('error', '')
        return c['status'] + ': ' + o.split(';')[0][:80]
    if c['variant'] == 'what-if':
        return 'what-if (not compared)'
    return c.get('outputs', '')


def compiled(c):
    cc = c.get('compiled_code')
    if not isinstance(cc, dict) or 'before' not in cc:
        return ''
    b, a = cc['before'], cc['after']
    return (f"{b['instructions']}→{a['instructions']} instr, f64 {b['f64']}→{a['f64']}, "
            f"cvt {b['conversions']}→{a['conversions']}")


def gbps(c, ceiling):
    b = c['before'].get('gbps') if c.get('before') else None
    if b is None or not ceiling:
        return '—'
    return f'{100 * b / ceiling:.0f}%'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('results', nargs='+')
    ap.add_argument('--root', default='')
    args = ap.parse_args()
    print('| finding | rule | kernel | case | before µs (min–max) | after µs (min–max) | speed-up '
          '| outputs | before GB/s of ceiling | PTX before → after |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for path in args.results:
        with open(path) as f:
            r = json.load(f)
        ceiling = r.get('ceiling_gbps')
        for c in r['cases']:
            where = c['file']
            if args.root and where.startswith(args.root):
                where = where[len(args.root):].lstrip('/')
            harness = c['kernel'] == 'cllint_loop_harness'
            case = 'loop harness' if harness else c['variant']
            kernel = '' if harness else c['kernel']
            parts = c['id'].split(':')
            col = parts[2] if len(parts) > 2 and parts[2].isdigit() else ''
            print(f"| {where}:{c['line']}{':' + col if col else ''} | {c['rule']} | {kernel} | {case} | "
                  f"{side(c['before']) if c.get('before') else '—'} | "
                  f"{side(c['after']) if c.get('after') else '—'} | {speedup(c)} | {outputs(c)} | "
                  f"{'' if harness else gbps(c, ceiling)} | {compiled(c)} |")


if __name__ == '__main__':
    main()
