#include "Support/PrintablePath.h"

#include "llvm/ADT/StringExtras.h"

namespace cllint {

std::string printablePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (C >= 0x20 && C != 0x7f) {
      Out += char(C);
      continue;
    }
    switch (C) {
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      Out += "\\x" + llvm::utohexstr(C, /*LowerCase=*/true, /*Width=*/2);
    }
  }
  return Out;
}

std::string uriPath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/!$&'()*+,;=:@").contains(char(C)))
      Out += char(C);
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

} // namespace cllint
