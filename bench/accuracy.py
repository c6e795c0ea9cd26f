#!/usr/bin/env python3
"""Accuracy of cllint on the kernel corpus: precision and recall per rule.

Every corpus file carries its expected findings inline, in the lit/FileCheck form of the rule
tests:

    // RUN: not %cllint %s | %check-findings
        out[gid] = in[gid * stride];
    // CHECK: strided.cl:[[@LINE-1]]:16: warning: {{.*}} [memory-global-stride]

For each RUN line that lints the file (``%cllint ... %s`` piped into ``%check-findings`` or
``FileCheck``), the expected set is the (rule, line, column) of every check line of that RUN's
prefix (CHECK unless ``--check-prefix`` says otherwise) whose severity is warning or error.
The script runs ``cllint --format=json`` with the RUN line's extra flags and compares.
A finding counts as a true positive only if rule, line and column all match; one at the right
line with the wrong column is counted once as a false positive and once as a false negative,
and listed as a location mismatch.

Python 3 standard library only. Always exits 0: it reports; the lit corpus test enforces.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
from collections import defaultdict

# The six rules of the mission, listed even when neither expected nor reported.
KNOWN_RULES = [
    "memory-global-stride",
    "memory-local-bank-conflict",
    "control-warp-divergence",
    "arith-pow2-div-mod",
    "arith-double-literal",
    "launch-work-group-size",
]

RUN_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
# '// PREFIX:' or '// PREFIX-NEXT:' / '-SAME:' / '-DAG:' (but not -NOT, which expects nothing).
CHECK_RE = re.compile(r"^\s*//\s*([A-Za-z0-9_-]+?)(?:-(NEXT|SAME|DAG|NOT|LABEL|EMPTY|COUNT-\d+))?:\s?(.*)$")
# The location: either '[[@LINE]]', '[[@LINE-2]]', '[[@LINE+1]]' or a literal line number.
LOC_RE = re.compile(r"(?:\[\[@LINE(?:([+-])\s*(\d+))?\]\]|(?<![\w\]])(\d+)):(\d+):\s*(warning|error|note|remark):")
FILE_RE = re.compile(r"([\w.-]+\.(?:cl|c|cc|cpp|cxx)):(?:\[\[@LINE|\d)")
RULE_RE = re.compile(r"\[([a-z0-9]+(?:-[a-z0-9]+)+)\]\s*$")
PREFIX_RE = re.compile(r"--check-prefix(?:es)?[= ](\S+)")


def parse_runs(lines):
    """RUN commands of a file, continuation lines ('\\' at the end) joined."""
    runs, cur = [], None
    for line in lines:
        m = RUN_RE.match(line)
        if not m:
            if cur is not None:
                runs.append(cur)
                cur = None
            continue
        text = m.group(1).rstrip()
        cont = text.endswith("\\")
        text = text[:-1] if cont else text
        cur = text if cur is None else cur + " " + text
        if not cont:
            runs.append(cur)
            cur = None
    if cur is not None:
        runs.append(cur)
    return runs


def lint_runs(runs):
    """(extra cllint flags, check prefixes) for each RUN line that lints the file itself."""
    out = []
    for run in runs:
        for stage_idx, stage in enumerate(run.split("|")):
            if "%cllint" not in stage:
                continue
            try:
                toks = shlex.split(stage.split("%cllint", 1)[1])
            except ValueError:
                toks = stage.split("%cllint", 1)[1].split()
            if "%s" not in toks:
                continue  # lints a derived file (%t...), not the corpus file
            flags = [t for t in toks if t != "%s" and not t.startswith(">") and not t.startswith("<")]
            if any(f.startswith(("--fix", "--format", "-o")) for f in flags):
                continue
            rest = "|".join(run.split("|")[stage_idx + 1:])
            if "%check-findings" not in rest and "FileCheck" not in rest:
                continue
            m = PREFIX_RE.search(rest)
            prefixes = m.group(1).split(",") if m else ["CHECK"]
            out.append((flags, prefixes))
            break
    return out


def expected_findings(lines, prefixes, name):
    """{(rule, line, column, file)} expected under these check prefixes (warnings and errors
    only); file is the basename the check names (name, the corpus file, by default)."""
    exp = set()
    for idx, line in enumerate(lines):
        m = CHECK_RE.match(line)
        if not m or m.group(1) not in prefixes or m.group(2) == "NOT":
            continue
        body = m.group(3)
        loc = LOC_RE.search(body)
        rule = RULE_RE.search(body)
        if not loc or not rule or loc.group(5) not in ("warning", "error"):
            continue
        if loc.group(3) is not None:
            lineno = int(loc.group(3))
        else:
            off = int(loc.group(2) or 0)
            lineno = idx + 1 + (-off if loc.group(1) == "-" else off)
        fm = FILE_RE.search(body)
        exp.add((rule.group(1), lineno, int(loc.group(4)), fm.group(1) if fm else name))
    return exp


def run_cllint(cllint, flags, path):
    cmd = [cllint, "--quiet", "--color=never", "--format=json"] + flags + [path]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        return None, "exit %d, no JSON: %s" % (proc.returncode, proc.stderr.strip()[:300])
    found, errors = set(), []
    for f in doc.get("findings", []):
        if f.get("severity") not in ("warning", "error"):
            continue
        found.add((f.get("rule", "?"), int(f.get("line", 0)), int(f.get("column", 0)),
                   os.path.basename(f.get("file", path))))
    for fi in doc.get("files", []):
        if fi.get("compileFailed"):
            errors.append("compile failed: " + "; ".join(fi.get("errors", [])))
    return found, "; ".join(errors) or None


def ratio(num, den):
    return "%.2f" % (num / den) if den else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cllint", required=True, help="path of the cllint binary")
    ap.add_argument("--corpus", required=True, help="kernels-corpus directory")
    ap.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    ap.add_argument("-q", "--quiet", action="store_true", help="only the tables, no per-file details")
    args = ap.parse_args()

    files = []
    for root, _, names in os.walk(args.corpus):
        files += [os.path.join(root, n) for n in names if n.endswith(".cl")]
    files.sort()

    stats = defaultdict(lambda: {"expected": 0, "reported": 0, "tp": 0, "fp": 0, "fn": 0})
    details, problems = [], []
    n_cases = n_clean = n_clean_ok = 0
    for path in files:
        rel = os.path.relpath(path, args.corpus)
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        cases = lint_runs(parse_runs(lines))
        if not cases:
            problems.append("%s: no RUN line that lints the file" % rel)
            continue
        for flags, prefixes in cases:
            n_cases += 1
            # %S is the corpus file's directory (host files linted with the kernel).
            flags = [f.replace("%S", os.path.dirname(path)) for f in flags]
            label = rel + ("" if not flags else " [" + " ".join(flags) + "]")
            exp = expected_findings(lines, prefixes, os.path.basename(path))
            got, err = run_cllint(args.cllint, flags, path)
            if got is None:
                problems.append("%s: cllint failed: %s" % (label, err))
                got = set()
            elif err:
                problems.append("%s: %s" % (label, err))
            if not exp:
                n_clean += 1
                n_clean_ok += not got
            for key in exp:
                stats[key[0]]["expected"] += 1
            for key in got:
                stats[key[0]]["reported"] += 1
            for key in exp & got:
                stats[key[0]]["tp"] += 1
            fps, fns = sorted(got - exp), sorted(exp - got)
            for key in fps:
                stats[key[0]]["fp"] += 1
            for key in fns:
                stats[key[0]]["fn"] += 1
            fn_lines = {(r, l): c for r, l, c, _ in fns}
            for r, l, c, _ in fps:
                if (r, l) in fn_lines:
                    details.append("%s:%d: %s at column %d, expected column %d (location mismatch)"
                                   % (label, l, r, c, fn_lines[(r, l)]))
                else:
                    details.append("%s:%d:%d: false positive [%s]" % (label, l, c, r))
            fp_lines = {(r, l) for r, l, _, _ in fps}
            for r, l, c, _ in fns:
                if (r, l) not in fp_lines:
                    details.append("%s:%d:%d: false negative [%s]" % (label, l, c, r))

    rules = KNOWN_RULES + sorted(r for r in stats if r not in KNOWN_RULES)
    header = ("rule", "expected", "reported", "TP", "FP", "FN", "precision", "recall")
    rows = []
    total = {"expected": 0, "reported": 0, "tp": 0, "fp": 0, "fn": 0}
    for r in rules:
        s = stats[r]
        for k in total:
            total[k] += s[k]
        rows.append((r, s["expected"], s["reported"], s["tp"], s["fp"], s["fn"],
                     ratio(s["tp"], s["reported"]), ratio(s["tp"], s["expected"])))
    rows.append(("total", total["expected"], total["reported"], total["tp"], total["fp"],
                 total["fn"], ratio(total["tp"], total["reported"]),
                 ratio(total["tp"], total["expected"])))

    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    def fmt(row):
        return "  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                         for i, (v, w) in enumerate(zip(row, widths)))
    print("cllint accuracy on %s: %d files, %d runs (%d expected clean, %d of them reported clean)"
          % (args.corpus, len(files), n_cases, n_clean, n_clean_ok))
    print()
    print(fmt(header))
    print(fmt(["-" * w for w in widths]))
    for row in rows[:-1]:
        print(fmt(row))
    print(fmt(["-" * w for w in widths]))
    print(fmt(rows[-1]))
    print("\nprecision = TP / reported, recall = TP / expected ('-' where the denominator is 0);"
          "\na match needs the same rule, line and column.")
    if problems:
        print("\nProblems:")
        for p in problems:
            print("  " + p)
    if details and not args.quiet:
        print("\nDiscrepancies:")
        for d in details:
            print("  " + d)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"files": len(files), "runs": n_cases, "clean_runs": n_clean,
                       "clean_runs_reported_clean": n_clean_ok,
                       "rules": {r: dict(stats[r]) for r in rules}, "total": total,
                       "discrepancies": details, "problems": problems}, fh, indent=2)
    return 0


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # report, never fail the build
        print("accuracy.py: %s" % e, file=sys.stderr)
    sys.exit(0)
