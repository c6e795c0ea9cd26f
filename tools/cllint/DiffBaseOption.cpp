#include "DiffBaseOption.h"

#include "ImpactOptions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"

namespace cl = llvm::cl;

namespace cllint {
namespace {

cl::OptionCategory &Category = lintCategory();

cl::opt<std::string> DiffBase("diff-base",
                              cl::desc("Report only findings on lines added or changed since "
                                       "this git revision (a branch, tag or commit; the index "
                                       "and untracked files count as changed)"),
                              cl::value_desc("REF"), cl::cat(Category));

} // namespace

const std::string &diffBaseRef() { return DiffBase.getValue(); }

bool loadDiffBase(std::optional<ChangedLines> &Out, std::string &Error) {
  if (DiffBase.empty())
    return true;
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd)) {
    Error = "--diff-base: cannot read the current directory";
    return false;
  }
  Out = ChangedLines::since(DiffBase, Cwd.str().str(), Error);
  return Out.has_value();
}

unsigned keepChangedLines(std::vector<FileResult> &Results, const ChangedLines &Changed) {
  unsigned Dropped = 0;
  for (FileResult &R : Results)
    Dropped += std::erase_if(R.Findings, [&](const Finding &F) {
      const std::string &File = F.Where.File.empty() ? R.Path : F.Where.File;
      return !Changed.touches(File, F.Where.Begin.Line,
                              std::max(F.Where.Begin.Line, F.Where.End.Line));
    });
  return Dropped;
}

} // namespace cllint
