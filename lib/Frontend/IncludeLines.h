// Which line of the main file brings in each header: recorded from the #include directives the
// preprocessor followed, so a header named through a macro (`#include M2S(INCLUDE_PATH/x.cl)`,
// every hashcat kernel) or included by another header is placed like one named literally.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceLocation;
class SourceManager;
class FileEntryRef;
} // namespace clang

namespace cllint {

// One #include the preprocessor followed. An empty Includer is the main file.
struct IncludeEdge {
  std::string Includer;
  unsigned Line = 0; // 1-based, in Includer
  std::string Included;
  bool operator==(const IncludeEdge &) const = default;
};

// Records the directive at HashLoc that read File.
void recordInclude(const clang::SourceManager &SM, clang::SourceLocation HashLoc,
                   const clang::FileEntryRef &File, std::vector<IncludeEdge> &Out);

// Preprocessor callbacks that record every #include into Out.
std::unique_ptr<clang::PPCallbacks> includeRecorder(const clang::SourceManager &SM,
                                                    std::vector<IncludeEdge> &Out);

// Every file the main file includes, directly or through other headers, with the 1-based line
// of the main file's #include that brings it in (the first, when several do).
std::vector<std::pair<std::string, unsigned>>
mainFileIncludeLines(const std::vector<IncludeEdge> &Edges);

} // namespace cllint
