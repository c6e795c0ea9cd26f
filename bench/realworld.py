#!/usr/bin/env python3
"""Real-world robustness benchmark: lint third-party OpenCL kernels one process per file.

The repositories, their commits, the `.cl` globs and the clBuildProgram flags their host code
passes are recorded in bench/realworld-repos.json.  Nothing third-party lives in this repository:
`--prepare` extracts the recorded commits under --root (default /work/realworld) from local bare
mirrors (--mirror DIR holding one bare repository per OWNER+NAME directory) or with
`git clone`, and writes the few generated translation units (CLBlast routines, LuxCore programs:
the concatenations their host code builds) under ROOT/REPO/_cllint_gen/.

    bench/realworld.py --prepare --mirror DIR                    # once
    bench/realworld.py --root /work/realworld --json out.json    # lint every file, print tables
    bench/realworld.py --fix-check                               # --fix --fix-unsafe round trips

Per file it runs `cllint --no-config --format=json -j 1 --file-timeout=T FILE -- FLAGS` and
`clang-19 -x cl -fsyntax-only --target=spir64 FLAGS FILE`, each with a timeout, and records exit
code, crash (signal, exit >= 128, 'Stack dump' / 'PLEASE submit a bug report' on stderr),
internal error (a crash or time-out cllint caught itself: an 'internal-error' finding), timeout
(cllint's own 'gave up after' or the kill), wall time, peak RSS (ru_maxrss of that child via
os.wait4) and findings per rule.  Standard library only.
"""
import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KILL_GRACE = 30  # seconds past --timeout before a cllint that did not stop itself is killed
DEFAULT_CONFIG = os.path.join(HERE, 'realworld-repos.json')
CRASH_MARKERS = ('Stack dump', 'PLEASE submit a bug report',
                 'Assertion `', 'terminate called', 'AddressSanitizer', 'UndefinedBehaviorSanitizer')


# --------------------------------------------------------------------------------------------
# Processes


def run_proc(cmd, timeout, cwd=None):
    """Run cmd; return dict(rc, signal, timeout, wall, maxrss_kb, stdout, stderr).

    The child gets its own session so a timeout kills it and everything it started.  ru_maxrss
    comes from os.wait4 on that very child (kilobytes on Linux)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=cwd,
                             start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            while True:
                try:
                    _, status, ru = os.wait4(p.pid, 0)
                    break
                except InterruptedError:
                    continue
        finally:
            timer.cancel()
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)  # keep Popen from waiting again
        out.seek(0)
        err.seek(0)
        stdout = out.read()
        stderr = err.read()
    rc = p.returncode
    return {'rc': rc, 'signal': -rc if rc < 0 else 0, 'timeout': timed_out.is_set(),
            'wall': round(wall, 3), 'maxrss_kb': ru.ru_maxrss,
            'stdout': stdout, 'stderr': stderr.decode('utf-8', 'replace')}


def is_crash(res):
    if res['timeout']:
        return False
    if res['rc'] < 0 or res['rc'] >= 128:
        return True
    return any(m in res['stderr'] for m in CRASH_MARKERS)


# --------------------------------------------------------------------------------------------
# Configuration, files and flags


def load_config(path):
    with open(path) as f:
        return json.load(f)


def glob_files(repo_dir, patterns, excludes):
    """Relative paths (sorted) of regular files matching any of patterns ('**' = any depth)."""
    regexes = [re.compile(_glob_to_re(p)) for p in patterns]
    ex = [re.compile(_glob_to_re(p)) for p in excludes]
    found = []
    for dirpath, dirnames, filenames in os.walk(repo_dir):
        dirnames.sort()
        for name in filenames:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, repo_dir)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            if any(r.fullmatch(rel) for r in regexes) and not any(r.fullmatch(rel) for r in ex):
                found.append(rel)
    return sorted(found)


def _glob_to_re(pat):
    out, i = '', 0
    while i < len(pat):
        if pat.startswith('**/', i):
            out += '(?:.*/)?'
            i += 3
        elif pat.startswith('**', i):
            out += '.*'
            i += 2
        elif pat[i] == '*':
            out += '[^/]*'
            i += 1
        elif pat[i] == '?':
            out += '[^/]'
            i += 1
        else:
            out += re.escape(pat[i])
            i += 1
    return out


def _macro_name(flag):
    m = re.match(r'-[DU]\s*([A-Za-z_][A-Za-z0-9_]*)', flag)
    return m.group(1) if m else None


def merge_flags(base, extra):
    """base + extra; a later -DNAME / -UNAME replaces an earlier one of the same NAME."""
    out = list(base)
    for fl in extra:
        name = _macro_name(fl)
        if name:
            out = [o for o in out if _macro_name(o) != name]
        out.append(fl)
    return out


def file_flags(repo, rel, repo_dir):
    """The compiler flags (std first) for one file of repo, placeholders expanded."""
    flags = list(repo.get('flags', []))
    std = repo.get('std', 'CL1.2')
    source = None
    for ov in repo.get('overrides', []):
        if any(re.fullmatch(_glob_to_re(g), rel) for g in ov['globs']):
            if ov.get('if_source_contains'):
                if source is None:
                    with open(os.path.join(repo_dir, rel), 'rb') as f:
                        source = f.read().decode('utf-8', 'replace')
                if ov['if_source_contains'] not in source:
                    continue
            if ov.get('replace'):
                flags = []
            flags = merge_flags(flags, ov.get('flags', []))
            std = ov.get('std', std)
    for ff in repo.get('file_flags', []):
        m = re.fullmatch(ff['regex'], rel)
        if not m:
            continue

        def sub(s):
            def rep(mm):
                g = m.group(int(mm.group(1)))
                if mm.group(2) == 'i':
                    return str(int(g))
                if mm.group(2) == 'u':
                    return g.upper()
                return g
            return re.sub(r'\{(\d+)([iu]?)\}', rep, s)
        flags = merge_flags(flags, [sub(s) for s in ff['flags']])
    subst = {'{repo}': repo_dir, '{dir}': os.path.dirname(os.path.join(repo_dir, rel))}
    expanded = []
    for fl in flags:
        for k, v in subst.items():
            fl = fl.replace(k, v)
        expanded.append(fl)
    return ['-cl-std=' + std] + expanded


# --------------------------------------------------------------------------------------------
# Per-file work


_NO_CACHE = {}


def no_cache(binary):
    """['--no-cache'] for a cllint that keeps a result cache: every run here measures a lint."""
    if binary not in _NO_CACHE:
        try:
            out = subprocess.run([binary, '--help'], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            out = ''
        _NO_CACHE[binary] = ['--no-cache'] if '--no-cache' in out else []
    return _NO_CACHE[binary]


def clang_cmd(args, flags, path):
    return [args.clang, '-x', 'cl', '-fsyntax-only', '--target=spir64', '-ferror-limit=0'] + \
        flags + [path]


def lint_file(args, repo, repo_dir, rel):
    path = os.path.join(repo_dir, rel)
    flags = file_flags(repo, rel, repo_dir)
    rec = {'repo': repo['name'], 'file': rel, 'flags': flags}
    if args.no_clang:
        rec['clang'] = {'rc': None, 'timeout': False, 'wall': 0.0, 'parses': False,
                        'first_error': None, 'skipped': True}
    else:
        c = run_proc(clang_cmd(args, flags, path), args.timeout)
        rec['clang'] = {'rc': c['rc'], 'timeout': c['timeout'], 'wall': c['wall'],
                        'parses': c['rc'] == 0 and not c['timeout'],
                        'first_error': _first_error(c['stderr'])}
    cmd = [args.cllint, '--no-config', '--format=json', '-j', '1', '--quiet'] + \
        no_cache(args.cllint) + [
           f'--file-timeout={args.timeout:.0f}', path, '--'] + flags
    # cllint enforces --file-timeout itself ('gave up after N s'); the kill is the backstop.
    r = run_proc(cmd, args.timeout + KILL_GRACE)
    gave_up = 'gave up after' in r['stderr']
    lint = {'rc': r['rc'], 'signal': r['signal'], 'timeout': r['timeout'] or gave_up,
            'killed': r['timeout'], 'wall': r['wall'],
            'maxrss_kb': r['maxrss_kb'], 'crash': is_crash(r),
            'stderr_head': '\n'.join(r['stderr'].splitlines()[:12])}
    findings = collections.Counter()
    compile_failed = None
    other_errors = []
    try:
        doc = json.loads(r['stdout'].decode('utf-8', 'replace'))
        for f in doc.get('findings', []):
            findings[f.get('rule', '?')] += 1
        if args.findings:
            rec['finding_list'] = [
                {'rule': f.get('rule'), 'file': f.get('file'), 'line': f.get('line'),
                 'column': f.get('column'), 'severity': f.get('severity'),
                 'message': f.get('message')} for f in doc.get('findings', [])]
        files = doc.get('files', [])
        compile_failed = any(f.get('compileFailed') for f in files)
        for f in files:
            # A compile failure is listed among the file's errors too; it is not another one.
            other_errors += [e for e in f.get('errors', [])
                             if not e.startswith('does not compile')]
        lint['json_ok'] = True
    except (ValueError, AttributeError):
        lint['json_ok'] = False
    lint['findings'] = dict(findings)
    # A crash cllint caught itself (signal handler / isolated rule): exit 2 and an
    # 'internal-error' finding naming the rule; the process did not die.
    lint['internal_errors'] = findings.get('internal-error', 0) + \
        ('cllint crashed' in r['stderr'] and not findings.get('internal-error', 0))
    lint['compile_failed'] = compile_failed
    lint['file_errors'] = other_errors
    rec['cllint'] = lint
    rec['status'] = classify(lint)
    return rec


def classify(lint):
    if lint['timeout']:
        return 'timeout'
    if lint['crash']:
        return 'crash'
    if lint['internal_errors']:
        return 'internal-error'
    if lint['rc'] in (0, 1) and lint['json_ok']:
        return 'ok'
    if lint['rc'] == 2 and lint['json_ok'] and lint['compile_failed'] and not lint['file_errors']:
        return 'compile-fail'
    return 'error'


def _first_error(stderr):
    for line in stderr.splitlines():
        if ': error: ' in line or 'fatal error:' in line:
            return line[:300]
    return None


# --------------------------------------------------------------------------------------------
# --fix-check


def _snapshot(tree):
    """path -> (size, mtime_ns, mode) for every regular file under tree."""
    snap = {}
    for dirpath, _, filenames in os.walk(tree):
        for n in filenames:
            p = os.path.join(dirpath, n)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            snap[p] = (st.st_size, st.st_mtime_ns, st.st_mode)
    return snap


def _changed(before, after):
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))


def _read(p):
    try:
        with open(p, 'rb') as f:
            return f.read()
    except FileNotFoundError:
        return None


class FixWorkspace:
    """A private copy of one repository per worker; every file a fix touches is restored."""

    def __init__(self, src, base):
        self.src = src
        self.dir = os.path.join(base, os.path.basename(src.rstrip('/')))
        shutil.copytree(src, self.dir, symlinks=True)
        self.snap = _snapshot(self.dir)

    def restore(self, paths):
        for p in paths:
            rel = os.path.relpath(p, self.dir)
            s = os.path.join(self.src, rel)
            if os.path.exists(p) or os.path.islink(p):
                os.unlink(p)
            if os.path.exists(s):
                shutil.copy2(s, p)
        self.snap = _snapshot(self.dir)


FIX_PERM = 0o640  # an unusual mode for the linted file: --fix must keep it


def fix_file(args, repo, ws, rel):
    path = os.path.join(ws.dir, rel)
    flags = file_flags(repo, rel, ws.dir)
    rec = {'repo': repo['name'], 'file': rel, 'flags': flags}
    os.chmod(path, FIX_PERM)
    ws.snap = _snapshot(ws.dir)
    before_parse = run_proc(clang_cmd(args, flags, path), args.timeout)
    rec['parsed_before'] = before_parse['rc'] == 0 and not before_parse['timeout']
    cmd = [args.cllint, '--no-config', '--fix', '--fix-unsafe', '-j', '1'] + \
        no_cache(args.cllint) + [
           f'--file-timeout={args.timeout:.0f}', path, '--'] + flags
    r1 = run_proc(cmd, args.timeout + KILL_GRACE)
    r1['timeout'] = r1['timeout'] or 'gave up after' in r1['stderr']
    snap1 = _snapshot(ws.dir)
    changed1 = _changed(ws.snap, snap1)
    content1 = {p: _read(p) for p in changed1}
    m = re.search(r'applied (\d+) fix\(es\) in (\d+) file', r1['stderr'])
    rec['edits_applied'] = int(m.group(1)) if m else None
    rec['changed_files'] = [os.path.relpath(p, ws.dir) for p in changed1]
    rec['run1'] = {'rc': r1['rc'], 'timeout': r1['timeout'], 'crash': is_crash(r1),
                   'internal_error': 'cllint crashed' in r1['stderr'],
                   'wall': r1['wall'], 'maxrss_kb': r1['maxrss_kb'],
                   'stderr_head': '\n'.join(r1['stderr'].splitlines()[:12])}
    rec['mode_after'] = oct(os.stat(path).st_mode & 0o7777) if os.path.exists(path) else None
    rec['perm_changed'] = rec['mode_after'] != oct(FIX_PERM)
    # Every file the fix touched but whose mode is not what it was.
    rec['perm_changed_files'] = [os.path.relpath(p, ws.dir) for p in changed1
                                 if p in ws.snap and p in snap1 and ws.snap[p][2] != snap1[p][2]]
    rec['stopped_compiling'] = False
    rec['clang_after_error'] = None
    if changed1 and rec['parsed_before']:
        a = run_proc(clang_cmd(args, flags, path), args.timeout)
        if a['rc'] != 0 or a['timeout']:
            rec['stopped_compiling'] = True
            rec['clang_after_error'] = _first_error(a['stderr'])
    rec['non_idempotent'] = False
    rec['second_run_changed'] = []
    if changed1 and not (r1['timeout'] or is_crash(r1)):
        r2 = run_proc(cmd, args.timeout + KILL_GRACE)
        r2['timeout'] = r2['timeout'] or 'gave up after' in r2['stderr']
        snap2 = _snapshot(ws.dir)
        changed2 = [p for p in _changed(snap1, snap2) if _read(p) != content1.get(p, _read(p))
                    or p not in snap1 or p not in snap2]
        rec['run2'] = {'rc': r2['rc'], 'timeout': r2['timeout'], 'crash': is_crash(r2),
                       'internal_error': 'cllint crashed' in r2['stderr'],
                       'stderr_head': '\n'.join(r2['stderr'].splitlines()[:6])}
        if changed2:
            rec['non_idempotent'] = True
            rec['second_run_changed'] = [os.path.relpath(p, ws.dir) for p in changed2]
        changed1 = sorted(set(changed1) | set(_changed(snap1, snap2)))
    ws.restore(set(changed1) | {path})
    return rec


# --------------------------------------------------------------------------------------------
# Preparation: extraction and generated translation units


def extract_commit(gitdir, commit, dest):
    """Write every blob of commit under dest (blobs absent from a partial mirror are skipped)."""
    out = subprocess.run(['git', '--git-dir', gitdir, 'ls-tree', '-r', '-z', '--full-tree', commit],
                         capture_output=True, check=True).stdout
    entries = []
    for item in out.split(b'\0'):
        if not item:
            continue
        meta, path = item.split(b'\t', 1)
        mode, typ, sha = meta.split()
        if typ == b'blob':
            entries.append((mode.decode(), sha, os.fsdecode(path)))
    p = subprocess.Popen(['git', '--git-dir', gitdir, 'cat-file', '--batch'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    missing = 0
    for mode, sha, path in entries:
        p.stdin.write(sha + b'\n')
        p.stdin.flush()
        hdr = p.stdout.readline().split()
        if len(hdr) < 3 or hdr[1] == b'missing':
            missing += 1
            continue
        data = p.stdout.read(int(hdr[2]))
        p.stdout.read(1)
        full = os.path.join(dest, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if mode == '120000':
            if not os.path.lexists(full):
                os.symlink(os.fsdecode(data), full)
            continue
        with open(full, 'wb') as f:
            f.write(data)
        os.chmod(full, 0o755 if mode == '100755' else 0o644)
    p.stdin.close()
    p.wait()
    return len(entries), missing


def prepare(args, cfg):
    os.makedirs(args.root, exist_ok=True)
    for repo in selected(args, cfg):
        dest = os.path.join(args.root, repo['dir'])
        if not os.path.isdir(dest):
            mirror = os.path.join(args.mirror or '', repo['github'].replace('/', '+'), 'repo')
            if args.mirror and os.path.isdir(mirror):
                n, missing = extract_commit(mirror, repo['commit'], dest)
                print(f"{repo['name']}: {n} files from {mirror} ({missing} absent from the mirror)")
            else:
                url = 'https://github.com/' + repo['github'] + '.git'
                subprocess.run(['git', 'clone', '--quiet', url, dest], check=True)
                subprocess.run(['git', '-C', dest, 'checkout', '--quiet', repo['commit']], check=True)
                print(f"{repo['name']}: cloned {url}")
        gen = repo.get('generate')
        if gen:
            n = GENERATORS[gen](dest)
            print(f"{repo['name']}: {n} generated translation unit(s) under {dest}/_cllint_gen")


def _raw_string_body(text):
    """The contents of the C++11 raw string R"( ... )" that wraps a CLBlast .opencl file."""
    a = text.find('R"(')
    b = text.rfind(')"')
    if a < 0 or b < a:
        return text
    return text[a + 3:b]


def gen_clblast(dest):
    """One translation unit per routine: what Routine::InitProgram + CompileFromSource build
    (the `#define ROUTINE_X` header, common.opencl, then every kernel file the routine's .cpp
    #includes, in order).  PRECISION comes from the command-line flags."""
    src = os.path.join(dest, 'src')
    out_dir = os.path.join(dest, '_cllint_gen')
    shutil.rmtree(out_dir, ignore_errors=True)
    common = _raw_string_body(open(os.path.join(src, 'kernels', 'common.opencl')).read())
    n = 0
    for level in sorted(os.listdir(os.path.join(src, 'routines'))):
        ldir = os.path.join(src, 'routines', level)
        if not os.path.isdir(ldir):
            continue
        for cpp in sorted(os.listdir(ldir)):
            if not cpp.endswith('.cpp'):
                continue
            text = open(os.path.join(ldir, cpp)).read()
            incs = re.findall(r'#include\s+"((?:\.\./)+kernels/[^"]+\.opencl)"', text)
            if not incs:
                continue
            routine = os.path.splitext(cpp)[0]
            parts = [f'// generated by bench/realworld.py from src/routines/{level}/{cpp}\n',
                     f'#define ROUTINE_{routine[1:].upper()}\n', common]
            extra = re.findall(r'"(#define [A-Z_0-9]+)\\n"', text)
            parts += [e + '\n' for e in extra]
            for inc in incs:
                kpath = os.path.normpath(os.path.join(ldir, inc))
                parts.append(f'\n// ---- {os.path.relpath(kpath, dest)}\n')
                parts.append(_raw_string_body(open(kpath).read()))
            os.makedirs(os.path.join(out_dir, level), exist_ok=True)
            with open(os.path.join(out_dir, level, routine + '.cl'), 'w') as f:
                f.write(''.join(parts))
            n += 1
    return n


def gen_luxcore(dest):
    """One translation unit per LuxCore program: the KernelSource_X strings a .cpp concatenates
    (X.cl under include/), in order, e.g. the whole PATHOCL engine of
    pathoclbaseoclthreadkernels.cpp or utils_funcs + an image-pipeline plugin."""
    out_dir = os.path.join(dest, '_cllint_gen')
    shutil.rmtree(out_dir, ignore_errors=True)
    by_name = {}
    for dirpath, _, files in os.walk(os.path.join(dest, 'include')):
        for f in files:
            if f.endswith('.cl'):
                by_name.setdefault(f[:-3], os.path.join(dirpath, f))
    n = 0
    for dirpath, _, files in sorted(os.walk(os.path.join(dest, 'src'))):
        for f in sorted(files):
            if not f.endswith('.cpp') or 'cuda' in f or 'optix' in f:
                continue
            text = open(os.path.join(dirpath, f), errors='replace').read()
            text = re.sub(r'//[^\n]*', '', text)
            # 'ss << A << B; ss << C;' is one program: join the statements of a stream.
            text = re.sub(r'(KernelSource_\w+)\s*;\s*\w+\s*<<', r'\1 <<', text)
            # Runs of KernelSource_ names joined by << or + (one program's sources).
            runs = re.findall(r'((?:(?:\w+::)*KernelSource_\w+\s*(?:<<|\+)?\s*)+)', text)
            k = 0
            for run in runs:
                names = re.findall(r'KernelSource_(\w+)', run)
                files_ = [by_name[nm] for nm in names if nm in by_name]
                if len(files_) < 2:
                    continue
                stem = os.path.splitext(f)[0] + (f'_{k}' if k else '')
                k += 1
                parts = [f'// generated by bench/realworld.py from '
                         f'{os.path.relpath(os.path.join(dirpath, f), dest)}\n']
                for p in files_:
                    parts.append(f'\n// ---- {os.path.relpath(p, dest)}\n')
                    parts.append(open(p, errors='replace').read() + '\n')
                os.makedirs(out_dir, exist_ok=True)
                with open(os.path.join(out_dir, stem + '.cl'), 'w') as fo:
                    fo.write(''.join(parts))
                n += 1
    return n


GENERATORS = {'clblast': gen_clblast, 'luxcore': gen_luxcore}


# --------------------------------------------------------------------------------------------
# Reporting


def fmt_time(s):
    return f'{s:.0f}s' if s < 600 else f'{s / 60:.1f}min'


def print_table(rows, headers, out=sys.stdout):
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    line = lambda cells: '| ' + ' | '.join(str(c).rjust(w) if i else str(c).ljust(w)
                                          for i, (c, w) in enumerate(zip(cells, widths))) + ' |'
    print(line(headers), file=out)
    print('|' + '|'.join('-' * (w + 1) + ':' if i else '-' * (w + 2)
                         for i, w in enumerate(widths)) + '|', file=out)
    for r in rows:
        print(line(r), file=out)


def summarize_lint(results, repos, out=sys.stdout):
    headers = ['repo', 'files', 'clang parses', 'cllint completes', 'of which exit 2 (not compiling)',
               'disagree', 'crashes (process died)', 'internal errors (crash caught)', 'timeouts',
               'other errors', 'total time', 'max peak RSS', 'findings']
    rows = []
    tot = collections.Counter()
    tot_time = 0.0
    tot_rss = 0
    rule_tot = collections.Counter()
    for repo in repos:
        rs = [r for r in results if r['repo'] == repo['name']]
        if not rs:
            continue
        c = collections.Counter(r['status'] for r in rs)
        parses = sum(r['clang']['parses'] for r in rs)
        # cllint says "does not compile" where clang parses, or the reverse.
        disagree = sum(1 for r in rs if r['status'] in ('ok', 'compile-fail') and
                       (r['status'] == 'compile-fail') == r['clang']['parses'])
        t = sum(r['cllint']['wall'] for r in rs)
        rss = max(r['cllint']['maxrss_kb'] for r in rs)
        nf = sum(sum(r['cllint']['findings'].values()) for r in rs)
        for r in rs:
            rule_tot.update(r['cllint']['findings'])
        completes = c['ok'] + c['compile-fail']
        rows.append([repo['name'], len(rs), parses, completes, c['compile-fail'], disagree,
                     c['crash'], c['internal-error'], c['timeout'], c['error'], fmt_time(t),
                     f'{rss / 1024:.0f} MiB', nf])
        tot.update({'files': len(rs), 'parses': parses, 'completes': completes,
                    'cf': c['compile-fail'], 'disagree': disagree, 'crash': c['crash'],
                    'ie': c['internal-error'], 'timeout': c['timeout'], 'error': c['error'],
                    'findings': nf})
        tot_time += t
        tot_rss = max(tot_rss, rss)
    rows.append(['**total**', tot['files'], tot['parses'], tot['completes'], tot['cf'],
                 tot['disagree'], tot['crash'], tot['ie'], tot['timeout'], tot['error'],
                 fmt_time(tot_time),
                 f'{tot_rss / 1024:.0f} MiB', tot['findings']])
    print_table(rows, headers, out)
    print(file=out)
    if rule_tot:
        print_table([[k, v] for k, v in sorted(rule_tot.items(), key=lambda kv: -kv[1])],
                    ['rule', 'findings'], out)
        print(file=out)


def list_bad_lint(results, out=sys.stdout):
    bad = [r for r in results if r['status'] in ('crash', 'internal-error', 'timeout', 'error')]
    for r in bad:
        l = r['cllint']
        print(f"- [{r['status']}] {r['repo']}: {r['file']}  (exit {l['rc']}, "
              f"{l['wall']:.1f}s, {l['maxrss_kb'] // 1024} MiB, clang "
              f"{'parses' if r['clang']['parses'] else 'fails'})", file=out)
        print(f"  flags: {' '.join(r['flags'])}", file=out)
        if l['stderr_head']:
            print('  stderr: ' + '\n          '.join(l['stderr_head'].splitlines()[:6]), file=out)
    return bad


def summarize_fix(results, repos, out=sys.stdout):
    headers = ['repo', 'files', 'files fixed', 'edits applied', 'fixes outside the file',
               'stopped compiling', 'non-idempotent', 'permission changes', 'crashes',
               'internal errors', 'timeouts']
    rows = []
    tot = collections.Counter()
    for repo in repos:
        rs = [r for r in results if r['repo'] == repo['name']]
        if not rs:
            continue
        row = collections.Counter()
        row['files'] = len(rs)
        for r in rs:
            row['fixed'] += bool(r['changed_files'])
            row['edits'] += r['edits_applied'] or 0
            row['outside'] += any(f != r['file'] for f in r['changed_files'])
            row['stopped'] += r['stopped_compiling']
            row['nonidem'] += r['non_idempotent']
            row['perm'] += r['perm_changed'] or bool(r['perm_changed_files'])
            row['crash'] += r['run1']['crash'] or r.get('run2', {}).get('crash', False)
            row['timeout'] += r['run1']['timeout'] or r.get('run2', {}).get('timeout', False)
            row['ie'] += r['run1']['internal_error'] or \
                r.get('run2', {}).get('internal_error', False)
        keys = ['files', 'fixed', 'edits', 'outside', 'stopped', 'nonidem', 'perm', 'crash',
                'ie', 'timeout']
        rows.append([repo['name']] + [row[k] for k in keys])
        tot.update(row)
    rows.append(['**total**'] + [tot[k] for k in keys])
    print_table(rows, headers, out)
    print(file=out)
    for r in results:
        why = []
        if r['stopped_compiling']:
            why.append('stopped compiling: ' + str(r['clang_after_error']))
        if r['non_idempotent']:
            why.append('second --fix changed ' + ', '.join(r['second_run_changed']))
        if r['perm_changed'] or r['perm_changed_files']:
            why.append(f"mode {r['mode_after']} (was {oct(FIX_PERM)}) "
                       + ' '.join(r['perm_changed_files']))
        if (r['run1']['crash'] or r['run1']['timeout'] or r['run1']['internal_error']
                or r.get('run2', {}).get('crash')):
            why.append('crash/timeout: ' + r['run1']['stderr_head'].replace('\n', ' | ')[:400])
        if why:
            print(f"- {r['repo']}: {r['file']}: " + '; '.join(why), file=out)


# --------------------------------------------------------------------------------------------


def selected(args, cfg):
    repos = cfg['repos']
    if args.repos:
        want = set(args.repos.split(','))
        repos = [r for r in repos if r['name'] in want]
    return repos


def collect(args, cfg):
    jobs = []
    for repo in selected(args, cfg):
        repo_dir = os.path.join(args.root, repo['dir'])
        if not os.path.isdir(repo_dir):
            sys.exit(f"{repo_dir} is missing: run with --prepare first")
        files = glob_files(repo_dir, repo['include'], repo.get('exclude', []))
        if args.limit:
            files = files[:args.limit]
        jobs += [(repo, repo_dir, f) for f in files]
    return jobs


def clang_only(args, repos, jobs):
    def one(job):
        repo, repo_dir, rel = job
        flags = file_flags(repo, rel, repo_dir)
        c = run_proc(clang_cmd(args, flags, os.path.join(repo_dir, rel)), args.timeout)
        return repo['name'], rel, c['rc'] == 0 and not c['timeout'], _first_error(c['stderr'])
    with concurrent.futures.ThreadPoolExecutor(args.workers) as ex:
        res = list(ex.map(one, jobs))
    for repo in repos:
        rs = [r for r in res if r[0] == repo['name']]
        print(f"{repo['name']}: {sum(r[2] for r in rs)}/{len(rs)} parse")
        errs = collections.Counter(re.sub(r'^.*?error: ', '', r[3] or '') for r in rs if not r[2])
        for e, n in errs.most_common(args.verbose_errors):
            print(f'  {n:4d}  {e[:160]}')
    return 0


def check_cllint(path):
    try:
        v = subprocess.run([path, '--version'], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f'cllint at {path} does not run: {e}')
    if v.returncode != 0:
        sys.exit(f'{path} --version failed: {v.stderr.strip()}')
    return v.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default='/work/realworld', help='where the repositories live')
    ap.add_argument('--cllint', default='build/tools/cllint/cllint')
    ap.add_argument('--clang', default='clang-19')
    ap.add_argument('--config', default=DEFAULT_CONFIG)
    ap.add_argument('--repos', help='comma-separated repo names (default: all)')
    ap.add_argument('--limit', type=int, default=0, help='at most N files per repo')
    ap.add_argument('-j', '--workers', type=int, default=2)
    ap.add_argument('--timeout', type=float, default=120, help='seconds per process')
    ap.add_argument('--json', metavar='OUT', help='write per-file results to OUT')
    ap.add_argument('--fix-check', action='store_true',
                    help='run --fix --fix-unsafe twice per file on a copy and check the result')
    ap.add_argument('--prepare', action='store_true',
                    help='extract the recorded commits under --root and generate translation units')
    ap.add_argument('--mirror', help='directory of bare mirrors OWNER+NAME/repo (for --prepare)')
    ap.add_argument('--markdown', metavar='OUT', help='also write the tables as Markdown to OUT')
    ap.add_argument('--findings', metavar='OUT',
                    help='write every finding (repo, file, line, column, rule, message) to OUT '
                         'as JSON lines, for labelling')
    ap.add_argument('--no-clang', action='store_true',
                    help='skip the reference clang parse of each file (faster precision runs)')
    ap.add_argument('--verbose-errors', type=int, default=8, help=argparse.SUPPRESS)
    ap.add_argument('--clang-only', action='store_true',
                    help='only run clang on every file (to tune the flags) and print parse rates')
    args = ap.parse_args()
    cfg = load_config(args.config)
    args.root = os.path.abspath(args.root)
    if args.prepare:
        prepare(args, cfg)
        return 0
    jobs = collect(args, cfg)
    repos = selected(args, cfg)
    if args.clang_only:
        return clang_only(args, repos, jobs)
    args.cllint = os.path.abspath(args.cllint)
    version = check_cllint(args.cllint)
    print(f'{version}; {len(jobs)} files in {len(repos)} repositories; '
          f'{args.workers} workers; timeout {args.timeout:.0f}s', file=sys.stderr)
    t0 = time.monotonic()
    results = []
    done = 0

    def progress(rec):
        nonlocal done
        done += 1
        st = rec.get('status') or ('fix' if rec.get('changed_files') else '')
        if done % 50 == 0 or st in ('crash', 'internal-error', 'timeout', 'error'):
            print(f'[{done}/{len(jobs)} {time.monotonic() - t0:.0f}s] {rec["repo"]}: '
                  f'{rec["file"]} {st}', file=sys.stderr, flush=True)

    if not args.fix_check:
        with concurrent.futures.ThreadPoolExecutor(args.workers) as ex:
            futs = [ex.submit(lint_file, args, r, d, f) for r, d, f in jobs]
            for fut in concurrent.futures.as_completed(futs):
                rec = fut.result()
                results.append(rec)
                progress(rec)
    else:
        tmp = tempfile.mkdtemp(prefix='cllint-fixcheck-')
        try:
            for repo in repos:
                rjobs = [j for j in jobs if j[0] is repo]
                if not rjobs:
                    continue
                wss = [FixWorkspace(rjobs[0][1], os.path.join(tmp, f'w{i}'))
                       for i in range(args.workers)]
                pool = list(wss)
                lock = threading.Lock()

                def work(job):
                    with lock:
                        ws = pool.pop()
                    try:
                        return fix_file(args, job[0], ws, job[2])
                    finally:
                        with lock:
                            pool.append(ws)
                with concurrent.futures.ThreadPoolExecutor(args.workers) as ex:
                    for rec in ex.map(work, rjobs):
                        results.append(rec)
                        progress(rec)
                for ws in wss:
                    shutil.rmtree(ws.dir, ignore_errors=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.monotonic() - t0
    order = {(r['name']): i for i, r in enumerate(repos)}
    results.sort(key=lambda r: (order[r['repo']], r['file']))

    outs = [sys.stdout]
    md = open(args.markdown, 'w') if args.markdown else None
    if md:
        outs.append(md)
    for out in outs:
        print(f'\n{version}; {len(jobs)} files; wall {fmt_time(elapsed)} with {args.workers} '
              f'workers\n', file=out)
        if args.fix_check:
            summarize_fix(results, repos, out)
        else:
            summarize_lint(results, repos, out)
            list_bad_lint(results, out)
    if md:
        md.close()
    if args.findings:
        with open(args.findings, 'w') as f:
            for r in results:
                for fd in r.get('finding_list', []):
                    f.write(json.dumps(dict(repo=r['repo'], flags=r['flags'], **fd)) + '\n')
    if args.json:
        for r in results:
            r.pop('finding_list', None)
        with open(args.json, 'w') as f:
            json.dump({'cllint': version, 'mode': 'fix-check' if args.fix_check else 'lint',
                       'workers': args.workers, 'timeout': args.timeout,
                       'wall': round(elapsed, 1), 'results': results}, f, indent=1)
    if args.fix_check:
        return 1 if any(r['stopped_compiling'] or r['non_idempotent'] or r['perm_changed']
                        or r['run1']['crash'] or r['run1']['timeout'] for r in results) else 0
    return 1 if any(r['status'] in ('crash', 'internal-error', 'timeout') for r in results) else 0


if __name__ == '__main__':
    sys.exit(main())
