// The host half of a run: C/C++ host files parsed for their kernel launches, giving the launch
// table every kernel file is analysed with, and the launch-work-group-size findings at the
// host calls.
#pragma once

#include "Analysis/LaunchTable.h"
#include "Config/DeviceProfile.h"
#include "Diagnostics/Finding.h"
#include "Host/HostLaunches.h"

#include <memory>
#include <string>
#include <vector>

namespace cllint {

struct HostRun {
  std::shared_ptr<analysis::LaunchTable> Table = std::make_shared<analysis::LaunchTable>();
  std::vector<HostFile> Files;
  std::vector<FileResult> Results; // one per host file, for the report
  // "main.c: did not compile cleanly (...); launches read from what parsed".
  std::vector<std::string> Warnings;
  unsigned Parsed = 0, Reused = 0; // C and C++ host files parsed now, or taken from the cache
};

class ResultCache;
class HostCompileCommands;

// With a Cache, a C or C++ host file whose text, host arguments and project headers are
// unchanged is not parsed again. Reported files get a result each (their launch-work-group-size
// findings); LaunchesOnly files (a config's host: globs) only lend their launches. A file in both
// is reported once. Commands, when given, adds each file's own -I/-D/-std from the project's
// compilation database before ExtraArgs.
HostRun analyseHostFiles(const std::vector<std::string> &Reported,
                         const std::vector<std::string> &LaunchesOnly,
                         const std::vector<std::string> &ExtraArgs, const DeviceProfile &Profile,
                         unsigned long long MaxFileBytes, ResultCache *Cache = nullptr,
                         const HostCompileCommands *Commands = nullptr);

// A pyopencl script's launches (`prg.NAME(queue, global, local, ...)`) and the words that name
// kernels, added to Table; each launch's source is "<Where> <script>:<line>".
void addScriptLaunches(analysis::LaunchTable &Table, const std::string &Path,
                       const std::string &Script, const std::string &Where);

// What --dump-launches prints: each host launch with its kernel and shape.
std::string describeLaunches(const HostRun &Run);

} // namespace cllint
