#!/usr/bin/env python3
"""How much a team has to read: text lines, findings and SARIF results of one run over a project.

Lints every kernel of a repository of bench/realworld-repos.json in one cllint process (as a
user or CI would: `cllint kernels/*.cl -- FLAGS`), once per binary given, and prints the text
output's lines, the JSON findings and the SARIF results; with --multitool it also validates the
SARIF with Microsoft's SARIF Multitool (GitHub rules).

    bench/output_volume.py --repo hashcat --cllint OLD --cllint NEW [--multitool PATH]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realworld  # noqa: E402


def run(binary, files, flags, fmt):
    p = subprocess.run([binary, '--no-config', '--quiet', '-j', '2', f'--format={fmt}'] +
                       realworld.no_cache(binary) + files +
                       ['--'] + flags, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True, timeout=3600)
    return p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default='/work/realworld')
    ap.add_argument('--repo', required=True)
    ap.add_argument('--cllint', action='append', required=True)
    ap.add_argument('--multitool')
    ap.add_argument('--limit', type=int, default=0, help='the first N files only')
    args = ap.parse_args()
    cfg = realworld.load_config(realworld.DEFAULT_CONFIG)
    repo = next(r for r in cfg['repos'] if r['name'] == args.repo)
    repo_dir = os.path.join(args.root, repo['dir'])
    files = sorted({f for pat in repo['include']
                    for f in glob.glob(os.path.join(repo_dir, pat), recursive=True)})
    if args.limit:
        files = files[:args.limit]
    flags = realworld.file_flags(repo, os.path.relpath(files[0], repo_dir), repo_dir)
    print(f'{args.repo}: {len(files)} files')
    print('| cllint | text lines | findings | SARIF results | SARIF validation |')
    print('|---|---:|---:|---:|---|')
    for b in args.cllint:
        text = run(b, files, flags, 'text')
        doc = json.loads(run(b, files, flags, 'json'))
        sarif = run(b, files, flags, 'sarif')
        results = sum(len(r.get('results', [])) for r in json.loads(sarif).get('runs', []))
        verdict = '-'
        if args.multitool:
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, 'out.sarif')
                with open(path, 'w') as f:
                    f.write(sarif)
                p = subprocess.run([args.multitool, 'validate', '--rule-kind', 'Gh;Sarif', path],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                tail = [l for l in p.stdout.splitlines() if l.strip()]
                verdict = ('ok' if p.returncode == 0 else 'FAIL') + (': ' + tail[-1] if tail else '')
        print(f'| {os.path.basename(b)} | {len(text.splitlines())} | {len(doc["findings"])} | '
              f'{results} | {verdict} |')


if __name__ == '__main__':
    sys.exit(main())
