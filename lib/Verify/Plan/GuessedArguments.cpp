#include "Verify/Plan/GuessedArguments.h"

#include <cctype>
#include <initializer_list>

namespace cllint::verify {
namespace {

std::string lower(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

bool oneOf(const std::string &S, std::initializer_list<const char *> Names) {
  for (const char *N : Names)
    if (S == N)
      return true;
  return false;
}

} // namespace

GuessedValue guessIntegerArgument(const std::string &Name, const KernelSetup &S, uint64_t Total) {
  std::string N = lower(Name);
  if (oneOf(N, {"n", "count", "size", "len", "length", "num", "total", "elements", "numel",
                "nelems", "n_elements", "num_elements", "nelements"}))
    return {double(Total), "the number of work-items"};
  if (oneOf(N, {"width", "w", "cols", "ncols", "num_cols", "columns", "nx", "pitch", "ld", "lda",
                "ldb", "ldc"}))
    return {double(S.Global[0]), "global size 0"};
  if (oneOf(N, {"height", "h", "rows", "nrows", "num_rows", "ny"}))
    return {double(S.Global[1]), "global size 1"};
  if (oneOf(N, {"depth", "nz"}))
    return {double(S.Global[2]), "global size 2"};
  if (N == "stride")
    return {32, "default stride"};
  if (oneOf(N, {"offset", "shift"}))
    return {1, "default offset"};
  return {1, "no rule for this name; set it in a spec"};
}

std::optional<std::string> oversizedBuffer(const KernelSetup &S) {
  constexpr uint64_t MaxBufferBytes = uint64_t(1) << 30;
  for (const ArgPlan &Arg : S.Args) {
    if (Arg.K != ArgPlan::Buffer || Arg.Elements * Arg.TypeBytes <= MaxBufferBytes)
      continue;
    std::string Guessed, Template;
    for (const ArgPlan &Scalar : S.Args)
      if (Scalar.K == ArgPlan::Scalar && Scalar.Assumed) {
        Guessed += (Guessed.empty() ? "" : ", ") + Scalar.Name + " = " +
                   std::to_string(int64_t(Scalar.Value));
        Template += (Template.empty() ? "" : ", ") + Scalar.Name + ": <" + Scalar.Name + ">";
      }
    // A template to paste into .cllint.yaml, one line of flow YAML.
    std::string Global;
    for (unsigned D = 0; D < S.Dims; ++D)
      Global += (D ? ", " : "") + std::to_string(S.Global[D]);
    std::string Snippet = "kernels: {" + S.Kernel + ": {global: [" + Global + "]" +
                          (Template.empty() ? "" : ", args: {" + Template + "}") + "}}";
    return "buffer '" + Arg.Name + "' would take " +
           std::to_string(Arg.Elements * Arg.TypeBytes >> 20) + " MiB with " +
           (Guessed.empty() ? std::string("this launch") : Guessed) +
           "; give the real sizes in .cllint.yaml, e.g. " + Snippet;
  }
  return std::nullopt;
}

} // namespace cllint::verify
