// Where host code runs each launch: the function it is written in, whether a loop encloses it,
// and the file's call sites, so that a kernel the host runs once, outside the loops that run
// its other kernels (setup, verification), can be told from the program's main work.
#pragma once

#include "Host/HostLaunches.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace cllint {

// The name of the function a statement is written in, and whether one of its loops encloses it.
std::pair<std::string, bool> placeOf(clang::ASTContext &Ctx, const clang::Stmt &S);

// Fills F.Calls and each launch's Function, InLoop and LineText from the parsed file.
void placeLaunches(clang::ASTContext &Ctx, HostFile &F);

// Marks each launch of Files Repeated unless it runs once per program run: outside any loop,
// in a function every seen call of which is outside loops in a function that runs once, from
// `main` down (functions matched by name across Files).
void markRepeatedLaunches(std::vector<HostFile> &Files);

// Keeps the blocking transfers of Files that a loop repeats: those in a loop that launches
// kernels, and those in a launching function that a loop of Files calls, directly or through
// the calls above it (setting Caller to the function with the loop); drops the others.
void placeTransfers(std::vector<HostFile> &Files);

} // namespace cllint
