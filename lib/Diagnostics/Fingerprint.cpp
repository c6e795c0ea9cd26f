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
  std::vector<std::string> Out;
  std::map<std::string, unsigned> Occurrence;
  for (const Finding &F : Findings) {
    std::string Key = F.RuleId + "\n" + RelativePath + "\n" + collapseSpaces(F.LineText);
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
