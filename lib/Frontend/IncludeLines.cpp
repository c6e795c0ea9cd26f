#include "Frontend/IncludeLines.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <deque>
#include <set>

namespace cllint {
namespace {

class IncludeRecorder : public clang::PPCallbacks {
public:
  IncludeRecorder(const clang::SourceManager &SM, std::vector<IncludeEdge> &Out)
      : SM(SM), Out(Out) {}
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &, llvm::StringRef,
                          bool, clang::CharSourceRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef, llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (File)
      recordInclude(SM, HashLoc, *File, Out);
  }

private:
  const clang::SourceManager &SM;
  std::vector<IncludeEdge> &Out;
};

} // namespace

void recordInclude(const clang::SourceManager &SM, clang::SourceLocation HashLoc,
                   const clang::FileEntryRef &File, std::vector<IncludeEdge> &Out) {
  clang::SourceLocation At = SM.getFileLoc(HashLoc);
  if (At.isInvalid())
    return;
  IncludeEdge E;
  if (!SM.isInMainFile(At))
    E.Includer = SM.getFilename(At).str();
  E.Line = SM.getSpellingLineNumber(At);
  E.Included = File.getName().str();
  Out.push_back(std::move(E));
}

std::unique_ptr<clang::PPCallbacks> includeRecorder(const clang::SourceManager &SM,
                                                    std::vector<IncludeEdge> &Out) {
  return std::make_unique<IncludeRecorder>(SM, Out);
}

std::vector<std::pair<std::string, unsigned>>
mainFileIncludeLines(const std::vector<IncludeEdge> &Edges) {
  std::vector<std::pair<std::string, unsigned>> Out;
  std::set<std::string> Seen;
  std::map<std::string, std::vector<const IncludeEdge *>> ByIncluder;
  for (const IncludeEdge &E : Edges)
    ByIncluder[E.Includer].push_back(&E);
  // Breadth first from the main file's directives, in their order: each header takes the
  // line of the first main-file #include that reaches it.
  std::deque<std::pair<std::string, unsigned>> Work;
  for (const IncludeEdge *E : ByIncluder[""])
    if (Seen.insert(E->Included).second) {
      Out.push_back({E->Included, E->Line});
      Work.push_back({E->Included, E->Line});
    }
  while (!Work.empty()) {
    auto [File, Line] = Work.front(); // copies: Work changes below
    Work.pop_front();
    auto It = ByIncluder.find(File);
    if (It == ByIncluder.end())
      continue;
    for (const IncludeEdge *E : It->second)
      if (Seen.insert(E->Included).second) {
        Out.push_back({E->Included, Line});
        Work.push_back({E->Included, Line});
      }
  }
  return Out;
}

} // namespace cllint
