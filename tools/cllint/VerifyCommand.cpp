// `cllint verify [options] <files>`: lint, plan a case per finding with a fix or a what-if,
// and run the plan on an OpenCL device through the runner library.
#include "Commands.h"
#include "Config/CompileFlags.h"
#include "Driver/Linter.h"
#include "LintInputs.h"
#include "Support/InputFiles.h"
#include "Verify/Plan/PlanBuilder.h"
#include "Verify/Plan/Spec.h"
#include "VerifyUsage.h"
#include "cllint/Verify/Runner/Errors.h"
#include "cllint/Verify/Runner/Render.h"
#include "cllint/Verify/Runner/Runner.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>

namespace cllint {
namespace {

namespace fs = std::filesystem;

struct UsageFailure {
  std::string Message;
};

uint64_t parseNumber(const std::string &Flag, const std::string &Text, uint64_t Min) {
  char *End = nullptr;
  errno = 0;
  unsigned long long V = std::strtoull(Text.c_str(), &End, 10);
  if (Text.empty() || Text[0] == '-' || *End || errno || V < Min)
    throw UsageFailure{Flag + " expects an integer of at least " + std::to_string(Min) + ", not '" +
                       Text + "'"};
  return V;
}

int fail(const std::string &Message) {
  std::cerr << "cllint verify: " << Message << "\n";
  return 2;
}

bool writeText(const std::string &Path, const std::string &Text) {
  std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
  OS << Text;
  return static_cast<bool>(OS);
}

// cllint-runner beside this executable (installed side by side, or in the build tree), else
// $CLLINT_RUNNER, else the one on PATH.
std::string findRunner() {
  if (const char *Env = std::getenv("CLLINT_RUNNER"); Env && *Env)
    return Env;
  std::error_code EC;
  fs::path Self = fs::read_symlink("/proc/self/exe", EC);
  if (!EC)
    for (const fs::path &P : {Self.parent_path() / "cllint-runner",
                              Self.parent_path().parent_path() / "cllint-runner" / "cllint-runner"})
      if (fs::exists(P, EC))
        return P.string();
  return "cllint-runner";
}

// Runs the plan with cllint-runner in its own process, results as JSON in ResultsFile.
// Returns its exit status, or -1 with Error when it could not be started.
int runExternal(const std::string &Runner, std::vector<std::string> Args, std::string &Error) {
  Args.insert(Args.begin(), Runner);
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  std::cout.flush();
  pid_t Pid = fork();
  if (Pid < 0) {
    Error = std::string("fork: ") + strerror(errno);
    return -1;
  }
  if (Pid == 0) {
    execvp(Argv[0], Argv.data());
    std::fprintf(stderr, "cllint verify: cannot run %s: %s\n", Argv[0], strerror(errno));
    _exit(127);
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(Status)) {
    Error = Runner + " was killed by signal " + std::to_string(WTERMSIG(Status));
    return -1;
  }
  if (WEXITSTATUS(Status) == 127) {
    Error = "cannot run " + Runner + " (set CLLINT_RUNNER to its path)";
    return -1;
  }
  return WEXITSTATUS(Status);
}

std::string commandLine(int Argc, const char **Argv) {
  std::string S = "cllint";
  for (int I = 1; I < Argc; ++I)
    S += std::string(" ") + Argv[I];
  return S;
}

} // namespace

int runVerify(int Argc, const char **Argv) {
  // Argv[1] is "verify".
  std::vector<std::string> Inputs, Extra;
  std::string Device, Format = "text", OutputFile, Report, PlanOnly, SpecFile, Profile, ConfigFile,
                      Std;
  std::vector<std::string> Defines, Includes, HostPatterns, HostArgs;
  std::optional<int> Runs, Warmup, TimeoutMs;
  std::optional<std::vector<uint64_t>> Global;
  std::optional<std::array<unsigned, 3>> WorkGroup;
  uint64_t Ulp = 4;
  bool ListDevices = false, NoConfig = false, NoCeiling = false, Quiet = false, InProcess = false;
  try {
    for (int I = 2; I < Argc; ++I) {
      std::string A = Argv[I];
      if (A == "--") {
        for (++I; I < Argc; ++I)
          Extra.push_back(Argv[I]);
        break;
      }
      std::string Name = A, Value;
      bool HasValue = false;
      if (A.rfind("--", 0) == 0 && A.find('=') != std::string::npos) {
        Name = A.substr(0, A.find('='));
        Value = A.substr(A.find('=') + 1);
        HasValue = true;
      }
      auto value = [&]() -> std::string {
        if (HasValue)
          return Value;
        if (I + 1 >= Argc)
          throw UsageFailure{Name + " needs a value"};
        return Argv[++I];
      };
      if (Name == "-h" || Name == "--help") {
        std::cout << VerifyUsage;
        return 0;
      } else if (Name == "--device") {
        Device = value();
      } else if (Name == "--list-devices") {
        ListDevices = true;
      } else if (Name == "--runs") {
        Runs = static_cast<int>(parseNumber(Name, value(), 1));
      } else if (Name == "--warmup") {
        Warmup = static_cast<int>(parseNumber(Name, value(), 0));
      } else if (Name == "--timeout-ms") {
        TimeoutMs = static_cast<int>(parseNumber(Name, value(), 1));
      } else if (Name == "--format") {
        Format = value();
        if (Format != "text" && Format != "json")
          throw UsageFailure{"unknown --format '" + Format + "'; expected text or json"};
      } else if (Name == "-o") {
        OutputFile = value();
      } else if (Name == "--report") {
        Report = value();
      } else if (Name == "--plan-only") {
        PlanOnly = value();
      } else if (Name == "--spec") {
        SpecFile = value();
      } else if (Name == "--host") {
        HostPatterns.push_back(value());
      } else if (Name == "--host-arg") {
        HostArgs.push_back(value());
      } else if (Name == "--global") {
        std::string V = value();
        std::vector<uint64_t> G;
        size_t Pos = 0;
        while (true) {
          size_t Comma = V.find(',', Pos);
          G.push_back(parseNumber("--global", V.substr(Pos, Comma - Pos), 1));
          if (Comma == std::string::npos)
            break;
          Pos = Comma + 1;
        }
        if (G.size() > 3)
          throw UsageFailure{"--global takes 1 to 3 sizes"};
        Global = G;
      } else if (Name == "--ulp") {
        Ulp = parseNumber(Name, value(), 0);
      } else if (Name == "--no-ceiling") {
        NoCeiling = true;
      } else if (Name == "--work-group") {
        std::string V = value();
        std::array<unsigned, 3> WG = {1, 1, 1};
        size_t Pos = 0;
        for (unsigned D = 0;; ++D) {
          size_t Comma = V.find(',', Pos);
          if (D == 3)
            throw UsageFailure{"--work-group takes 1 to 3 sizes"};
          WG[D] = static_cast<unsigned>(parseNumber("--work-group", V.substr(Pos, Comma - Pos), 1));
          if (Comma == std::string::npos)
            break;
          Pos = Comma + 1;
        }
        WorkGroup = WG;
      } else if (Name == "--in-process") {
        InProcess = true;
      } else if (Name == "-q" || Name == "--quiet") {
        Quiet = true;
      } else if (Name == "--profile") {
        Profile = value();
      } else if (Name == "--config") {
        ConfigFile = value();
      } else if (Name == "--no-config") {
        NoConfig = true;
      } else if (Name == "--std" || Name == "-cl-std" || Name == "--cl-std") {
        Std = value();
      } else if (A.rfind("-cl-std=", 0) == 0) {
        Std = A.substr(8);
      } else if (A == "-D" || A == "-I") {
        (A == "-D" ? Defines : Includes).push_back(value());
      } else if (A.rfind("-D", 0) == 0) {
        Defines.push_back(A.substr(2));
      } else if (A.rfind("-I", 0) == 0) {
        Includes.push_back(A.substr(2));
      } else if (A.size() > 1 && A[0] == '-') {
        throw UsageFailure{"unknown option '" + A + "'; run 'cllint verify --help'"};
      } else {
        Inputs.push_back(A);
      }
    }
  } catch (const UsageFailure &F) {
    return fail(F.Message);
  }

  runner::RunOptions Run;
  Run.device = Device;
  Run.runs = Runs;
  Run.warmup = Warmup;
  Run.timeoutMs = TimeoutMs;
  Run.measureCeiling = !NoCeiling;
  Run.command = commandLine(Argc, Argv);
  if (!Quiet) {
    Run.onCaseStart = [](std::size_t I, std::size_t N, const runner::Case &C) {
      std::cerr << "[" << I + 1 << "/" << N << "] " << C.id << " (" << C.kernel << ")\n";
    };
  }

  if (ListDevices) {
    try {
      auto Devices = runner::listDevices();
      std::cout << runner::renderDeviceList(Devices);
      return 0;
    } catch (const std::exception &E) {
      std::cerr << "cllint verify: " << E.what() << "\n";
      return 1;
    }
  }
  if (Inputs.empty())
    return fail("no input files; run 'cllint verify --help'");

  LintOptions Options;
  // verify measures findings of every impact: a small prediction is checked as well as a large.
  Options.AllFindings = true;
  if (!Profile.empty())
    Options.Profile = Profile;
  if (!Std.empty()) {
    Options.Flags.Std = normalizeClStd(Std);
    if (Options.Flags.Std.empty())
      return fail("unknown OpenCL C version '" + Std + "'; expected CL1.2, CL2.0 or CL3.0");
  }
  for (const std::string &D : Defines)
    Options.Flags.Args.push_back("-D" + D);
  for (const std::string &Dir : Includes)
    Options.Flags.Args.push_back("-I" + Dir);
  for (const std::string &E : Extra)
    Options.Flags.Args.push_back(E);
  if (!ConfigFile.empty()) {
    if (!fs::exists(ConfigFile))
      return fail(ConfigFile + ": config file not found");
    Options.ConfigPath = ConfigFile;
  }
  Options.NoConfig = NoConfig;
  Options.WorkGroup = WorkGroup;
  std::vector<std::string> HostWarnings;
  std::vector<std::string> Roots;
  for (const std::string &In : Inputs)
    Roots.push_back(fs::is_directory(In) ? In : fs::path(In).parent_path().string());
  Options.Launches = hostLaunchTable(HostPatterns, Roots, HostArgs, HostWarnings);
  for (const std::string &W : HostWarnings)
    std::cerr << "cllint verify: " << W << "\n";

  verify::Spec CommandSpec;
  verify::VerifyOptions VO;
  VO.Global = Global;
  VO.UlpTolerance = Ulp;
  if (!SpecFile.empty()) {
    std::string Error;
    if (!verify::loadSpecFile(SpecFile, CommandSpec, Error))
      return fail(Error);
    VO.CommandLineSpec = &CommandSpec;
  }

  InputExpansion Expanded = expandInputs(Inputs);
  int Exit = 0;
  for (const std::string &E : Expanded.Errors) {
    std::cerr << "cllint verify: " << E << "\n";
    Exit = 2;
  }
  Linter L(Options);
  verify::PlanSet Set;
  for (const std::string &File : Expanded.Files) {
    FileResult R = L.lintFile(File);
    if (!R.InputErrors.empty() || R.CompileFailed) {
      for (const std::string &E : R.InputErrors)
        std::cerr << "cllint verify: " << E << "\n";
      if (R.CompileFailed)
        std::cerr << "cllint verify: " << File << ": does not compile; run 'cllint " << File
                  << "' for the errors\n";
      Exit = 2;
      continue;
    }
    std::string Error;
    if (!verify::planFindings(L, R, VO, Set, Error)) {
      std::cerr << "cllint verify: " << Error << "\n";
      Exit = 2;
    }
  }
  for (const std::string &Line : verify::skipLines(Set.Skips))
    std::cerr << "cllint verify: skipped " << Line << "\n";
  if (Set.Cases.empty()) {
    std::cerr << "cllint verify: nothing to verify"
              << (Set.Skips.empty() && Exit == 0 ? ": no finding has a fix or a what-if" : "")
              << "\n";
    return 2;
  }

  runner::Settings Settings;
  if (Runs)
    Settings.runs = *Runs;
  if (Warmup)
    Settings.warmup = *Warmup;
  if (TimeoutMs)
    Settings.timeoutMs = *TimeoutMs;
  std::string Dir = PlanOnly;
  bool Temporary = Dir.empty();
  if (Temporary) {
    std::string Template = (fs::temp_directory_path() / "cllint-verify-XXXXXX").string();
    if (!mkdtemp(Template.data()))
      return fail("cannot create a temporary plan directory: " + std::string(strerror(errno)));
    Dir = Template;
  }
  std::string Error;
  if (!verify::writePlanDir(Set, Settings, Dir, Error))
    return fail(Error);
  if (!PlanOnly.empty()) {
    std::cout << "wrote " << Set.Cases.size() << " case(s) to " << Dir << "/plan.json"
              << (Set.Skips.empty()
                      ? ""
                      : " (" + std::to_string(Set.Skips.size()) + " finding(s) skipped, see above)")
              << "\nrun it with: cllint-runner " << Dir << "\n";
    return Exit;
  }

  runner::Results Results;
  if (InProcess) {
    try {
      runner::Plan Plan = runner::loadPlan(Dir);
      Results = runner::runPlan(Plan, Run);
    } catch (const runner::PlanError &E) {
      // A plan this command wrote and the runner refuses is a bug here; keep the plan.
      std::cerr << "cllint verify: internal error, the runner refuses the plan (kept in " << Dir
                << "): " << E.what() << "\n";
      return 2;
    } catch (const runner::UsageError &E) {
      return fail(E.what());
    } catch (const std::exception &E) {
      std::cerr << "cllint verify: " << E.what() << "\n";
      if (Temporary)
        fs::remove_all(Dir);
      return 1;
    }
  } else {
    // The plan runs in cllint-runner: OpenCL drivers that compile with their own LLVM (PoCL)
    // crash when loaded into this process, which has LLVM 19 loaded already.
    std::string ResultsFile = Dir + "/results.json";
    std::vector<std::string> Args = {"--format", "json", "-o", ResultsFile};
    if (!Device.empty())
      Args.insert(Args.end(), {"--device", Device});
    if (Runs)
      Args.insert(Args.end(), {"--runs", std::to_string(*Runs)});
    if (Warmup)
      Args.insert(Args.end(), {"--warmup", std::to_string(*Warmup)});
    if (TimeoutMs)
      Args.insert(Args.end(), {"--timeout-ms", std::to_string(*TimeoutMs)});
    if (NoCeiling)
      Args.push_back("--no-ceiling");
    if (Quiet)
      Args.push_back("-q");
    Args.push_back(Dir);
    std::string Runner = findRunner(), Error;
    int Status = runExternal(Runner, Args, Error);
    if (Status < 0)
      return fail(Error);
    if (Status == 2) {
      std::cerr << "cllint verify: " << Runner << " refused the plan (kept in " << Dir << ")\n";
      return 2;
    }
    try {
      std::ifstream IS(ResultsFile);
      Results = runner::resultsFromJson(nlohmann::json::parse(IS));
    } catch (const std::exception &E) {
      if (Status == 1) { // no device, or it failed before writing results; it said why
        if (Temporary)
          fs::remove_all(Dir);
        return 1;
      }
      return fail(ResultsFile + ": cannot read the runner's results: " + E.what());
    }
    Results.command = Run.command;
  }
  if (Temporary) {
    std::error_code EC;
    fs::remove_all(Dir, EC);
    Results.planDir.clear();
  }

  std::string Text;
  if (Format == "json") {
    nlohmann::json J = runner::toJson(Results);
    nlohmann::json Skipped = nlohmann::json::array();
    for (const verify::Skip &S : Set.Skips)
      Skipped.push_back({{"file", S.File},
                         {"line", S.Line},
                         {"rule", S.Rule},
                         {"kernel", S.Kernel},
                         {"reason", S.Reason}});
    J["skipped"] = Skipped;
    // What each case changed and how it was set up, from the plan.
    for (size_t I = 0; I < J["cases"].size() && I < Set.Cases.size(); ++I) {
      const verify::PlannedCase &C = Set.Cases[I];
      J["cases"][I]["variant"] = C.Variant;
      J["cases"][I]["compare"] = C.Compare;
      J["cases"][I]["description"] = C.Description;
      J["cases"][I]["setup"] = C.SetupFrom;
      J["cases"][I]["assumptions"] = C.Setup.Assumptions;
    }
    Text = J.dump(2) + "\n";
  } else {
    Text = runner::renderTable(Results);
    // The runner's table lists the plan's skipped findings itself.
    if (!Set.Skips.empty() && Results.skipped.empty()) {
      Text += "\nskipped:\n";
      for (const std::string &Line : verify::skipLines(Set.Skips))
        Text += "  " + Line + "\n";
    }
  }
  if (!OutputFile.empty()) {
    if (!writeText(OutputFile, Text))
      return fail(OutputFile + ": cannot write");
  } else {
    std::cout << Text;
  }
  if (!Report.empty() && !writeText(Report, runner::renderHtml(Results)))
    return fail(Report + ": cannot write");
  int Status = runner::exitStatus(Results);
  return std::max(Exit, Status);
}

} // namespace cllint
