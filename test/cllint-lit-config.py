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
config.excludes = ["build", "node_modules", "runner", "docs", "bench", "tools", "lib", "cmake",
                   "Inputs", "integration", "unit", ".git", ".ci"]

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.dirname(config.cllint_bin), config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["HOME"] = os.environ.get("HOME", "/tmp")
config.substitutions.append(("%cllint", config.cllint_bin + " --quiet --color=never"))
config.substitutions.append(("%src_root", config.cllint_src_root))
# Every corpus/rule finding must be expected: any unexpected warning or error fails.
config.substitutions.append(
    ("%check-findings", 'FileCheck %s --implicit-check-not="{{warning|error}}: " --dump-input=fail'))
