// Where a project's kernel sources define each top-level name. Many hosts build one program
// from several files (`types.hpp`, then `operations_complex.cl`, then the kernel file), so a
// kernel file alone misses the types and helpers the files before it define. The names are
// read from the text (macros, typedefs, structs, functions, program-scope variables), not
// parsed: a file found this way is only kept when the kernel file then compiles. Files with
// kernels of their own are programs, not pieces of one, and are left out.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace cllint {

// The names a C or OpenCL C text defines at file scope: `#define NAME`, `typedef ... NAME;`
// (also after a struct body), `struct NAME {`, functions defined with a body, and variables.
std::vector<std::string> topLevelDefinitions(llvm::StringRef Text);

// Files (paths) in an order where each comes after the files whose names it uses, otherwise as
// given (a cycle keeps the given order).
std::vector<std::string> inDefinitionOrder(std::vector<std::string> Files);

class ProjectDefinitions {
public:
  // Sources are read from Roots (directories, searched recursively; files) on the first query.
  explicit ProjectDefinitions(std::vector<std::string> Roots) : Roots(std::move(Roots)) {}
  // The files that define Name, nearest to the file at Near first.
  std::vector<std::string> definersOf(const std::string &Name, const std::string &Near);

private:
  void index();
  std::vector<std::string> Roots;
  std::once_flag Indexed;
  std::map<std::string, std::vector<std::string>> Definers;
};

} // namespace cllint
