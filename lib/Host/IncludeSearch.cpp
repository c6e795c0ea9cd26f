#include "Host/IncludeSearch.h"

#include "Frontend/ResourceDir.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>

namespace cllint {
namespace {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

// Bounds that keep the search cheap on a large tree: it only fills gaps.
constexpr size_t MaxIndexedFiles = 50000, MaxVisitedEntries = 200000;
constexpr uint64_t MaxHostBytes = 4u << 20;

bool isHeaderName(llvm::StringRef Name) {
  llvm::StringRef Ext = path::extension(Name);
  return Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" || Ext == ".inl" ||
         Ext == ".cuh";
}

// The paths written in `#include "x"` and `#include <x>` lines.
std::vector<std::string> includedNames(llvm::StringRef Text) {
  std::vector<std::string> Out;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
      continue;
    char Close = Line[0] == '"' ? '"' : '>';
    size_t End = Line.find(Close, 1);
    if (End != llvm::StringRef::npos && End > 1)
      Out.push_back(Line.substr(1, End - 1).str());
  }
  return Out;
}

// The directories the host parse searches for <...> headers by itself: a header there (stdint.h,
// vector, CL/cl.h) is the system's, whatever copy a project keeps of it.
std::vector<std::string> systemIncludeDirs() {
  std::vector<std::string> Out = {"/usr/local/include", "/usr/include/x86_64-linux-gnu",
                                  "/usr/include/aarch64-linux-gnu", "/usr/include"};
  for (const char *Base : {"/usr/include/c++", "/usr/include/x86_64-linux-gnu/c++"}) {
    std::error_code EC;
    for (fs::directory_iterator It(Base, EC), End; It != End && !EC; It.increment(EC))
      Out.push_back(It->path());
  }
  if (std::string Resource = findClangResourceDir(); !Resource.empty())
    Out.push_back(Resource + "/include");
  return Out;
}

// The repository around Dir (the nearest ancestor with a .git entry), or Dir.
std::string repositoryRoot(const std::string &Dir) {
  llvm::SmallString<256> Abs(Dir);
  fs::make_absolute(Abs);
  for (llvm::StringRef D = Abs; !D.empty(); D = path::parent_path(D))
    if (fs::exists(D + "/.git"))
      return D.str();
  return Abs.str().str();
}

class HeaderIndex {
public:
  void add(const std::string &Root) {
    if (!Indexed.insert(Root).second)
      return;
    std::error_code EC;
    for (fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC; It.increment(EC)) {
      llvm::StringRef Name = path::filename(It->path());
      if (Name.starts_with(".") && It->type() == fs::file_type::directory_file) {
        It.no_push();
        continue;
      }
      if (Count >= MaxIndexedFiles || ++Visited > MaxVisitedEntries)
        return;
      if (It->type() == fs::file_type::regular_file && isHeaderName(Name)) {
        ByName[Name.str()].push_back(It->path());
        ++Count;
      }
    }
  }

  // The directory D with D/Written a header of the index, the nearest to From.
  std::optional<std::string> directoryHolding(const std::string &Written,
                                              const std::string &From) const {
    auto It = ByName.find(path::filename(Written).str());
    if (It == ByName.end())
      return std::nullopt;
    std::optional<std::string> Best;
    size_t BestShared = 0;
    for (const std::string &P : It->second) {
      llvm::StringRef Full(P);
      if (!Full.consume_back(Written) || !Full.consume_back("/"))
        continue;
      size_t Shared = 0;
      while (Shared < Full.size() && Shared < From.size() && Full[Shared] == From[Shared])
        ++Shared;
      if (!Best || Shared > BestShared) {
        Best = Full.str();
        BestShared = Shared;
      }
    }
    return Best;
  }

private:
  std::set<std::string> Indexed;
  std::map<std::string, std::vector<std::string>> ByName;
  size_t Count = 0, Visited = 0;
};

} // namespace

std::vector<std::string> includeDirsForMissingHeaders(const std::vector<std::string> &Roots,
                                                      const std::vector<std::string> &HostFiles,
                                                      const std::vector<std::string> &KnownDirs) {
  std::vector<std::string> Out;
  std::set<std::string> Added;
  HeaderIndex Index;
  std::vector<std::string> Known = KnownDirs;
  for (std::string &D : systemIncludeDirs())
    Known.push_back(std::move(D));
  bool Built = false;
  for (const std::string &H : HostFiles) {
    auto Buffer = llvm::MemoryBuffer::getFile(H);
    if (!Buffer || (*Buffer)->getBufferSize() > MaxHostBytes)
      continue;
    llvm::SmallString<256> Abs(H);
    fs::make_absolute(Abs);
    std::string Dir = path::parent_path(Abs).str();
    for (const std::string &Name : includedNames((*Buffer)->getBuffer())) {
      if (!isHeaderName(Name) || path::is_absolute(Name) || fs::exists(Dir + "/" + Name))
        continue;
      bool Found = false;
      for (const std::string &K : Known)
        Found |= fs::exists(K + "/" + Name);
      for (const std::string &A : Added)
        Found |= fs::exists(A + "/" + Name);
      if (Found)
        continue;
      if (!Built) {
        for (const std::string &R : Roots)
          if (fs::is_directory(R))
            Index.add(repositoryRoot(R));
        Built = true;
      }
      if (auto Found = Index.directoryHolding(Name, Dir); Found && Added.insert(*Found).second)
        Out.push_back("-idirafter" + *Found);
    }
  }
  return Out;
}

} // namespace cllint
