// What a kernel file's preprocessor lines say about the build it expects, read as text: which
// of the host's -D flags selects a definition or a block of includes, which values its `#if`
// lines test a macro against, and which macros an `#include` line is built from. Placeholders
// use them to pick what a file that does not compile on its own needs.
#pragma once

#include "Analysis/LaunchTable.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cllint {

// Whether Line names Word as a whole identifier.
bool namesWord(llvm::StringRef Line, llvm::StringRef Word);

// The host flag that selects a definition of Name in Content or Headers (the files a parse
// read): the first flag the host writes among those named by the #if/#ifdef/#elif lines above
// a `#define Name` or `typedef ... Name;` line; failing that, among those above an `#include`
// line of Content
// (hashcat's `#ifdef KERNEL_STATIC` around every header its kernels need). With Flags false,
// the first macro the host computes at run time that those `#define` conditions name
// (`#if VECT_SIZE == 2` above `#define VSZ 2`).
const analysis::LaunchTable::Macro *selectingFlag(llvm::StringRef Content,
                                                  const std::vector<std::string> &Headers,
                                                  llvm::StringRef Name,
                                                  const analysis::LaunchTable &Host,
                                                  const std::string &Near, bool Flags = true);

// The first flag the host writes among those the #if/#elif lines of the conditional chain
// above line Line of File name: the build choice an `#error` in its `#else` asks for.
const analysis::LaunchTable::Macro *flagForError(const std::string &File, unsigned Line,
                                                 const analysis::LaunchTable &Host,
                                                 const std::string &Near);

// The first flag the host writes among those a conditional chain around line Line of File
// tests, when Line is in the chain's `#else` arm (the innermost such chain): the build that
// takes the other arm (`#ifdef KERNEL_STATIC` `typedef uint u32;` `#else` `typedef uint32_t
// u32;`, hashcat's `inc_types.h`).
const analysis::LaunchTable::Macro *flagForElseArm(const std::string &File, unsigned Line,
                                                   const analysis::LaunchTable &Host,
                                                   const std::string &Near);

// The first host flag named by an `#ifndef FLAG` (or `#if !defined(FLAG)`) of Files around an
// `#include <...>` line: a header shared with the host that includes the host's system headers
// unless the build defines FLAG (`#ifndef _INKERNEL_` `#include <CL/cl.h>`).
const analysis::LaunchTable::Macro *flagAvoidingSystemHeaders(const std::vector<std::string> &Files,
                                                              const analysis::LaunchTable &Host,
                                                              const std::string &Near);

// The first non-zero value an `#if` or `#elif` line of Content or Headers compares Name with
// (`#if VECT_SIZE == 1`), with "file:line"; a value the code is written for, where the host
// computes Name at run time.
std::optional<std::pair<std::string, std::string>>
testedValue(llvm::StringRef Content, const std::vector<std::string> &Headers, llvm::StringRef Name,
            const std::string &ContentName);

// The identifiers of line Line of File when it is an `#include` built from macros
// (`#include M2S(INCLUDE_PATH/inc_vendor.h)`), each with the path written after it and a '/'
// ("inc_vendor.h" for INCLUDE_PATH, empty for M2S); nothing for another line.
std::vector<std::pair<std::string, std::string>> includeLineWords(const std::string &File,
                                                                  unsigned Line);

} // namespace cllint
