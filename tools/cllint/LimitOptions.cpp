#include "LimitOptions.h"

#include "ImpactOptions.h"

#include "llvm/Support/CommandLine.h"

namespace cl = llvm::cl;

namespace cllint {
namespace {

cl::OptionCategory &Category = lintCategory();

cl::opt<unsigned long long> MaxFileSize("max-file-size",
                                        cl::desc("Skip files larger than this many bytes "
                                                 "(default 64 MiB)"),
                                        cl::init(64ull << 20), cl::cat(Category));
cl::opt<unsigned long long>
    MaxExpansionTokens("max-expansion-tokens",
                       cl::desc("Stop parsing a file that lexes more tokens than this, with its "
                                "includes and every macro expansion (default 8388608; 0: no "
                                "limit)"),
                       cl::init(ParseLimits().MaxExpansionTokens), cl::cat(Category));
cl::opt<unsigned> FileTimeout("file-timeout",
                              cl::desc("Give up on a file after this many seconds and report it "
                                       "(default 120; 0: no limit)"),
                              cl::value_desc("SECONDS"), cl::init(120), cl::cat(Category));

} // namespace

void applyLimitOptions(LintOptions &Options) {
  Options.MaxFileBytes = MaxFileSize;
  Options.MaxExpansionTokens = MaxExpansionTokens;
  Options.FileTimeout = std::chrono::seconds(FileTimeout.getValue());
}

unsigned long long maxFileBytes() { return MaxFileSize; }

} // namespace cllint
