#include "Diagnostics/Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace cllint {
namespace {
std::string collapseSpaces(llvm::StringRef S) {
  std::string Out;
  bool Space = false;
  for (char C : S.trim()) {
    bool IsSpace = C == ' ' || C == '\t';
    if (IsSpace && !Space)
      Out += ' ';
    else if (!IsSpace)
      Out += C;
    Space = IsSpace;
  }
  return Out;
}
} // namespace

std::vector<std::string> fingerprints(const std::string &RelativePath,
                                      const std::vector<Finding> &Findings) {
  return fingerprints(RelativePath, Findings, "", nullptr);
}

std::vector<std::string>
fingerprints(const std::string &RelativePath, const std::vector<Finding> &Findings,
             const std::string &MainPath,
             const std::function<std::string(const std::string &)> &RelativeOf) {
  std::vector<std::string> Out;
  std::map<std::string, unsigned> Occurrence;
  for (const Finding &F : Findings) {
    // A finding in an included file is keyed by that file, not by the file that includes it.
    std::string Path = RelativeOf && !F.Where.File.empty() && F.Where.File != MainPath
                           ? RelativeOf(F.Where.File)
                           : RelativePath;
    std::string Key = F.RuleId + "\n" + Path + "\n" + collapseSpaces(F.LineText);
    unsigned N = Occurrence[Key]++;
    Key += "\n" + std::to_string(N);
    auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
    std::string Hex;
    llvm::raw_string_ostream OS(Hex);
    for (size_t I = 0; I < 16; ++I)
      OS << llvm::format_hex_no_prefix(Hash[I], 2);
    Out.push_back(OS.str());
  }
  return Out;
}

} // namespace cllint
