#include "Host/HostDependencies.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PreprocessingRecord.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>

namespace cllint {

std::vector<std::string> userHeadersRead(clang::ASTUnit &AST, const std::string &MainPath) {
  clang::SourceManager &SM = AST.getSourceManager();
  clang::HeaderSearch &HS = AST.getPreprocessor().getHeaderSearchInfo();
  std::vector<std::string> Out;
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    clang::FileEntryRef FE = It->first;
    if (FE.getName() == MainPath)
      continue;
    const clang::HeaderFileInfo *Info = HS.getExistingFileInfo(FE);
    if (Info && Info->DirInfo != clang::SrcMgr::C_User)
      continue;
    Out.push_back(FE.getName().str());
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<std::pair<size_t, size_t>> skippedRanges(clang::ASTUnit &AST) {
  std::vector<std::pair<size_t, size_t>> Out;
  clang::PreprocessingRecord *Record = AST.getPreprocessor().getPreprocessingRecord();
  if (!Record)
    return Out;
  const clang::SourceManager &SM = AST.getSourceManager();
  for (clang::SourceRange R : Record->getSkippedRanges()) {
    if (!SM.isWrittenInMainFile(R.getBegin()) || !SM.isWrittenInMainFile(R.getEnd()))
      continue;
    size_t Begin = SM.getFileOffset(R.getBegin()), End = SM.getFileOffset(R.getEnd());
    if (Begin < End)
      Out.emplace_back(Begin, End);
  }
  return Out;
}

} // namespace cllint
