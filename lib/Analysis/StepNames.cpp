#include "Analysis/StepNames.h"

#include "Analysis/IndexForm.h"

#include <cctype>
#include <set>

namespace cllint::analysis {

namespace {

// `src_stride_x` -> {src, stride, x}; `strideW` -> {stride, w}.
std::vector<std::string> nameWords(const std::string &Name) {
  std::vector<std::string> Words(1);
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    bool Upper = std::isupper(static_cast<unsigned char>(C));
    if (C == '_' || (Upper && I > 0 && std::islower(static_cast<unsigned char>(Name[I - 1])))) {
      if (!Words.back().empty())
        Words.emplace_back();
      if (C == '_')
        continue;
    }
    Words.back() += char(std::tolower(static_cast<unsigned char>(C)));
  }
  if (Words.back().empty())
    Words.pop_back();
  return Words;
}

// ggml's byte strides (`nb00`, `nb10`, `nb0`: tensor, then dimension): dimension 0's is the
// element size of a contiguous tensor, the common case in llama.cpp and its kin.
bool ggmlFirstDimensionBytes(const std::string &Name) {
  if (Name.size() < 3 || Name.size() > 4 || Name.compare(0, 2, "nb") != 0 || Name.back() != '0')
    return false;
  for (size_t I = 2; I < Name.size(); ++I)
    if (!std::isdigit(static_cast<unsigned char>(Name[I])))
      return false;
  return true;
}

bool namedAsElementStep(const std::string &Name) {
  if (ggmlFirstDimensionBytes(Name))
    return true;
  // Steps between elements, and the channels of a pixel (a step of 1 to 4 elements).
  static const std::set<std::string> Steps = {"stride",    "strides",  "step",      "inc",
                                              "incr",      "incx",     "incy",      "incv",
                                              "increment", "channels", "nchannels", "components"};
  static const std::set<std::string> Rows = {"row",   "rows",  "pitch", "ld",   "lda",    "ldb",
                                             "ldc",   "y",     "z",     "h",    "height", "slice",
                                             "plane", "batch", "line",  "lines"};
  std::vector<std::string> Words = nameWords(Name);
  // BLAS increments name their vector and number their operands: `incY`, `inc1`, `A_inc2`.
  for (std::string &W : Words)
    while (W.size() > 1 && std::isdigit(static_cast<unsigned char>(W.back())))
      W.pop_back();
  for (size_t I = 1; I < Words.size(); ++I)
    if (Words[I].size() == 1 && (Words[I - 1] == "inc" || Words[I - 1] == "incr"))
      Words.erase(Words.begin() + I--);
  bool Step = false;
  for (const std::string &W : Words) {
    if (Rows.count(W))
      return false;
    Step |= Steps.count(W) > 0;
  }
  return Step;
}

} // namespace

std::vector<std::string> elementStepSymbols(const Poly &StrideBytes) {
  std::vector<std::string> Out;
  for (const std::string &S : StrideBytes.symbols()) {
    if (symbolKind(S) != SymbolKind::Variable || !namedAsElementStep(S))
      return {};
    Out.push_back(S);
  }
  return Out;
}

} // namespace cllint::analysis
