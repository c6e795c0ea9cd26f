#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into OUT/<target>/ (one file per input):

  fuzz-lint    every kernels-corpus/**/*.cl, rules/*/test/*.cl and test/**/Inputs/*.cl
               (a file the corpus config builds as CL2.0 gets the "//CL2.0" first line)
  fuzz-lsp     LSP sessions built from those kernels: initialize, didOpen, incremental
               didChange, hover, codeAction, didSave, watched files, shutdown, exit; plus
               framing oddities
  fuzz-config  every .cllint.yaml and verify .yaml in the tree, and configs covering every key

usage: seed_corpus.py [--root REPO] OUT [target...]
"""
import argparse
import hashlib
import json
import os
import pathlib
import sys

TARGETS = ("fuzz-lint", "fuzz-lsp", "fuzz-config")
CL2 = {"scan/work_group_scan.cl"}


def kernels(root):
    out = []
    for pattern in ("kernels-corpus/**/*.cl", "rules/*/test/*.cl", "test/**/Inputs/**/*.cl"):
        for p in sorted(root.glob(pattern)):
            text = p.read_bytes()
            if b"__debug" in text:  # clang's crash-on-purpose pragmas; the targets skip them
                continue
            rel = p.relative_to(root).as_posix()
            if rel.removeprefix("kernels-corpus/") in CL2:
                text = b"//CL2.0\n" + text
            out.append((rel, text))
    return out


def frame(msg):
    body = json.dumps(msg, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def session(uri, text, variant):
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {
             "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": variant % 2 == 0}}},
             "initializationOptions": {"debounceMs": 0}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "opencl", "version": 1, "text": text}}},
    ]
    lines = text.split("\n")
    mid = len(lines) // 2
    line = lines[mid] if lines else ""
    pos = {"line": mid, "character": min(utf16_len(line), 8)}
    rng = {"start": {"line": 0, "character": 0},
           "end": {"line": len(lines), "character": 0}}
    msgs += [
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
         "params": {"textDocument": {"uri": uri}, "position": pos}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction",
         "params": {"textDocument": {"uri": uri}, "range": rng,
                    "context": {"diagnostics": [], "only": ["quickfix"]}}},
    ]
    if variant % 3 == 0:
        # An incremental edit: insert a line in the middle, then replace the first line.
        msgs.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": mid, "character": 0},
                           "end": {"line": mid, "character": 0}},
                 "text": "  float z = 0.5 * 3; // NOLINT(arith-double-literal)\n"},
                {"range": {"start": {"line": 0, "character": 0},
                           "end": {"line": 0, "character": utf16_len(lines[0])}},
                 "text": "/* \u00e9\u20ac\U0001F600 */"}]}})
        msgs.append({"jsonrpc": "2.0", "id": 4, "method": "textDocument/codeAction",
                     "params": {"textDocument": {"uri": uri}, "range": rng}})
    if variant % 3 == 1:
        msgs.append({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + "\n"}]}})
        msgs.append({"jsonrpc": "2.0", "method": "textDocument/didSave",
                     "params": {"textDocument": {"uri": uri}}})
        msgs.append({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                     "params": {"changes": [{"uri": "file:///w/.cllint.yaml", "type": 2}]}})
    if variant % 3 == 2:
        msgs.append({"jsonrpc": "2.0", "method": "textDocument/didClose",
                     "params": {"textDocument": {"uri": uri}}})
        msgs.append({"jsonrpc": "2.0", "id": "s", "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri}, "position": pos}})
    msgs += [{"jsonrpc": "2.0", "id": 9, "method": "shutdown"},
             {"jsonrpc": "2.0", "method": "exit"}]
    return b"".join(frame(m) for m in msgs)


def lsp_seeds(ks):
    seeds = []
    uris = ["file:///w/k%20%C3%A9.cl", "untitled:Untitled-1", "file:///w/src/kernel.cl"]
    for i, (rel, text) in enumerate(ks):
        if len(text) > 6000:
            continue
        seeds.append(session(uris[i % len(uris)], text.decode("utf-8", "replace"), i))
    init = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
    seeds += [
        init + b"Content-Length: 5\r\n\r\n{]}}}" + frame({"jsonrpc": "2.0", "method": "exit"}),
        b"Content-Type: application/vscode-jsonrpc\r\n" + init[:-2] + b"\r\n",
        b"junk\r\n" + init + b"Content-Length: 99999999999\r\n\r\n",
        init + frame([1, 2]) + frame({"jsonrpc": "2.0", "id": [1], "method": "x"})
        + frame({"jsonrpc": "2.0", "id": 2, "result": None}),
        frame({"jsonrpc": "2.0", "id": 1, "method": "shutdown"}) + init + init,
    ]
    return seeds


CONFIGS = [
    b"",
    b"rules: \"-*,arith-*\"\n",
    b"rules: [\"-*\", \"memory-*\", \"-memory-local-*\"]\nfail-on: note\n",
    b"severity: {arith-double-literal: error, memory-global-stride: note}\n",
    b"profile: mygpu\nprofiles:\n  mygpu: {base: amd, warp: 64, banks: 32, bank-width: 4, "
    b"sector: 64, cache-line: 128, local-memory: 65536, work-group: [64, 4]}\n",
    b"profile: tiny\nprofiles:\n  tiny: {description: x, warp: 1, banks: 1, bank-width: 1, "
    b"sector: 1, cache-line: 1, local-memory: 1, work-group: [1, 1, 1]}\n",
    b"profile: big\nprofiles:\n  big: {warp: 1073741824, banks: 1073741824, "
    b"bank-width: 1073741824, sector: 1073741824, cache-line: 1073741824}\n",
    b"std: CL2.0\nwork-group: [16, 16, 1]\n",
    b"std: \"3.0\"\nwork-group: [1073741824, 1073741824, 1073741824]\n",
    b"flags: [\"-DTILE=16\", \"-Iinclude\", \"-cl-std=CL2.0\"]\n",
    b"paths:\n  - glob: \"legacy/*.cl\"\n    std: \"1.2\"\n    work-group: [7]\n"
    b"  - glob: \"a?.cl\"\n    flags: \"-DX\"\n",
    b"verify: {runs: 5, device: 0, sizes: {n: 1024}}\n",
    b"rules: x\nrulez: y\n",
    b"profile: nvidia\nwork-group: [0]\n",
    b"rules: [a, b\n",
    b"severity: {x: fatal}\n",
    b"%YAML 1.2\n---\nrules: &r \"*\"\nseverity: {<<: *r}\n...\n",
    b"? [a, b]\n: c\n",
    b"rules: !!binary aGVsbG8=\nprofile: \"\\u00e9\"\n",
]


def config_seeds(root):
    seeds = list(CONFIGS)
    for p in sorted(root.glob("**/*.yaml")) + sorted(root.glob("**/.cllint.yaml")):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(("build", "test/fuzz/regressions/")) or "node_modules" in p.parts:
            continue
        seeds.append(p.read_bytes())
    return seeds


def write(outdir, seeds):
    outdir.mkdir(parents=True, exist_ok=True)
    for s in seeds:
        (outdir / hashlib.sha1(s).hexdigest()).write_bytes(s)
    return len(seeds)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parents[2], type=pathlib.Path)
    ap.add_argument("out", type=pathlib.Path)
    ap.add_argument("targets", nargs="*", default=list(TARGETS))
    a = ap.parse_args()
    ks = kernels(a.root)
    for t in a.targets:
        if t == "fuzz-lint":
            n = write(a.out / t, [text for _, text in ks])
        elif t == "fuzz-lsp":
            n = write(a.out / t, lsp_seeds(ks))
        elif t == "fuzz-config":
            n = write(a.out / t, config_seeds(a.root))
        else:
            sys.exit(f"unknown target {t}; expected one of {', '.join(TARGETS)}")
        print(f"{t}: {n} seeds in {a.out / t}")


if __name__ == "__main__":
    main()
