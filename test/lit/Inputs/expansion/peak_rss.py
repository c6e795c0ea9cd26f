# Runs a command and fails when its peak resident memory passes the limit given in MiB:
#   peak_rss.py MIB command...   (the command's exit status is printed, not propagated)
import resource
import subprocess
import sys

limit_mib = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print("exit status %d" % status)
if peak_mib > limit_mib:
    sys.exit("peak memory %d MiB is over %d MiB" % (peak_mib, limit_mib))
