// Small pieces of host-code reading shared by the launch and argument finders: where a kernel
// object lives, string literals through wrappers, and the first few parse errors.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cllint {

// Where a kernel object lives: a variable or a field, and an array element's constant index.
struct HandleKey {
  const clang::Decl *D = nullptr;
  int64_t Index = -1;
  bool operator<(const HandleKey &O) const { return std::tie(D, Index) < std::tie(O.D, O.Index); }
};

std::optional<HandleKey> handleOf(const clang::Expr *E, clang::ASTContext &Ctx);

// The variable, array or field an assignment's target names (`n`, `name[13]`, `s.n`).
const clang::Decl *assignedDecl(const clang::Expr *Target);

// A string literal (through macros, casts and std::string-like wrappers).
std::optional<std::string> literalString(const clang::Expr *E);

// Keeps the first few errors ("main.c:3: 'x.h' file not found") instead of printing them.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  explicit ErrorCollector(std::vector<std::string> &Out) : Out(Out) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  std::vector<std::string> &Out;
};

} // namespace cllint
