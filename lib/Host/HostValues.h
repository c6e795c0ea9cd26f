// What host code fixes a value to, traced through the file: integers (constant expressions,
// macros, variables and fields with one assigned value), and text (string literals, char
// buffers filled by sprintf / snprintf / strcpy / strcat, std::string built with + and +=,
// std::ostringstream built with <<, std::to_string, .c_str()). Filled in a first pass over the file
// (assign, element, write, append), asked in the second.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cllint {

class HostValues {
public:
  explicit HostValues(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  clang::ASTContext &context() const { return Ctx; }

  void assign(const clang::Decl *D, const clang::Expr *Value);
  void element(const clang::Decl *D, int64_t Index, const clang::Expr *Value);
  // `sprintf(buf, ...)`, `strcat(buf, ...)`: the calls that fill a char buffer, in order.
  void write(const clang::Decl *Buffer, const clang::CallExpr *Call);
  // The buffer a writer's first argument names: `buf`, or `buf + strlen(buf)` (Appends: the
  // write goes on after what the buffer holds, as rodinia's hosts add their -D options).
  static const clang::DeclRefExpr *writtenBuffer(const clang::Expr *Target,
                                                 bool *Appends = nullptr);
  // `s += x` on a std::string, `os << x` on a string stream.
  void append(const clang::Decl *D, const clang::Expr *Value);
  // Changed in place (`n *= 2`, `i++`, `name[13] += k` on a char array): no fixed value.
  void modify(const clang::Decl *D) { Modified.insert(D->getCanonicalDecl()); }

  // An integer the expression always has; nullopt when it is not fixed.
  std::optional<int64_t> integer(const clang::Expr *E, unsigned Depth = 0) const;
  // A number the expression always has, through floating-point arithmetic, casts and
  // ceil/floor (`ceil((float)N / BS)`); nullopt when it is not fixed.
  std::optional<double> real(const clang::Expr *E, unsigned Depth = 0) const;
  // A string literal, or a variable assigned one literal only.
  std::optional<std::string> constantString(const clang::Expr *E, unsigned Depth = 0) const;
  // The text the expression holds, with '?' standing for parts that are not fixed
  // (a value read at run time); nullopt when nothing of it is known.
  std::optional<std::string> text(const clang::Expr *E, unsigned Depth = 0) const;
  // The same, as the text stands at Use: what `+=` and `<<` add counts when it comes before Use
  // in a block around it (`if (dbl) os << "-DTYPE=double"; ... build(os.str())` in that branch).
  std::optional<std::string> textAt(const clang::Expr *E, const clang::Stmt *Use) const;
  // The values assigned to element Index of array D, in the order found.
  const std::vector<const clang::Expr *> *elements(const clang::Decl *D, int64_t Index) const;
  // The values assigned to variable D (its initializer first), in the order found.
  const std::vector<const clang::Expr *> *assigned(const clang::Decl *D) const {
    auto It = Assigned.find(D->getCanonicalDecl());
    return It == Assigned.end() ? nullptr : &It->second;
  }

private:
  std::optional<std::string> formatted(const clang::CallExpr *Call, unsigned FormatArg,
                                       unsigned Depth) const;
  std::optional<std::string> bufferText(const clang::Decl *D, unsigned Depth) const;
  std::optional<std::string> returnedText(const clang::FunctionDecl *F, unsigned Depth) const;
  // Whether a helper of the host code, handed Buffer (`options(buf, 64)`), writes into it:
  // then Text is what it writes, and Appends whether it adds to what the buffer held.
  bool helperWrites(const clang::CallExpr *Call, const clang::Decl *Buffer, unsigned Depth,
                    bool &Appends, std::optional<std::string> &Text) const;

  // Whether an append reaches the use being asked about (textAt); all do outside textAt.
  bool reachesUse(const clang::Expr *Append) const;

  clang::ASTContext &Ctx;
  mutable const clang::Stmt *Use = nullptr;
  mutable std::set<const clang::Stmt *> UseAncestors;
  std::map<const clang::Decl *, std::vector<const clang::Expr *>> Assigned;
  std::map<std::pair<const clang::Decl *, int64_t>, std::vector<const clang::Expr *>> Elements;
  std::map<const clang::Decl *, std::vector<const clang::CallExpr *>> Writes;
  std::map<const clang::Decl *, std::vector<const clang::Expr *>> Appends;
  std::set<const clang::Decl *> Modified;
};

// A char array, or a pointer to non-const char: a buffer options can be written into.
bool isCharBuffer(const clang::Decl *D);

} // namespace cllint
