#include "Driver/HostRun.h"

#include "Driver/HostFileJson.h"
#include "Driver/ResultCache.h"
#include "Host/CompileCommands.h"
#include "Host/HostCalls.h"
#include "Host/HostMacros.h"
#include "Host/LaunchWrappers.h"
#include "Host/PythonLaunches.h"
#include "Support/InputFiles.h"
#include "host-blocking-transfer/HostTransferCheck.h"
#include "launch-work-group-size/HostLaunchCheck.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace cllint {

namespace {

std::string shapeText(const std::array<uint64_t, 3> &S, unsigned Dims) {
  std::string Out;
  for (unsigned I = 0; I < std::max(1u, Dims); ++I)
    Out += (I ? "x" : "") + std::to_string(S[I]);
  return Out;
}

std::string at(const HostLaunch &L) {
  return llvm::sys::path::filename(L.Where.File).str() + ":" + std::to_string(L.Where.Begin.Line);
}

// A local size as the table holds it (absurd sizes capped, not wrapped).
std::array<unsigned, 3> tableShape(const std::array<uint64_t, 3> &Local) {
  std::array<unsigned, 3> Out;
  for (unsigned I = 0; I < 3; ++I)
    Out[I] = unsigned(std::min<uint64_t>(Local[I], 1u << 30));
  return Out;
}

// F's launches: shapes where the local size is a constant, and for every traced kernel whether
// it runs more than once per program run.
void addLaunches(analysis::LaunchTable &Table, const HostFile &F,
                 const std::set<std::string> &ObjectsSetAnywhere) {
  std::vector<std::string> BuiltHere;
  for (const HostBuild &B : F.Builds)
    if (!B.KernelFile.empty()) // a build of no named file says nothing of which files run
      BuiltHere.push_back(B.KernelFile);
  std::set<std::string> Wrappers; // their own launch runs the kernels their callers pass
  for (const LaunchWrapper &W : F.Wrappers)
    if (W.KernelParam >= 0)
      Wrappers.insert(W.Name);
  for (const HostLaunch &L : F.Launches) {
    // A kernel object its file never sets holds no kernel of this build, unless another host
    // file read sets an object of that name.
    bool SetElsewhere = llvm::any_of(
        L.UnsetObjects, [&](const std::string &Name) { return ObjectsSetAnywhere.count(Name); });
    bool Traced = !L.Kernel.empty() || !L.Candidates.empty() || !L.UnsetObjects.empty();
    if ((!Traced || SetElsewhere) && !Wrappers.count(L.Function))
      Table.addUntracedLaunch(BuiltHere);
    // An untraced launch in a loop still shows that the program runs kernels in loops.
    std::vector<std::string> Runs = L.Candidates;
    if (Runs.empty())
      Runs.push_back(L.Kernel);
    for (const std::string &Kernel : Runs) {
      Table.addLaunchRepetition(Kernel, L.Repeated);
      if (Kernel.empty() || !L.Local)
        continue;
      analysis::KernelLaunch K;
      K.Local = tableShape(*L.Local);
      K.Global = L.Global;
      K.Source = "host launch at " + at(L);
      Table.addHostLaunch(Kernel, std::move(K));
    }
  }
}

// A pyopencl host script: its launches (`prg.name(queue, global, local, ...)`) and the words
// that name kernels; no C parse.
void addScriptHost(HostRun &Run, const std::string &Path, bool Report,
                   unsigned long long MaxFileBytes) {
  std::string Content, Error;
  if (!readSourceFile(Path, MaxFileBytes, Content, Error)) {
    Run.Warnings.push_back(Error);
    return;
  }
  addScriptLaunches(*Run.Table, Path, Content, "host launch at");
  addHostOptionMentions(*Run.Table, Path, Content);
  if (Report) {
    FileResult R;
    R.Path = Path;
    R.Content = std::move(Content);
    Run.Results.push_back(std::move(R));
  }
}

// The parse of a C or C++ host file, from Cache when its text, the host arguments and the
// project headers it read are those of a cached parse.
HostFile parseHostFile(const std::string &Path, const std::vector<std::string> &ExtraArgs,
                       unsigned long long MaxFileBytes, ResultCache *Cache, HostRun &Run) {
  std::string Content, Error;
  if (!Cache || !readSourceFile(Path, MaxFileBytes, Content, Error)) {
    ++Run.Parsed;
    return findHostLaunches(Path, ExtraArgs, MaxFileBytes);
  }
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::string Args;
  for (const std::string &A : ExtraArgs)
    Args += A + '\n';
  // Locations name the file as given and headers are found from the working directory.
  std::string Key = ResultCache::key({ResultCache::toolIdentity(), "host file", Cwd, Path, Content,
                                      Args, std::to_string(MaxFileBytes)});
  if (std::optional<llvm::json::Value> V = Cache->lookupValue(Key))
    if (std::optional<HostFile> F = hostFileFromJson(*V)) {
      F->Content = std::move(Content);
      ++Run.Reused;
      return std::move(*F);
    }
  ++Run.Parsed;
  HostFile F = findHostLaunches(Path, ExtraArgs, MaxFileBytes);
  if (F.InputErrors.empty())
    Cache->storeValue(Key, hostFileToJson(F), F.Dependencies);
  return F;
}

} // namespace

HostRun analyseHostFiles(const std::vector<std::string> &Reported,
                         const std::vector<std::string> &LaunchesOnly,
                         const std::vector<std::string> &ExtraArgs, const DeviceProfile &Profile,
                         unsigned long long MaxFileBytes, ResultCache *Cache,
                         const HostCompileCommands *Commands) {
  HostRun Run;
  std::vector<std::pair<std::string, std::string>> Unclean; // path, its first error
  std::vector<std::pair<std::string, bool>> Paths;
  std::set<llvm::sys::fs::UniqueID> Seen;
  auto add = [&](const std::string &P, bool Report) {
    llvm::sys::fs::UniqueID ID;
    if (!llvm::sys::fs::getUniqueID(P, ID) && !Seen.insert(ID).second)
      return;
    Paths.push_back({P, Report});
  };
  for (const std::string &P : Reported)
    add(P, true);
  for (const std::string &P : LaunchesOnly)
    add(P, false);
  for (const auto &[Path, Report] : Paths) {
    if (llvm::sys::path::extension(Path) == ".py") {
      addScriptHost(Run, Path, Report, MaxFileBytes);
      continue;
    }
    std::vector<std::string> Args = Commands ? Commands->argsFor(Path) : std::vector<std::string>{};
    Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
    HostFile F = parseHostFile(Path, Args, MaxFileBytes, Cache, Run);
    if (!F.ParseErrors.empty())
      Unclean.push_back({Path, F.ParseErrors.front()});
    for (const HostArg &A : F.Args)
      if (A.K == HostArg::Scalar)
        Run.Table->addHostArg(A.Kernel, A.Index, A.Value);
      else
        Run.Table->addHostArgBytes(A.Kernel, A.Index, A.Value);
    Run.Table->addHostWords(F.Content, F.InactiveRanges);
    addHostOptionMentions(*Run.Table, Path, F.Content);
    for (const HostBuild &B : F.Builds)
      Run.Table->addHostBuild({B.KernelFile, B.Options,
                               "host build at " + llvm::sys::path::filename(Path).str() + ":" +
                                   std::to_string(B.Where.Begin.Line),
                               llvm::sys::path::parent_path(Path).str()});
    if (Report) {
      FileResult R;
      R.Path = Path;
      R.Content = F.Content;
      R.InputErrors = F.InputErrors;
      R.Findings = checkHostLaunches(F, Profile);
      Run.Results.push_back(std::move(R));
    } else {
      for (const std::string &E : F.InputErrors)
        Run.Warnings.push_back(Path + ": " + E);
    }
    Run.Files.push_back(std::move(F));
  }
  // One line however many files: a project's headers missing from the host parse fail them all.
  if (Unclean.size() == 1)
    Run.Warnings.push_back(Unclean[0].first + ": host file did not compile cleanly (" +
                           Unclean[0].second + "); launches read from what parsed");
  else if (!Unclean.empty())
    Run.Warnings.push_back(std::to_string(Unclean.size()) + " of " + std::to_string(Paths.size()) +
                           " host files did not compile cleanly (the first: " + Unclean[0].first +
                           ": " + Unclean[0].second +
                           "); launches read from what parsed; give their -I and -D with "
                           "--host-arg");
  // Launches through a wrapper of another file, and which launches run more than once, need
  // every file.
  resolveWrappedLaunches(Run.Files);
  markRepeatedLaunches(Run.Files);
  placeTransfers(Run.Files);
  for (FileResult &R : Run.Results)
    for (const HostFile &F : Run.Files)
      if (F.Path == R.Path)
        for (Finding &T : checkHostTransfers(F))
          R.Findings.push_back(std::move(T));
  std::set<std::string> ObjectsSet;
  for (const HostFile &F : Run.Files)
    ObjectsSet.insert(F.KernelObjectsSet.begin(), F.KernelObjectsSet.end());
  for (const HostFile &F : Run.Files)
    addLaunches(*Run.Table, F, ObjectsSet);
  return Run;
}

void addScriptLaunches(analysis::LaunchTable &Table, const std::string &Path,
                       const std::string &Script, const std::string &Where) {
  for (const PythonLaunch &P : findPythonLaunches(Script)) {
    analysis::KernelLaunch K;
    K.Local = tableShape(P.Local);
    K.Global = P.Global;
    K.Source = Where + " " + llvm::sys::path::filename(Path).str() + ":" + std::to_string(P.Line);
    Table.addHostLaunch(P.Kernel, std::move(K));
  }
  Table.addScriptWords(Script);
}

std::string describeLaunches(const HostRun &Run) {
  std::string Out;
  for (const HostFile &F : Run.Files)
    for (const HostLaunch &L : F.Launches) {
      Out += at(L) + ": " + (L.Kernel.empty() ? "<unknown kernel>" : L.Kernel) + " ";
      Out += "global " + (L.Global ? shapeText(*L.Global, L.Dims) : std::string("?"));
      Out += ", local " + (L.Local       ? shapeText(*L.Local, L.Dims)
                           : L.LocalNull ? std::string("NULL (the implementation picks)")
                                         : std::string("?"));
      if (!L.WhyUnknown.empty())
        Out += " (" + L.WhyUnknown + ")";
      Out += "\n";
    }
  for (const HostFile &F : Run.Files)
    for (const HostBuild &B : F.Builds)
      Out += F.Path + ":" + std::to_string(B.Where.Begin.Line) + ": builds " +
             (B.KernelFile.empty() ? std::string("a program of no named file") : B.KernelFile) +
             " with '" + B.Options + "'\n";
  for (const HostFile &F : Run.Files)
    for (const HostArg &A : F.Args)
      Out += F.Path + ":" + std::to_string(A.Where.Begin.Line) + ": " + A.Kernel + " argument " +
             std::to_string(A.Index) + " = " +
             (A.K == HostArg::Buffer  ? "a buffer of "
              : A.K == HostArg::Local ? "__local "
                                      : "") +
             (A.Value ? std::to_string(*A.Value) : "?") + (A.K == HostArg::Scalar ? "" : " bytes") +
             "\n";
  return Out;
}

} // namespace cllint
