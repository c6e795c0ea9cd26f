#!/usr/bin/env python3
"""`cllint lsp` with several documents: a slow document does not hold back the others'
diagnostics, shutdown does not wait for a running lint, and findings in headers named through
a macro or included by another header are shown on the document's #include line.

usage: lsp_documents_test.py /path/to/cllint
"""
import os
import sys
import tempfile
import time

from lsp_harness import Server, expect, uri_of

FAST = """__kernel void fast(__global float *y) {
  y[get_global_id(0)] *= 0.1;
}
"""

# Thousands of kernels: seconds to lint, however fast the machine, against milliseconds for FAST.
SLOW_KERNEL = ("__kernel void k%d(__global float *y, __global const float *x, int w) {\n"
               "  size_t i = get_global_id(0);\n"
               "  float s = 0;\n"
               "  for (int j = 0; j < w; ++j) s += x[i * w + j] * 0.25;\n"
               "  y[i] = s;\n"
               "}\n")


def slow_text(kernels):
    return "".join(SLOW_KERNEL % i for i in range(kernels))


def is_diagnostics(uri):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                      m["params"]["uri"] == uri)


def every_finding(tmp):
    with open(os.path.join(tmp, ".cllint.yaml"), "w") as f:
        f.write("min-impact: 0\nimpact-floor: 0\n")


def test_slow_document_does_not_block(cllint, tmp, kernels):
    slow, fast = os.path.join(tmp, "slow.cl"), os.path.join(tmp, "fast.cl")
    every_finding(tmp)
    s = Server(cllint)
    s.initialize()
    start = time.monotonic()
    s.open(uri_of(slow), slow_text(kernels))
    time.sleep(0.3)  # the slow lint is running
    s.open(uri_of(fast), FAST)
    first = s.wait(lambda m: is_diagnostics(uri_of(fast))(m) or is_diagnostics(uri_of(slow))(m),
                   "diagnostics of either document", timeout=300)
    fast_at = time.monotonic() - start
    expect(first["params"]["uri"] == uri_of(fast),
           "the slow document's diagnostics came first (after %.1f s)" % fast_at)
    codes = [d["code"] for d in first["params"]["diagnostics"]]
    expect(codes == ["arith-double-literal"], first)
    s.wait(is_diagnostics(uri_of(slow)), "the slow document's diagnostics", timeout=300)
    slow_at = time.monotonic() - start
    print("ok: a slow document (%.1f s) does not hold back another (%.2f s)" % (slow_at, fast_at))
    s.finish()
    return slow_at


def test_shutdown_does_not_wait(cllint, tmp, kernels, slow_seconds):
    slow = os.path.join(tmp, "slow.cl")
    every_finding(tmp)
    s = Server(cllint)
    s.initialize()
    s.open(uri_of(slow), slow_text(kernels))
    time.sleep(0.3)
    start = time.monotonic()
    r = s.request("shutdown")
    answered = time.monotonic() - start
    expect(r.get("result", "missing") is None, r)
    expect(answered < min(2.0, slow_seconds / 2),
           "shutdown took %.1f s; the lint alone takes %.1f s" % (answered, slow_seconds))
    s.notify("exit")
    code = s.proc.wait(timeout=10)
    took = time.monotonic() - start
    expect(code == 0, "exit code %s" % code)
    expect(took < min(3.0, slow_seconds), "exit took %.1f s" % took)
    published = [m for m in s.drain(0.2) if is_diagnostics(uri_of(slow))(m)]
    expect(not published, "diagnostics published after shutdown: %s" % published)
    print("ok: shutdown answered in %.2f s and exit in %.2f s during a %.1f s lint" %
          (answered, took, slow_seconds))


def test_headers_through_macros(cllint, tmp):
    os.makedirs(os.path.join(tmp, "inc"))
    with open(os.path.join(tmp, "inc", "helper.h"), "w") as f:
        f.write('#include "deep.h"\n'
                "inline float twice(float v) { return v * 2.1; }\n")
    with open(os.path.join(tmp, "inc", "deep.h"), "w") as f:
        f.write("inline float third(float v) { return v * 0.3; }\n")
    path = os.path.join(tmp, "k.cl")
    text = ("#define XM2S(x) #x\n"
            "#define M2S(x) XM2S(x)\n"
            "#include M2S(inc/helper.h)\n"
            "__kernel void k(__global float *y) {\n"
            "  size_t i = get_global_id(0);\n"
            "  y[i] = third(twice(y[i]));\n"
            "}\n")
    every_finding(tmp)
    uri = uri_of(path)
    s = Server(cllint, "--debounce-ms=0")
    s.initialize()
    s.open(uri, text)

    def check(p, what):
        got = sorted((d["code"], d["range"]["start"]["line"], d["message"].split(":")[0])
                     for d in p["diagnostics"])
        expect(got == [("arith-double-literal", 2, "in included file deep.h"),
                       ("arith-double-literal", 2, "in included file helper.h")],
               "%s: %s" % (what, got))
        related = sorted(d["relatedInformation"][0]["location"]["uri"] for d in p["diagnostics"])
        expect(related == [uri_of(os.path.join(tmp, "inc", "deep.h")),
                           uri_of(os.path.join(tmp, "inc", "helper.h"))], related)

    check(s.diagnostics(uri, 1), "first lint")
    # The next edit reuses the parsed #include block (a preamble): still placed.
    edited = text + "// edited\n"
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                        "contentChanges": [{"text": edited}]})
    check(s.diagnostics(uri, 2), "after an edit")
    r = s.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 2, "character": 3}})
    v = r["result"]["contents"]["value"]
    expect(v.count("**arith-double-literal**") == 2 and "'2.1'" in v and "'0.3'" in v, v)
    print("ok: findings in headers named through a macro and in nested headers are shown on the "
          "#include line, also after an edit")
    s.finish()


def main():
    cllint = os.path.abspath(sys.argv[1])
    kernels = int(os.environ.get("CLLINT_LSP_SLOW_KERNELS", "8000"))
    failures = 0

    def run(test, *args):
        nonlocal failures
        with tempfile.TemporaryDirectory() as tmp:
            try:
                return test(cllint, tmp, *args)
            except AssertionError as e:
                failures += 1
                print("FAIL: %s: %s" % (test.__name__, e))

    slow_seconds = run(test_slow_document_does_not_block, kernels)
    if slow_seconds:
        run(test_shutdown_does_not_wait, kernels, slow_seconds)
    run(test_headers_through_macros)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
