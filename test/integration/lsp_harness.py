#!/usr/bin/env python3
"""The LSP test client's harness: spawns `cllint lsp`, speaks JSON-RPC over its stdio with
Content-Length framing, and waits for what comes back. Python standard library only."""
import json
import os
import queue
import subprocess
import threading
import time
import urllib.parse

TIMEOUT = 10.0  # seconds to wait for any one expected message


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


class Server:
    def __init__(self, cllint, *args):
        self.proc = subprocess.Popen([cllint, "lsp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.inbox = queue.Queue()
        self.stderr = []
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.decode("ascii").rstrip("\r\n")
                if not line:
                    break
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.inbox.put(json.loads(body.decode("utf-8")))

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode("utf-8")
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "opencl", "version": version, "text": text}})

    def request(self, method, params=None):
        """Sends a request and returns its response (messages in between are kept)."""
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.wait(lambda m: m.get("id") == rid and "method" not in m,
                         "response to %s" % method)

    def wait(self, pred, what, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        skipped = []
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError("timed out waiting for %s; got meanwhile: %s" %
                                         (what, json.dumps(skipped)[:2000]))
                try:
                    m = self.inbox.get(timeout=left)
                except queue.Empty:
                    continue
                if m is None:
                    raise AssertionError("server closed stdout while waiting for %s; stderr:\n%s"
                                         % (what, "".join(self.stderr)))
                if pred(m):
                    return m
                skipped.append(m)
        finally:
            for m in skipped:  # keep for later waits, in order
                self.inbox.put(m)

    def diagnostics(self, uri, version=None, what=None):
        m = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                      m["params"]["uri"] == uri and
                      (version is None or m["params"].get("version") == version),
                      what or "diagnostics of %s version %s" % (uri, version))
        return m["params"]

    def wait_stderr(self, text, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while text not in "".join(self.stderr):
            if time.monotonic() > deadline:
                raise AssertionError("'%s' not logged on stderr:\n%s" % (text, "".join(self.stderr)))
            time.sleep(0.02)

    def drain(self, seconds):
        """Every message that arrives within the next `seconds`."""
        got = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                m = self.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if m is None:
                break
            got.append(m)
        return got

    def initialize(self, options=None):
        params = {"processId": os.getpid(), "rootUri": None, "capabilities": {}}
        if options is not None:
            params["initializationOptions"] = options
        r = self.request("initialize", params)
        self.notify("initialized", {})
        return r

    def finish(self, shutdown=True):
        if shutdown:
            assert self.request("shutdown")["result"] is None
        self.notify("exit")
        try:
            return self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("server did not exit after 'exit'")


def expect(cond, message):
    if not cond:
        raise AssertionError(message)


def apply_edits(text, edits):
    """Applies LSP TextEdits (UTF-16 positions) to text, last first."""
    lines = text.split("\n")

    def offset(pos):
        line = lines[pos["line"]]
        units, i = 0, 0
        while i < len(line) and units < pos["character"]:
            units += utf16_len(line[i])
            i += 1
        return sum(len(l) + 1 for l in lines[:pos["line"]]) + i

    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"],
                                          e["range"]["start"]["character"]), reverse=True):
        b, en = offset(e["range"]["start"]), offset(e["range"]["end"])
        text = text[:b] + e["newText"] + text[en:]
        lines = text.split("\n")
    return text


# The literal sits after non-ASCII text: byte columns and UTF-16 characters differ (é is 2 bytes
# and 1 unit, the emoji 4 bytes and 2 units).
KERNEL = """__kernel void scale(__global float *y, __global const float *x) {
  size_t i = get_global_id(0);
  y[i] = /* é😀 */ x[i] * 0.1;
}
"""
LIT_LINE = 2


def literal_range(text, literal="0.1", line=LIT_LINE):
    l = text.split("\n")[line]
    c = utf16_len(l[:l.index(literal + ";")])
    return {"start": {"line": line, "character": c},
            "end": {"line": line, "character": c + utf16_len(literal)}}
