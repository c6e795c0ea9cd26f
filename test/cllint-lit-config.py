# lit configuration: rule tests (rules/*/test), CLI tests (test/lit) and the kernel corpus
# (kernels-corpus) all run from the repository root, each file carrying its RUN and CHECK lines.
import os
import lit.formats

config.name = "cllint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cl", ".test"]
config.test_source_root = config.cllint_src_root
config.test_exec_root = os.path.join(config.cllint_obj_root, "lit-out")
# Only these trees hold lit tests; everything else under the root is skipped.
TEST_TREES = {"rules", "test", "kernels-corpus"}
config.excludes = ["Inputs", "integration", "unit", "runner", "fuzz", "npm", "node_modules"] + [
    entry for entry in os.listdir(config.cllint_src_root) if entry not in TEST_TREES]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.dirname(config.cllint_bin), config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["HOME"] = os.environ.get("HOME", "/tmp")
# Tests do not leave result caches behind; cache.test uses %cached-cllint.
config.substitutions.append(("%cllint_bin", config.cllint_bin))
config.substitutions.append(("%cached-cllint", config.cllint_bin + " --color=never --cache-stats"))
config.substitutions.append(("%cllint", config.cllint_bin + " --quiet --color=never --no-cache"))
config.substitutions.append(("%src_root", config.cllint_src_root))
config.substitutions.append(("%exit-is", "python3 " + os.path.join(config.cllint_src_root, "test/lit/Inputs/expect_exit.py")))
config.substitutions.append(("%sarif-multitool", config.sarif_multitool))
# Every corpus/rule finding must be expected: any unexpected warning or error fails.
config.substitutions.append(
    ("%check-findings", 'FileCheck %s --implicit-check-not="{{warning|error}}: " --dump-input=fail'))

# Root reads every file, so permission tests drop to "nobody" when run as root.
if os.geteuid() == 0:
    config.substitutions.append(("%run-unprivileged", "setpriv --reuid=65534 --regid=65534 --clear-groups"))
else:
    config.substitutions.append(("%run-unprivileged", ""))
