// What is known about how each kernel is launched, by kernel name: work-group shapes from host
// launches (clEnqueueNDRangeKernel, enqueueNDRangeKernel) and from the config's `kernels:`
// entries, each with where it came from. TUAnalysis picks a kernel's analysis shape from it.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cllint::analysis {

struct KernelLaunch {
  std::array<unsigned, 3> Local = {1, 1, 1};
  std::optional<std::array<uint64_t, 3>> Global;
  std::string Source; // "host launch at main.c:120", "config kernels: gemm"
};

struct ConfiguredKernel {
  std::string NameGlob; // a kernel name or a glob over names
  std::optional<std::array<unsigned, 3>> WorkGroup;
  std::optional<std::array<uint64_t, 3>> Global;
  std::map<std::string, int64_t> Args; // known scalar argument values
  std::string Source;                  // "config.yaml:12"
};

class LaunchTable {
public:
  void addHostLaunch(const std::string &Kernel, KernelLaunch L) {
    Host[Kernel].push_back(std::move(L));
  }
  // Host launches of the kernel with a constant local size, in the order found.
  const std::vector<KernelLaunch> *hostLaunches(const std::string &Kernel) const {
    auto It = Host.find(Kernel);
    return It == Host.end() ? nullptr : &It->second;
  }
  const std::map<std::string, std::vector<KernelLaunch>> &all() const { return Host; }

  // A scalar argument value the host passes (nullopt: one it computes at run time).
  void addHostArg(const std::string &Kernel, unsigned Index, std::optional<int64_t> Value) {
    HostArgs[Kernel][Index].push_back(Value);
  }
  // The bytes of a buffer or __local argument the host sets (nullopt: computed at run time).
  void addHostArgBytes(const std::string &Kernel, unsigned Index, std::optional<int64_t> Bytes) {
    HostArgBytes[Kernel][Index].push_back(Bytes);
  }
  // The arguments the host always sets to the same constant, by index.
  std::map<unsigned, int64_t> fixedArgs(const std::string &Kernel) const {
    return agreeing(HostArgs, Kernel);
  }
  // The buffer and __local arguments the host always gives the same bytes, by index.
  std::map<unsigned, int64_t> fixedArgBytes(const std::string &Kernel) const {
    return agreeing(HostArgBytes, Kernel);
  }
  using ArgValues = std::map<std::string, std::map<unsigned, std::vector<std::optional<int64_t>>>>;
  static std::map<unsigned, int64_t> agreeing(const ArgValues &All, const std::string &Kernel) {
    std::map<unsigned, int64_t> Out;
    auto It = All.find(Kernel);
    if (It == All.end())
      return Out;
    for (const auto &[Index, Values] : It->second) {
      bool Same = true;
      for (const std::optional<int64_t> &V : Values)
        Same &= V.has_value() && *V == *Values.front();
      if (Same && !Values.empty())
        Out[Index] = *Values.front();
    }
    return Out;
  }
  const ArgValues &allArgs() const { return HostArgs; }
  const ArgValues &allArgBytes() const { return HostArgBytes; }

  // The options a host builds a kernel file with, by the path the host writes.
  struct Build {
    std::string KernelFile, Options, Source, HostDir;
  };
  void addHostBuild(Build B) { Builds.push_back(std::move(B)); }
  // The build of the file at Path: the host path that ends Path best (by whole components),
  // nullopt when none names its file name.
  std::optional<Build> hostBuild(const std::string &Path) const {
    std::optional<Build> Best;
    size_t BestLength = 0;
    for (const Build &B : Builds) {
      if (B.KernelFile.empty())
        continue; // a build of no file the host names
      size_t Slash = B.KernelFile.find_last_of('/');
      std::string Name = Slash == std::string::npos ? B.KernelFile : B.KernelFile.substr(Slash + 1);
      bool Ends = Path.size() >= Name.size() &&
                  Path.compare(Path.size() - Name.size(), Name.size(), Name) == 0 &&
                  (Path.size() == Name.size() || Path[Path.size() - Name.size() - 1] == '/');
      if (!Ends)
        continue;
      size_t Length = 0; // how much of the host's path Path ends with
      while (Length < B.KernelFile.size() && Length < Path.size() &&
             B.KernelFile[B.KernelFile.size() - 1 - Length] == Path[Path.size() - 1 - Length])
        ++Length;
      // Among equals (rodinia's b+tree, heartwall and srad each build a kernel_gpu_opencl.cl),
      // the build of the host file nearest the kernel file.
      if (!Best || Length > BestLength ||
          (Length == BestLength && closeness(withoutDot(B.HostDir), withoutDot(Path)) >
                                       closeness(withoutDot(Best->HostDir), withoutDot(Path))))
        Best = B, BestLength = Length;
    }
    return Best;
  }
  const std::vector<Build> &hostBuilds() const { return Builds; }

  // A -D option some string of the host code writes (`"-DN_GP=" + toString(n)`, `"-D
  // WORKSIZE=%d"`, `"-DSINGLE_PRECISION"`), whichever build it belongs to: what a kernel file
  // whose build the host reading could not follow still needs to compile.
  struct Macro {
    std::string Name;
    std::string Params;               // "(x)" for a function-like `-D M2S(x)=XM2S(x)`
    std::optional<std::string> Value; // the value written in full; nullopt: set at run time
    bool Flag = false;                // `-DNAME` alone
    std::string Where;                // "S3D.cpp:268"
    std::string HostDir;              // the host file's directory, absolute
    // For a value set at run time, the one the host file starts from: `int BLOCK_SIZE = 16;`,
    // `#define BLOCK_SIZE 16` (with where), when it writes one.
    std::optional<std::string> Default;
    std::string DefaultWhere;
  };
  void addHostMacro(Macro M) {
    auto &List = Macros[M.Name];
    if (List.empty())
      MacroOrder.push_back(M.Name);
    List.push_back(std::move(M));
  }
  // The mention of Name by the host file nearest to Near (a kernel file's absolute path): the
  // one whose directory shares the most of Near's path, the first among equals.
  const Macro *hostMacro(const std::string &Name, const std::string &Near = "") const {
    auto It = Macros.find(Name);
    if (It == Macros.end())
      return nullptr;
    return &It->second[nearest(It->second, Near, [](const Macro &M) { return M.HostDir; })];
  }
  // The names in the order the host code first writes them.
  const std::vector<std::string> &hostMacroOrder() const { return MacroOrder; }
  const std::map<std::string, std::vector<Macro>> &hostMacros() const { return Macros; }
  // Include directories the host's options write (absolute), with where, nearest to Near first.
  struct IncludeDir {
    std::string Dir, Where, HostDir;
  };
  void addHostIncludeDir(IncludeDir D) { IncludeDirs.push_back(std::move(D)); }
  std::vector<IncludeDir> hostIncludeDirs(const std::string &Near = "") const {
    std::vector<IncludeDir> Out = IncludeDirs;
    std::stable_sort(Out.begin(), Out.end(), [&](const IncludeDir &A, const IncludeDir &B) {
      return closeness(A.HostDir, Near) > closeness(B.HostDir, Near);
    });
    return Out;
  }
  // A host that rewrites `float` to `double` in the kernel source it reads (xrt's
  // `kernelsource.replace('float', 'double')` on devices with fp64): the kernels under its
  // directory may be built in double precision.
  struct PrecisionRewrite {
    std::string HostDir, Where;
  };
  void addPrecisionRewrite(PrecisionRewrite R) { Rewrites.push_back(std::move(R)); }
  const PrecisionRewrite *precisionRewriteFor(const std::string &KernelPath) const {
    for (const PrecisionRewrite &R : Rewrites)
      if (!R.HostDir.empty() && KernelPath.rfind(R.HostDir + "/", 0) == 0)
        return &R;
    return nullptr;
  }
  const std::vector<PrecisionRewrite> &precisionRewrites() const { return Rewrites; }
  // The project's files that define a name at file scope, nearest to Near first (set where the
  // project's sources are known; empty otherwise).
  using DefinersQuery =
      std::function<std::vector<std::string>(const std::string &Name, const std::string &Near)>;
  void setDefiners(DefinersQuery Q) { Definers = std::move(Q); }
  std::vector<std::string> definersOf(const std::string &Name, const std::string &Near) const {
    return Definers ? Definers(Name, Near) : std::vector<std::string>{};
  }
  static std::string withoutDot(std::string P) {
    while (P.rfind("./", 0) == 0)
      P.erase(0, 2);
    return P == "." ? "" : P;
  }
  // How much of its start the file path Near shares with directory Dir, in whole components.
  static size_t sharedPath(std::string Dir, const std::string &Near) {
    if (Dir.empty() || Near.empty())
      return 0;
    if (Dir.back() != '/')
      Dir += '/';
    size_t Last = 0;
    for (size_t I = 0; I < Dir.size() && I < Near.size() && Dir[I] == Near[I]; ++I)
      if (Dir[I] == '/')
        Last = I + 1;
    return Last;
  }
  // Nearer is more shared path, then fewer components off it (an ancestor's host file before
  // a cousin's).
  static std::pair<size_t, long> closeness(const std::string &Dir, const std::string &Near) {
    size_t Shared = sharedPath(Dir, Near);
    long Off = 0;
    for (size_t I = std::min(Shared, Dir.size()); I < Dir.size(); ++I)
      Off += Dir[I] == '/';
    return {Shared, -(Off + (Dir.size() > Shared ? 1 : 0))};
  }
  template <typename T, typename DirOf>
  static size_t nearest(const std::vector<T> &Items, const std::string &Near, DirOf Dir) {
    size_t Best = 0;
    for (size_t I = 1; I < Items.size(); ++I)
      if (closeness(Dir(Items[I]), Near) > closeness(Dir(Items[Best]), Near))
        Best = I;
    return Best;
  }

  // The words (identifiers, and the words inside string literals) of the host code read, but
  // those in Inactive ranges (`#if` branches of another build configuration): a kernel that no
  // host code names is not launched under that name, whatever the host builds.
  void addHostWords(const std::string &Text,
                    const std::vector<std::pair<size_t, size_t>> &Inactive = {}) {
    std::set<std::string> Found = words(Text, Inactive);
    HostWords.insert(Found.begin(), Found.end());
  }
  // A launch whose kernel cannot be traced to a name (created by a computed name) in a host
  // file that builds BuiltFiles (empty: not known): it may run any kernel of those files.
  void addUntracedLaunch(std::vector<std::string> BuiltFiles) {
    Untraced.push_back(std::move(BuiltFiles));
  }
  bool untracedLaunches() const { return !Untraced.empty(); }
  bool untracedMayLaunch(const std::string &Path) const {
    auto name = [](const std::string &P) {
      size_t Slash = P.find_last_of('/');
      return Slash == std::string::npos ? P : P.substr(Slash + 1);
    };
    for (const std::vector<std::string> &Files : Untraced) {
      if (Files.empty())
        return true;
      for (const std::string &F : Files)
        if (name(F) == name(Path))
          return true;
    }
    return false;
  }
  // Whether a launch of Kernel runs more than once per program run (in a loop, or in a function
  // reached from one); Kernel is empty for a launch whose kernel cannot be traced.
  void addLaunchRepetition(const std::string &Kernel, bool Repeated) {
    bool &Any = RepeatedLaunch[Kernel];
    Any = Any || Repeated;
  }
  // The host launches Kernel, always outside any loop, while it runs other kernels in loops: a
  // setup or verification kernel.
  bool launchedOnceBesideLoops(const std::string &Kernel) const {
    auto It = RepeatedLaunch.find(Kernel);
    if (Kernel.empty() || It == RepeatedLaunch.end() || It->second)
      return false;
    for (const auto &[Other, Repeated] : RepeatedLaunch)
      if (Repeated)
        return true;
    return false;
  }
  const std::map<std::string, bool> &launchRepetitions() const { return RepeatedLaunch; }
  bool hostCodeRead() const { return !HostWords.empty(); }
  bool namedByHost(const std::string &Kernel) const { return HostWords.count(Kernel) > 0; }
  // The words of host scripts, whose launches cllint reads in fewer forms than C's: a kernel
  // they name may run though no launch of it was read.
  void addScriptWords(const std::string &Text) {
    for (const std::string &W : words(Text, {})) {
      HostWords.insert(W);
      ScriptWords.insert(W);
    }
  }
  bool namedByScript(const std::string &Kernel) const { return ScriptWords.count(Kernel) > 0; }
  // A launch of Kernel was read (traced to it, or to it among the candidates of its object).
  bool launched(const std::string &Kernel) const {
    return RepeatedLaunch.count(Kernel) > 0 || Host.count(Kernel) > 0;
  }
  const std::set<std::string> &hostWords() const { return HostWords; }

private:
  static std::set<std::string> words(const std::string &Text,
                                     const std::vector<std::pair<size_t, size_t>> &Inactive) {
    std::set<std::string> Out;
    auto Skip = Inactive.begin();
    for (size_t I = 0; I < Text.size();) {
      while (Skip != Inactive.end() && Skip->second <= I)
        ++Skip;
      if (Skip != Inactive.end() && Skip->first <= I) {
        I = Skip->second;
        continue;
      }
      size_t J = I;
      while (J < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[J])) || Text[J] == '_'))
        ++J;
      if (J > I)
        Out.insert(Text.substr(I, J - I));
      I = J == I ? I + 1 : J;
    }
    return Out;
  }

  std::set<std::string> HostWords, ScriptWords;
  std::vector<std::vector<std::string>> Untraced;
  std::map<std::string, bool> RepeatedLaunch; // kernel -> some launch runs repeatedly
  std::vector<Build> Builds;
  std::map<std::string, std::vector<Macro>> Macros;
  std::vector<std::string> MacroOrder;
  std::vector<IncludeDir> IncludeDirs;
  DefinersQuery Definers;
  std::vector<PrecisionRewrite> Rewrites;
  std::map<std::string, std::vector<KernelLaunch>> Host;
  ArgValues HostArgs, HostArgBytes;
};

} // namespace cllint::analysis
