#!/usr/bin/env python3
"""A JSON-RPC test client for `cllint lsp`: spawns the server, speaks LSP over its stdio with
Content-Length framing, and checks what comes back. Python standard library only.

usage: lsp_client.py /path/to/cllint
"""
import json
import os
import sys
import tempfile
import time

from lsp_harness import KERNEL, LIT_LINE, Server, apply_edits, expect, literal_range, uri_of


def test_session(cllint, tmp):
    s = Server(cllint, "--debounce-ms=300")
    path = os.path.join(tmp, "scale.cl")
    with open(path, "w") as f:
        f.write(KERNEL)
    uri = uri_of(path)

    # Before initialize: requests are refused with -32002, the server stays up.
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    expect(r.get("error", {}).get("code") == -32002, "request before initialize: %s" % r)

    r = s.initialize()
    caps = r["result"]["capabilities"]
    expect(caps["textDocumentSync"]["change"] == 2, caps)
    expect(caps["textDocumentSync"]["openClose"] is True, caps)
    expect("save" in caps["textDocumentSync"], caps)
    expect(caps["codeActionProvider"]["codeActionKinds"] == ["quickfix", "source.fixAll.cllint"],
           caps)
    expect(caps["hoverProvider"] is True, caps)
    expect(r["result"]["serverInfo"]["name"] == "cllint", r)
    expect(r["result"]["serverInfo"]["version"], r)
    print("ok: initialize capabilities")

    # open -> diagnostics with exact code, range (UTF-16), severity, codeDescription.
    s.open(uri, KERNEL)
    p = s.diagnostics(uri, 1)
    expect(len(p["diagnostics"]) == 1, p)
    d = p["diagnostics"][0]
    expect(d["code"] == "arith-double-literal", d)
    expect(d["source"] == "cllint", d)
    # Once per work-item in a memory-bound kernel: a note (LSP Information), led by its impact.
    expect(d["severity"] == 3, d)
    expect(d["message"].startswith("~2.0% of kernel 'scale' (once per work-item): "), d)
    expect(d["range"] == literal_range(KERNEL), "range %s, expected %s" %
           (d["range"], literal_range(KERNEL)))
    expect(d["codeDescription"]["href"].endswith("/rules/arith-double-literal/doc.md"), d)
    expect("double-precision literal '0.1'" in d["message"], d)
    print("ok: didOpen -> publishDiagnostics", d["range"])

    # hover on the literal -> this finding's figures and fix, a line on the rule and a link to
    # its page (not the whole page); elsewhere -> null.
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": literal_range(KERNEL)["start"]})
    h = r["result"]
    expect(h["contents"]["kind"] == "markdown", h)
    v = h["contents"]["value"]
    expect(v.startswith("**arith-double-literal** (note)\n\ndouble-precision literal '0.1'"), v)
    expect("\n- **Impact:** ~" in v and "of kernel 'scale' (once per work-item)" in v, v)
    expect("\n- **Adds to:** instruction time (" in v and "% of the kernel's)" in v, v)
    expect("\n- **Cost (nvidia):** 1 fp64 operation" in v, v)
    expect("\n- **Fix:** append 'f' to make the literal float (unsafe: may change results)" in v, v)
    expect("\n[arith-double-literal](https://github.com/cllint/cllint/blob/main/rules/"
           "arith-double-literal/doc.md): unsuffixed floating literal" in v, v)
    expect("## Why is this bad?" not in v and len(v) < 1500, v)
    expect(h["range"] == literal_range(KERNEL), h)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 2}})
    expect(r["result"] is None, r)
    print("ok: hover")

    # codeAction over the diagnostic: the unsafe fix and an ignore comment.
    r = s.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                                              "range": d["range"],
                                              "context": {"diagnostics": [d]}})
    actions = r["result"]
    titles = [a["title"] for a in actions]
    expect(titles == ["Append 'f' to make the literal float (unsafe: may change results)",
                      "Ignore arith-double-literal on this line"], titles)
    fix, ignore = actions
    expect(fix["kind"] == "quickfix" and "isPreferred" not in fix, fix)
    expect(fix["diagnostics"][0]["code"] == "arith-double-literal", fix)
    edits = fix["edit"]["changes"][uri]
    end = literal_range(KERNEL)["end"]
    expect(edits == [{"range": {"start": end, "end": end}, "newText": "f"}], edits)
    fixed = apply_edits(KERNEL, edits)
    expect("x[i] * 0.1f;" in fixed, fixed)
    ignored = apply_edits(KERNEL, ignore["edit"]["changes"][uri])
    expect(ignored.split("\n")[LIT_LINE].endswith(
        "0.1; // cllint: ignore[arith-double-literal]"), ignored)
    print("ok: codeAction -> WorkspaceEdit")

    # Incremental change: a line inserted above moves the diagnostic down.
    s.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}},
                            "text": "// scales x\n"}]})
    text = "// scales x\n" + KERNEL
    p = s.diagnostics(uri, 2)
    expect(len(p["diagnostics"]) == 1 and
           p["diagnostics"][0]["range"] == literal_range(text, line=LIT_LINE + 1), p)
    # ... then the fix typed by hand at a UTF-16 position after the emoji: no finding left.
    s.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 3},
        "contentChanges": [{"range": {"start": literal_range(text, line=3)["end"],
                                      "end": literal_range(text, line=3)["end"]},
                            "text": "f"}]})
    p = s.diagnostics(uri, 3)
    expect(p["diagnostics"] == [], p)
    print("ok: incremental didChange with UTF-16 positions")

    # A full-text change, then the ignore comment the code action produced: silenced.
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
                                        "contentChanges": [{"text": KERNEL}]})
    expect(len(s.diagnostics(uri, 4)["diagnostics"]) == 1, "full change")
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
                                        "contentChanges": [{"text": ignored}]})
    expect(s.diagnostics(uri, 5)["diagnostics"] == [], "ignore comment applied")
    print("ok: full didChange; the ignore action silences the finding")

    # A burst of edits, each within the debounce delay of the previous one (but slower than a
    # lint of this kernel), is linted once, for the last version.
    for v in range(6, 16):
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                            "contentChanges": [{"text": KERNEL + "//%d\n" % v}]})
        time.sleep(0.1)
    p = s.diagnostics(uri, 15)
    later = s.drain(0.6)
    published = [m["params"]["version"] for m in later
                 if m.get("method") == "textDocument/publishDiagnostics"]
    expect(published == [], "extra publishes after the burst: %s" % published)
    expect(len(p["diagnostics"]) == 1, p)
    print("ok: a burst of 10 changes is debounced into one lint")

    # Responsive while linting: a request right after a change is answered at once.
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 16},
                                        "contentChanges": [{"text": KERNEL}]})
    t0 = time.monotonic()
    r = s.request("no/such/method", {})
    expect(r["error"]["code"] == -32601, r)
    expect(time.monotonic() - t0 < 1.0, "slow answer while a lint is pending")
    s.diagnostics(uri, 16)
    print("ok: unknown method -> -32601, answered while a lint is pending")

    # A statement half typed above the finding: the file no longer compiles, but the finding
    # stays on screen (moved down a line) beside clang's error, until the text compiles again.
    typing = KERNEL.replace("  size_t i", "  float z = \n  size_t i")
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 17},
                                        "contentChanges": [{"text": typing}]})
    p = s.diagnostics(uri, 17)
    codes = set(x["code"] for x in p["diagnostics"])
    expect(codes == {"arith-double-literal", "clang-diagnostic-error"}, p)
    kept = [x for x in p["diagnostics"] if x["code"] == "arith-double-literal"][0]
    expect(kept["range"] == literal_range(typing, line=LIT_LINE + 1), kept)
    # ... editing the finding's own line drops it (its verdict is unknown).
    typing2 = typing.replace("x[i] * 0.1;", "x[i] * 0.1 + ;")
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 18},
                                        "contentChanges": [{"text": typing2}]})
    p = s.diagnostics(uri, 18)
    expect(all(x["code"].startswith("clang-diagnostic") for x in p["diagnostics"]), p)
    print("ok: findings survive a parse error on the lines it did not touch")

    # source.fixAll.cllint: asked for by kind, answered with the document's safe fixes (this
    # kernel has only an unsafe one: no action).
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 19},
                                        "contentChanges": [{"text": KERNEL}]})
    s.diagnostics(uri, 19)
    r = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"],
        "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    expect(r["result"] == [], r)
    print("ok: source.fixAll offers nothing unsafe")

    # Malformed JSON -> -32700 with id null; bad framing is skipped; still alive.
    s.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    m = s.wait(lambda m: "error" in m and m.get("id") is None, "parse error")
    expect(m["error"]["code"] == -32700, m)
    s.send_raw(b"Content-Length: abc\r\n\r\n")
    s.send_raw(b"garbage without headers\r\n\r\n")
    s.notify("no/such/notification", {})  # ignored: no answer
    r = s.request("textDocument/codeAction", {"range": d["range"]})
    expect(r["error"]["code"] == -32602, r)
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri}})
    expect(r["error"]["code"] == -32602, r)
    s.wait_stderr("bad framing")
    print("ok: -32700, bad framing resync, -32602, unknown notification ignored")

    # close -> diagnostics cleared.
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    expect(s.diagnostics(uri, what="cleared diagnostics")["diagnostics"] == [], "close")
    print("ok: didClose clears diagnostics")

    # After shutdown only exit is accepted; exit after shutdown -> 0.
    expect(s.request("shutdown")["result"] is None, "shutdown")
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 0}})
    expect(r["error"]["code"] == -32600, r)
    code = s.finish(shutdown=False)
    expect(code == 0, "exit code after shutdown: %s" % code)
    print("ok: shutdown, exit -> 0")


def test_headers_and_config(cllint, tmp):
    proj = os.path.join(tmp, "proj")
    os.makedirs(proj)
    config = os.path.join(proj, ".cllint.yaml")
    with open(config, "w") as f:
        f.write("no-such-key: 1\n")
    with open(os.path.join(proj, "helper.h"), "w") as f:
        f.write("inline float twice(float v) { return v * 2.1; }\n")
    path = os.path.join(proj, "k.cl")
    text = ('#include "helper.h"\n'
            "__kernel void k(__global float *y) {\n"
            "  size_t i = get_global_id(0);\n"
            "  y[i] = twice(y[i]) * 0.1;\n"
            "}\n")
    with open(path, "w") as f:
        f.write(text)
    uri = uri_of(path)

    s = Server(cllint, "--debounce-ms=50")
    s.initialize({"debounceMs": 50})
    s.open(uri, text)
    # A bad config: one error at 0:0 naming the file, and a message to the user.
    p = s.diagnostics(uri, 1)
    expect(len(p["diagnostics"]) == 1, p)
    d = p["diagnostics"][0]
    expect(d["severity"] == 1 and d["range"]["start"] == {"line": 0, "character": 0}, d)
    expect(".cllint.yaml" in d["message"] and "no-such-key" in d["message"], d)
    m = s.wait(lambda m: m.get("method") == "window/showMessage", "showMessage")
    expect(m["params"]["type"] == 1 and ".cllint.yaml" in m["params"]["message"], m)
    print("ok: config error -> diagnostic at 0:0 and window/showMessage")

    # The config fixed and announced: linted again with it (severity raised to error).
    with open(config, "w") as f:
        f.write("min-impact: 0\nseverity:\n  arith-double-literal: error\n")
    s.notify("workspace/didChangeWatchedFiles",
             {"changes": [{"uri": uri_of(config), "type": 2}]})
    p = s.diagnostics(uri, 1, "diagnostics after the config changed")
    codes = sorted((x["code"], x["severity"], x["range"]["start"]["line"])
                   for x in p["diagnostics"])
    expect(codes == [("arith-double-literal", 1, 0), ("arith-double-literal", 1, 3)], codes)
    inc = [x for x in p["diagnostics"] if x["range"]["start"]["line"] == 0][0]
    expect(inc["message"].startswith("in included file helper.h:1: ~2.0% of kernel 'k' (once per "
                                     "work-item): double-precision literal '2.1'"), inc)
    rel = inc["relatedInformation"][0]["location"]
    expect(rel["uri"] == uri_of(os.path.join(proj, "helper.h")) and
           rel["range"]["start"]["line"] == 0, inc)
    print("ok: didChangeWatchedFiles reloads the config; header finding on the #include line")

    # Changed on disk without a notification: noticed by its mtime on the next lint.
    with open(config, "w") as f:
        f.write("severity:\n  arith-double-literal: note\n")
    st = os.stat(config)
    os.utime(config, (st.st_atime + 5, st.st_mtime + 5))
    s.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    p = s.diagnostics(uri, 1, "diagnostics after the config changed on disk")
    expect(sorted(x["severity"] for x in p["diagnostics"]) == [3, 3], p)
    print("ok: a config changed on disk is noticed by mtime")

    code = s.finish()
    expect(code == 0, "exit code %s" % code)


def test_exit_without_shutdown(cllint, tmp):
    s = Server(cllint)
    s.initialize()
    code = s.finish(shutdown=False)
    expect(code == 1, "exit without shutdown must exit 1, got %s" % code)
    print("ok: exit without shutdown -> 1")


def test_hostile_input(cllint, tmp):
    """Crashes, deep JSON, long lines and big documents never take the server down."""
    s = Server(cllint)
    # Fuzzer finding: a huge debounce overflowed `now + delay`; it is clamped to a minute, and
    # the first lint of an opened document is not debounced.
    s.initialize({"debounceMs": 9223372036854775807})
    # 100,000 nested arrays: a JSON-RPC parse error, and the server goes on.
    deep = b"[" * 100000
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(deep) + deep)
    err = s.wait(lambda m: "error" in m and m.get("id") is None, "parse error for deep JSON")
    expect(err["error"]["code"] == -32700 and "256 levels" in err["error"]["message"], err)
    print("ok: deeply nested JSON -> parse error")

    # A file whose parse crashes: an internal-error diagnostic, the server survives.
    crash = os.path.join(tmp, "crash.cl")
    text = "#pragma clang __debug crash\n__kernel void k(__global float *p) { p[0] = 1.0f; }\n"
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(crash), "languageId": "opencl",
                                                       "version": 1, "text": text}})
    p = s.diagnostics(uri_of(crash), 1)
    codes = [d.get("code") for d in p["diagnostics"]]
    expect(codes == ["internal-error"], p)
    expect("cllint crashed (SIGILL" in p["diagnostics"][0]["message"], p)
    print("ok: a crash while linting -> internal-error diagnostic")

    # A long unterminated #include line and a 2 MiB document: diagnostics come, quickly.
    big = os.path.join(tmp, "big.cl")
    line = "__kernel void k%d(__global float *y) { y[get_global_id(0) * 2] = y[0] * 2.0f; }\n"
    text = ("#if 0\n#include \"" + "a" * 200000 + "\n#endif\n" +
            "".join(line % i for i in range(20000)))
    start = time.monotonic()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(big), "languageId": "opencl",
                                                       "version": 1, "text": text}})
    # Generous for sanitized builds; a scan per finding (the old quadratic path) took minutes.
    big_limit = 90.0
    p = s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
               m["params"]["uri"] == uri_of(big), "diagnostics of a 2 MiB document",
               timeout=big_limit)["params"]
    expect(len(p["diagnostics"]) == 20000, "%d diagnostics for the big document" %
           len(p["diagnostics"]))
    r = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri_of(big)},
        "range": {"start": {"line": 19003, "character": 0}, "end": {"line": 19003, "character": 80}},
        "context": {"diagnostics": []}})
    elapsed = time.monotonic() - start
    expect(len(r.get("result", [])) >= 1, r)
    expect(elapsed < big_limit, "big document took %.1f s" % elapsed)
    print("ok: a 2 MiB document with a long #include line -> diagnostics in %.1f s" % elapsed)

    # Still alive: a normal request is answered.
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri_of(crash)},
                                         "position": {"line": 0, "character": 0}})
    expect("result" in r, r)
    code = s.finish()
    expect(code == 0, "exit code %s" % code)


def test_host_launches(cllint, tmp):
    """A config's host: globs give the editor the launch shapes the command line uses."""
    with open(os.path.join(tmp, ".cllint.yaml"), "w") as f:
        f.write('host: ["host.c"]\n')
    with open(os.path.join(tmp, "host.c"), "w") as f:
        f.write("#include <CL/cl.h>\n"
                "void run(cl_command_queue q, cl_program p) {\n"
                "  cl_kernel k = clCreateKernel(p, \"rows\", 0);\n"
                "  size_t g[2] = {1024, 1024}, l[2] = {128, 1};\n"
                "  clEnqueueNDRangeKernel(q, k, 2, 0, g, l, 0, 0, 0);\n"
                "}\n")
    path = os.path.join(tmp, "k.cl")
    text = ("__kernel void rows(__global float *o, int w) {\n"
            "  o[get_global_id(0) * w + get_global_id(1)] = 1.0f;\n"
            "}\n")
    with open(path, "w") as f:
        f.write(text)
    uri = uri_of(path)
    s = Server(cllint, "--debounce-ms=0")
    s.initialize()
    s.open(uri, text)
    p = s.diagnostics(uri, 1)
    strided = [d for d in p["diagnostics"] if d["code"] == "memory-global-stride"]
    expect(len(strided) == 1, p)
    related = json.dumps(strided[0].get("relatedInformation", []))
    expect("host launch at host.c:5" in related, strided[0])
    s.finish()
    print("ok: the config's host files give the editor its launch shapes")


def main():
    cllint = os.path.abspath(sys.argv[1])
    failures = 0
    for test in (test_session, test_headers_and_config, test_exit_without_shutdown,
                 test_hostile_input, test_host_launches):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                test(cllint, tmp)
            except AssertionError as e:
                failures += 1
                print("FAIL: %s: %s" % (test.__name__, e))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
