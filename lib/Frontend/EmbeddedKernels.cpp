#include "Frontend/EmbeddedKernels.h"

#include "Support/InputFiles.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <optional>
#include <vector>

namespace cllint {
namespace {

bool identChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

bool holdsKernel(llvm::StringRef Text) {
  return Text.contains("__kernel") || Text.contains("kernel void");
}

// A raw string literal R"delim( ... )delim" whose R is at C[I]: where its text begins and ends,
// and the index past its closing quote (both npos when it is not closed).
struct RawString {
  size_t BodyBegin, BodyEnd, End;
};
std::optional<RawString> rawStringAt(const std::string &C, size_t I) {
  if (C.compare(I, 2, "R\"") != 0 || (I > 0 && identChar(C[I - 1])))
    return std::nullopt;
  size_t Paren = C.find('(', I + 2);
  if (Paren == std::string::npos || Paren - I - 2 > 16)
    return std::nullopt;
  std::string Close = ")" + C.substr(I + 2, Paren - I - 2) + "\"";
  size_t BodyEnd = C.find(Close, Paren + 1);
  return RawString{Paren + 1, BodyEnd,
                   BodyEnd == std::string::npos ? std::string::npos : BodyEnd + Close.size()};
}

std::string blank(const std::string &Content) {
  std::string Out(Content.size(), ' ');
  for (size_t I = 0; I < Content.size(); ++I)
    if (Content[I] == '\n' || Content[I] == '\r')
      Out[I] = Content[I];
  return Out;
}

void keep(MaskedSource &M, const std::string &Content, size_t Begin, size_t End) {
  for (size_t I = Begin; I < End; ++I)
    M.Text[I] = Content[I];
  ++M.Kernels;
}

// Python: string literals (any prefix, single or triple quotes) that hold a kernel; comments and
// code are blanked. In a string without the r prefix, `\\` and `\"` become one character plus a
// space, and `\n`, `\t` the same whitespace, so that offsets are unchanged.
MaskedSource maskPython(const std::string &C) {
  MaskedSource M{blank(C)};
  size_t I = 0, N = C.size();
  while (I < N) {
    char Ch = C[I];
    if (Ch == '#') {
      while (I < N && C[I] != '\n')
        ++I;
      continue;
    }
    if (Ch != '\'' && Ch != '"') {
      ++I;
      continue;
    }
    // The prefix letters right before the quote (r, b, u, f and their pairs).
    bool Raw = false, Format = false;
    for (size_t P = I; P > 0 && std::isalpha(static_cast<unsigned char>(C[P - 1])); --P) {
      char L = char(std::tolower(static_cast<unsigned char>(C[P - 1])));
      Raw |= L == 'r';
      Format |= L == 'f';
    }
    bool Triple = I + 2 < N && C[I + 1] == Ch && C[I + 2] == Ch;
    size_t Open = I + (Triple ? 3 : 1), J = Open;
    bool Escaped = false;
    while (J < N) {
      if (C[J] == '\\' && !Raw) {
        Escaped = true;
        J += 2;
        continue;
      }
      if (Raw && C[J] == '\\') {
        J += 2;
        continue;
      }
      if (!Triple && C[J] == '\n')
        break;
      if (C[J] == Ch && (!Triple || (J + 2 < N && C[J + 1] == Ch && C[J + 2] == Ch)))
        break;
      ++J;
    }
    size_t Close = std::min(J, N);
    llvm::StringRef Body(C.data() + Open, Close - Open);
    // An f-string's {placeholders} are Python, not OpenCL C: such a kernel is not kept.
    if (holdsKernel(Body) && !(Format && Body.contains('{'))) {
      keep(M, C, Open, Close);
      if (Escaped && !Raw) {
        M.Escapes = true;
        for (size_t K = Open; K + 1 < Close; ++K)
          if (C[K] == '\\') {
            char E = C[K + 1];
            M.Text[K] = ' ';
            M.Text[K + 1] = E == 'n' || E == 't' ? ' ' : E;
            ++K;
          }
      }
    }
    I = Close + (Triple ? 3 : 1);
  }
  return M;
}

// A Python string literal starting at C[I] (quotes only, no prefix): its text, and I past it.
std::optional<std::string> pythonLiteral(const std::string &C, size_t &I) {
  if (I >= C.size() || (C[I] != '"' && C[I] != '\''))
    return std::nullopt;
  char Q = C[I];
  size_t End = C.find(Q, I + 1);
  if (End == std::string::npos || C.find('\n', I + 1) < End)
    return std::nullopt;
  std::string Text = C.substr(I + 1, End - I - 1);
  I = End + 1;
  return Text;
}

// Literal options of `.build(...)` calls: `options=` (or the first argument) as one string or
// a list of strings.
std::string pythonBuildOptions(const std::string &C) {
  std::string Out;
  auto skip = [&](size_t &I) {
    while (I < C.size() && std::isspace(static_cast<unsigned char>(C[I])))
      ++I;
  };
  for (size_t At = C.find(".build("); At != std::string::npos; At = C.find(".build(", At + 1)) {
    size_t I = At + 7;
    skip(I);
    if (C.compare(I, 7, "options") == 0) {
      I += 7;
      skip(I);
      if (I >= C.size() || C[I] != '=')
        continue;
      ++I;
      skip(I);
    }
    std::vector<std::string> Parts;
    if (I < C.size() && C[I] == '[') {
      ++I;
      for (;;) {
        skip(I);
        std::optional<std::string> L = pythonLiteral(C, I);
        if (!L)
          break;
        Parts.push_back(*L);
        skip(I);
        if (I < C.size() && C[I] == ',')
          ++I;
      }
    } else if (std::optional<std::string> L = pythonLiteral(C, I)) {
      Parts.push_back(*L);
    }
    for (const std::string &P : Parts)
      Out += (Out.empty() ? "" : " ") + P;
  }
  return Out;
}

// The end of the C comment that starts at C[I] (the end of the text when it is not closed), or
// npos when none starts there.
size_t commentEnd(const std::string &C, size_t I) {
  if (C.compare(I, 2, "//") == 0)
    return std::min(C.find('\n', I), C.size());
  if (C.compare(I, 2, "/*") == 0) {
    size_t Close = C.find("*/", I + 2);
    return Close == std::string::npos ? C.size() : Close + 2;
  }
  return std::string::npos;
}

// The end of the C string literal whose opening quote is at C[Open] (the closing quote), or
// npos when the line ends first.
size_t cStringEnd(const std::string &C, size_t Open) {
  for (size_t J = Open + 1; J < C.size(); ++J) {
    if (C[J] == '\\') {
      ++J;
      continue;
    }
    if (C[J] == '"')
      return J;
    if (C[J] == '\n')
      return std::string::npos;
  }
  return std::string::npos;
}

// C, C++ and .cl: raw string literals R"delim( ... )delim" that hold a kernel. Those in comments
// (a header's documented example, Khronos' cl2.hpp) and ordinary strings are text, not code.
MaskedSource maskRawStrings(const std::string &C) {
  MaskedSource M{blank(C)};
  size_t I = 0, N = C.size();
  while (I < N) {
    if (size_t End = commentEnd(C, I); End != std::string::npos) {
      I = End;
      continue;
    }
    if (C[I] == '\'') { // a character literal, such as '"'
      size_t Close = C.find('\'', I + 1 + (I + 1 < N && C[I + 1] == '\\'));
      I = Close == std::string::npos ? N : Close + 1;
      continue;
    }
    std::optional<RawString> R = rawStringAt(C, I);
    if (!R && C[I] == '"') {
      size_t Close = cStringEnd(C, I);
      I = Close == std::string::npos ? I + 1 : Close + 1;
      continue;
    }
    if (!R) {
      ++I;
      continue;
    }
    if (R->End == std::string::npos)
      break;
    if (holdsKernel(llvm::StringRef(C).slice(R->BodyBegin, R->BodyEnd)))
      keep(M, C, R->BodyBegin, R->BodyEnd);
    I = R->End;
  }
  return M;
}

// Stringizing macros (`#define MSTRINGIFY(...) #__VA_ARGS__`): the argument of a call to a
// macro whose name ends in STRINGIFY holds the kernel (the whole of clpeak's .cl files).
void maskStringified(const std::string &C, MaskedSource &M) {
  for (size_t At = C.find("STRINGIFY("); At != std::string::npos;
       At = C.find("STRINGIFY(", At + 1)) {
    size_t Name = At;
    while (Name > 0 && identChar(C[Name - 1]))
      --Name;
    // Not the macro's own definition.
    size_t LineStart = C.rfind('\n', Name);
    LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
    if (llvm::StringRef(C).slice(LineStart, Name).contains("define"))
      continue;
    size_t Open = At + 9, I = Open + 1;
    int Depth = 1;
    for (; I < C.size() && Depth > 0; ++I) {
      if (size_t End = commentEnd(C, I); End != std::string::npos) {
        I = End - 1;
        continue;
      }
      Depth += C[I] == '(' ? 1 : C[I] == ')' ? -1 : 0;
    }
    if (Depth != 0)
      continue;
    size_t Close = I - 1; // the matching ')'
    if (holdsKernel(llvm::StringRef(C).slice(Open + 1, Close))) {
      keep(M, C, Open + 1, Close);
      // `\n#define ...` puts a directive on a line of its own in the stringized text.
      for (size_t K = Open + 1; K + 1 < Close; ++K)
        if (C[K] == '\\' && C[K + 1] == 'n')
          M.Text[K] = M.Text[K + 1] = ' ';
    }
    At = Close;
  }
}

// Whether the escapes of a run of literals map to the kernel text without moving a line: every
// `\n` ends its piece, or is followed on its piece by plain code (no directive) and preceded by
// no `//` comment, so that a space can stand for it.
bool escapesKeepLines(const std::string &C, const std::vector<std::pair<size_t, size_t>> &Pieces) {
  for (const auto &[Open, Close] : Pieces) {
    bool Comment = false;
    for (size_t K = Open + 1; K < Close; ++K) {
      if (C.compare(K, 2, "//") == 0)
        Comment = true;
      if (C[K] != '\\')
        continue;
      if (C[K + 1] == 'n' && K + 2 < Close) {
        size_t Next = C.find_first_not_of(" \t", K + 2);
        if (Comment || (Next < Close && C[Next] == '#'))
          return false;
        Comment = false;
      }
      ++K;
    }
  }
  return true;
}

// C and C++: runs of adjacent string literals (`"__kernel void k(...) {\n" "  ..."`) whose text
// holds a kernel. Each piece's text stays in place; its quotes become spaces, and each escape a
// space and the character it stands for (`\n`, `\t`: two spaces), so offsets are unchanged.
void maskCStrings(const std::string &C, MaskedSource &M) {
  size_t I = 0, N = C.size();
  auto skipSpace = [&](size_t J) {
    for (;;) {
      while (J < N && std::isspace(static_cast<unsigned char>(C[J])))
        ++J;
      size_t End = commentEnd(C, J);
      if (End == std::string::npos)
        return J;
      J = End;
    }
  };
  while (I < N) {
    if (size_t End = commentEnd(C, I); End != std::string::npos) {
      I = End;
      continue;
    }
    if (C[I] == '\'') { // a character literal
      I = C.find('\'', I + 1 + (I + 1 < N && C[I + 1] == '\\'));
      I = I == std::string::npos ? N : I + 1;
      continue;
    }
    if (std::optional<RawString> R = rawStringAt(C, I)) {
      I = R->End == std::string::npos ? N : R->End;
      continue;
    }
    if (C[I] != '"') {
      ++I;
      continue;
    }
    std::vector<std::pair<size_t, size_t>> Pieces;
    std::string Text;
    size_t At = I;
    while (At < N && C[At] == '"') {
      size_t Close = cStringEnd(C, At);
      if (Close == std::string::npos)
        break;
      Pieces.emplace_back(At, Close);
      // The piece's text with its escapes decoded (`\n` is a line break of the kernel).
      for (size_t K = At + 1; K < Close; ++K) {
        if (C[K] == '\\' && K + 1 < Close) {
          char E = C[++K];
          Text += E == 'n' ? '\n' : E == 't' || E == 'r' ? ' ' : E;
          continue;
        }
        Text += C[K];
      }
      At = skipSpace(Close + 1);
    }
    I = Pieces.empty() ? I + 1 : Pieces.back().second + 1;
    // The run must be the whole string: one that goes on through a macro or a `+`
    // (`"__global " TYPE " *a"`) is only a part of the kernel.
    bool Whole = At >= N || C[At] == ';' || C[At] == ')' || C[At] == ',' || C[At] == '}';
    if (Pieces.empty() || !Whole || !definesKernel(Text) || !escapesKeepLines(C, Pieces))
      continue;
    for (const auto &[Open, Close] : Pieces) {
      keep(M, C, Open + 1, Close);
      --M.Kernels; // one run is one kernel string
      for (size_t K = Open + 1; K + 1 < Close; ++K)
        if (C[K] == '\\') {
          char E = C[K + 1];
          M.Text[K] = ' ';
          M.Text[K + 1] = E == 'n' || E == 't' || E == 'r' ? ' ' : E;
          ++K;
        }
    }
    ++M.Kernels;
    M.Escapes = true;
  }
}

} // namespace

std::optional<MaskedSource> maskEmbeddedKernels(const std::string &Path,
                                                const std::string &Content) {
  llvm::StringRef P(Path);
  if (P.ends_with(".py")) {
    MaskedSource M = maskPython(Content);
    M.BuildOptions = pythonBuildOptions(Content);
    return M;
  }
  bool Raw = Content.find("R\"") != std::string::npos;
  bool Stringified = Content.find("STRINGIFY(") != std::string::npos;
  // Plain string literals hold kernels in C and C++ host files, not in OpenCL C itself.
  bool CStrings =
      !P.ends_with(".cl") && holdsKernel(Content) && Content.find('"') != std::string::npos;
  if (!Raw && !Stringified && !CStrings)
    return std::nullopt;
  MaskedSource M = Raw ? maskRawStrings(Content) : MaskedSource{blank(Content)};
  if (Stringified)
    maskStringified(Content, M);
  if (CStrings)
    maskCStrings(Content, M);
  if (!M.Kernels)
    return std::nullopt;
  return M;
}

bool isKernelSourcePath(llvm::StringRef Path) {
  // The C and C++ extensions isHostSource reads as host code, ".C" and ".c++" included.
  for (const char *Ext : {".cl", ".py", ".cpp", ".cc", ".cxx", ".c++", ".c", ".C", ".h", ".hpp"})
    if (Path.ends_with(Ext))
      return true;
  return false;
}

namespace {

std::optional<std::string> readSmall(const std::string &Path) {
  std::string Content, Error;
  if (!readSourceFile(Path, 16ull << 20, Content, Error))
    return std::nullopt;
  return Content;
}

} // namespace

bool pythonHoldsKernels(const std::string &Path) {
  std::optional<std::string> C = readSmall(Path);
  return C && (C->find("pyopencl") != std::string::npos) && maskPython(*C).Kernels > 0;
}

bool hostHoldsKernels(const std::string &Path) {
  std::optional<std::string> C = readSmall(Path);
  return C && maskEmbeddedKernels(Path, *C).has_value();
}

bool kernelCodeFile(const std::string &Path) {
  std::optional<std::string> C = readSmall(Path);
  return C && isKernelCode(*C);
}

bool isKernelCode(const std::string &Content) {
  // The code outside comments and string literals defines a kernel.
  std::string Code = Content;
  for (size_t I = 0; I < Code.size();) {
    size_t End = commentEnd(Code, I);
    // A raw string (`R"CLC( ... )CLC"`) spans lines: a kernel inside it is text, not code.
    if (std::optional<RawString> R = End == std::string::npos ? rawStringAt(Code, I) : std::nullopt)
      End = R->End == std::string::npos ? Code.size() : R->End;
    if (End == std::string::npos && Code[I] == '"')
      End = cStringEnd(Code, I) == std::string::npos ? Code.find('\n', I) : cStringEnd(Code, I) + 1;
    if (End == std::string::npos) {
      ++I;
      continue;
    }
    End = std::min(End, Code.size());
    for (size_t K = I; K < End; ++K)
      if (Code[K] != '\n')
        Code[K] = ' ';
    I = End;
  }
  return definesKernel(Code);
}

// Whether Text defines a kernel: `kernel` or `__kernel`, `void`, a name, a parameter list and a
// body (a message such as "failed creating kernel void f()" does not).
bool definesKernel(llvm::StringRef Text) {
  size_t N = Text.size();
  auto spaces = [&](size_t J) {
    while (J < N && std::isspace(static_cast<unsigned char>(Text[J])))
      ++J;
    return J;
  };
  // Past `__attribute__((...))` at J, if there is one.
  auto attribute = [&](size_t J) {
    if (!Text.substr(J).starts_with("__attribute__"))
      return J;
    size_t K = spaces(J + 13);
    int Depth = 0;
    for (; K < N; ++K) {
      Depth += Text[K] == '(' ? 1 : Text[K] == ')' ? -1 : 0;
      if (Depth == 0)
        return spaces(K + 1);
      if (Text[K] == ';' || Text[K] == '{')
        return std::string::npos;
    }
    return std::string::npos;
  };
  for (size_t At = Text.find("kernel"); At != llvm::StringRef::npos;
       At = Text.find("kernel", At + 1)) {
    size_t Before = Text.substr(0, At).ends_with("__") ? At - 2 : At;
    if (Before > 0 && identChar(Text[Before - 1]))
      continue;
    size_t J = At + 6;
    if (J >= N || !std::isspace(static_cast<unsigned char>(Text[J])))
      continue;
    J = attribute(spaces(J));
    if (J == std::string::npos || !Text.substr(J).starts_with("void"))
      continue;
    J = spaces(J + 4);
    size_t Name = J;
    while (J < N && identChar(Text[J]))
      ++J;
    if (J == Name || (J = spaces(J)) >= N || Text[J] != '(')
      continue;
    size_t Close = Text.find_first_of(");{", J);
    if (Close == llvm::StringRef::npos || Text[Close] != ')')
      continue;
    J = attribute(spaces(Close + 1));
    if (J != std::string::npos && J < N && Text[J] == '{')
      return true;
  }
  return false;
}

} // namespace cllint
