#include "VerifyUsage.h"

namespace cllint {

const char *const VerifyUsage =
    R"(usage: cllint verify [options] <file|dir|glob>... [-- compiler flags]
       cllint verify --list-devices

Lints the files, then for every finding with a fix (and every memory-global-stride finding,
as a what-if) runs the kernel before and after the change on an OpenCL device: checks that
a fix's outputs agree with the original's and measures kernel time and effective bandwidth.
See docs/verify.md.

options:
  --device SEL        device: a flat index N, P:D, or a substring of "platform / device"
                      (default: the first GPU, else the first device)
  --list-devices      list OpenCL devices and exit
  --runs N            timed launches per kernel (default 20)
  --warmup N          untimed launches first (default 3)
  --timeout-ms N      watchdog per case, compilation included (default 20000)
  --format FMT        text (default) or json
  -o FILE             write the table or JSON to FILE
  --report FILE.html  also write a self-contained HTML report
  --plan-only DIR     write the plan to DIR and stop (run it with: cllint-runner DIR)
  --spec FILE.yaml    launch set-ups per kernel (global, local, args); see docs/verify.md
  --host GLOB         host code whose launches, argument values, buffer sizes and build options
                      set cases up
  --host-arg ARG      a Clang argument for parsing the host files (-I, -D); headers they include
                      that the inputs' directories (or their repository) hold are found alone
  --global N[,N,N]    NDRange for inferred set-ups: per dimension, or one total that is
                      split over the kernel's dimensions (default 1048576 work-items)
  --work-group X,Y,Z  local size for kernels without reqd_work_group_size or a spec
  --ulp N             tolerance of unsafe fixes such as float literals (default 4)
  --no-ceiling        do not measure the device's copy bandwidth
  --in-process        run the plan in this process instead of in cllint-runner (not with
                      drivers that load their own LLVM, such as PoCL: they crash here)
  -q, --quiet         no progress lines
  --profile NAME, --config FILE, --no-config, -D NAME[=V], -I DIR, --std CL1.2|CL2.0|CL3.0
                      as for linting

exit status: 0 every case ran and agreed; 1 a case mismatched or failed; 2 usage or input
errors, or nothing could be planned (the reason is given per finding).
)";

} // namespace cllint
