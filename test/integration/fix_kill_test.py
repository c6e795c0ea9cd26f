#!/usr/bin/env python3
"""--fix killed at random points (SIGKILL) leaves every file either as it was or fully fixed,
never partial; a completed run's result is what a clean run produces.

usage: fix_kill_test.py /path/to/cllint [iterations]
"""
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    cllint = os.path.abspath(sys.argv[1])
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    rng = random.Random(1234)
    kernel = "__kernel void k%d(__global float *y) { y[get_global_id(0)] = y[0] * 1.1 + 0.3; }\n"
    original = "".join(kernel % i for i in range(3000))
    with tempfile.TemporaryDirectory() as tmp:
        paths = [os.path.join(tmp, "k%d.cl" % i) for i in range(4)]
        # The fixed text, from one run that is not interrupted.
        ref = os.path.join(tmp, "ref.cl")
        with open(ref, "w") as f:
            f.write(original)
        subprocess.run([cllint, "--quiet", "--fix", "--fix-unsafe", ref],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        fixed = open(ref).read()
        os.remove(ref)
        # How long a whole run takes, so the kills land before, during and after the writes.
        for p in paths:
            with open(p, "w") as f:
                f.write(original)
        start = time.monotonic()
        subprocess.run([cllint, "--quiet", "--fix", "--fix-unsafe", *paths],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        duration = time.monotonic() - start
        if fixed == original:
            print("FAIL: the reference run fixed nothing")
            return 1
        outcomes = {"old": 0, "new": 0}
        for it in range(iterations):
            for p in paths:
                with open(p, "w") as f:
                    f.write(original)
            proc = subprocess.Popen([cllint, "--quiet", "--fix", "--fix-unsafe", *paths],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0.3, 1.1) * duration)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            for p in paths:
                text = open(p).read()
                if text == original:
                    outcomes["old"] += 1
                elif text == fixed:
                    outcomes["new"] += 1
                else:
                    print("FAIL: iteration %d left %s partial (%d bytes)" % (it, p, len(text)))
                    return 1
            for name in os.listdir(tmp):  # temporaries of the killed run
                if ".cllint-" in name:
                    os.remove(os.path.join(tmp, name))
        print("ok: %d kills, %d files left as they were, %d fully fixed, none partial" %
              (iterations, outcomes["old"], outcomes["new"]))
        if not outcomes["old"] or not outcomes["new"]:
            print("FAIL: the kills never hit %s" % ("before" if not outcomes["old"] else "after"))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
