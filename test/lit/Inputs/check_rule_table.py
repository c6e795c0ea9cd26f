#!/usr/bin/env python3
"""Reads `cllint --list-rules` on stdin and checks that every rule has its doc (with the fixed
sections), at least one test, a row in docs/rules.md and in the README; prints one line per
problem and exits 1 if there is any."""
import glob, os, sys

root = sys.argv[1]
SECTIONS = ["## What it does", "## Why is this bad?", "## Example", "## Use instead",
            "## Fix safety", "## When to silence it", "## Cost on GPUs", "## Source"]
rules = [line.split()[0] for line in sys.stdin if line.strip()]
index = open(os.path.join(root, "docs/rules.md")).read()
readme = open(os.path.join(root, "README.md")).read()
problems = []
for rule in rules:
    doc = os.path.join(root, "rules", rule, "doc.md")
    if not os.path.exists(doc):
        problems.append(f"{rule}: no rules/{rule}/doc.md")
        continue
    text = open(doc).read()
    if not text.startswith(f"# {rule}\n"):
        problems.append(f"{rule}: doc.md must start with '# {rule}'")
    problems += [f"{rule}: doc.md lacks '{s}'" for s in SECTIONS if s not in text]
    # Kernel rules test .cl files; host rules, host code in .test files.
    if not glob.glob(os.path.join(root, "rules", rule, "test", "*.cl")) and \
            not glob.glob(os.path.join(root, "rules", rule, "test", "*.test")):
        problems.append(f"{rule}: no tests in rules/{rule}/test/")
    if f"`{rule}`" not in index:
        problems.append(f"{rule}: missing from docs/rules.md")
    if f"`{rule}`" not in readme:
        problems.append(f"{rule}: missing from README.md")
for p in problems:
    print(p)
print(f"{len(rules)} rules, {len(problems)} problems")
sys.exit(1 if problems else 0)
