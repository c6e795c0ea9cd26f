#include "Verify/Plan/HostArguments.h"

#include "Analysis/LaunchTable.h"
#include "Config/RuleSelection.h"

namespace cllint::verify {

using namespace analysis;

std::map<std::string, int64_t> hostArgumentBytes(const TUAnalysis &A, const KernelInfo &K) {
  std::map<std::string, int64_t> Out;
  if (!A.launches())
    return Out;
  for (const auto &[Index, Bytes] : A.launches()->fixedArgBytes(K.Decl->getNameAsString()))
    if (Index < K.Decl->getNumParams() && Bytes > 0)
      Out[K.Decl->getParamDecl(Index)->getNameAsString()] = Bytes;
  return Out;
}

std::string knownArgumentSource(const TUAnalysis &A, const KernelInfo &K, const std::string &Name) {
  if (A.configured())
    for (const ConfiguredKernel &C : *A.configured())
      if (globMatch(C.NameGlob, K.Decl->getNameAsString()) && C.Args.count(Name))
        return "config kernels: args";
  return "host code";
}

} // namespace cllint::verify
