// cllint-runner: runs a plan written by `cllint verify` (or by hand) on an
// OpenCL device and reports kernel times, bandwidth and whether the outputs agree.
#include "cllint/Verify/Runner/Errors.h"
#include "cllint/Verify/Runner/Render.h"
#include "cllint/Verify/Runner/Runner.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace cllint::runner;

namespace {

constexpr const char *Usage = R"(usage: cllint-runner [options] PLAN_DIR
       cllint-runner --list-devices [--format text|json]
       cllint-runner --results RESULTS.json [--format text|json] [--report FILE]

Runs the cases of PLAN_DIR/plan.json on an OpenCL device: each case's "before" and
"after" kernels are built, launched on identically filled buffers, their outputs
compared, and their kernel times measured with OpenCL profiling events. Each case runs
in a child process with a watchdog. The plan format is described in docs/verify-plan.md.

options:
  --device SEL       device to run on: a flat index N or P:D (platform:device) as shown by
                     --list-devices, or a case-insensitive substring of
                     "platform name / device name". Default: the first GPU, else the
                     first device.
  --list-devices     list OpenCL devices (index, platform, device, type, compute units,
                     global memory, driver version, OpenCL version) and exit
  --runs N           timed launches per kernel (default: the plan's settings.runs, or 20)
  --warmup N         untimed launches before timing, the first of which is the one whose
                     outputs are compared (default: settings.warmup, or 3)
  --timeout-ms N     watchdog per case, including kernel compilation
                     (default: the case's timeout_ms, else settings.timeout_ms, or 20000)
  --format FORMAT    text (an aligned table, the default) or json
  -o FILE            write the text or JSON output to FILE instead of standard output
  --report FILE      also write a self-contained HTML report (table and bar chart)
  --results FILE     render FILE, the JSON of an earlier run, instead of running a plan
                     (e.g. the table and report of a run made on another machine)
  --ptx-dir DIR      write the PTX of each case's before and after kernel to
                     DIR/CASE_ID.before.ptx and .after.ptx, where the driver returns PTX
                     (NVIDIA), to diff by hand; the instruction counts are in every output
  --no-ceiling       skip measuring the device's copy ceiling
  --no-isolate       run cases in this process: no watchdog, for debugging only
  -q, --quiet        no progress lines on standard error
  -h, --help         show this help and exit
  --version          show the version and exit

exit status:
  0  every case ran and, where compared, the outputs agree
  1  a case failed: outputs differ, an OpenCL error, a crash or a timeout
     (also when no OpenCL device is available)
  2  usage error or invalid plan (the message names the file and the problem)
)";

struct Options {
  std::string planDir;
  RunOptions run;
  std::string format = "text";
  std::string outputFile, reportFile, resultsFile;
  bool listDevices = false, quiet = false;
};

struct UsageFailure {
  std::string message;
};

int parseCount(const std::string &flag, const std::string &value, int min) {
  char *end = nullptr;
  errno = 0;
  long n = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || errno || n < min || n > 1'000'000'000)
    throw UsageFailure{flag + " expects an integer of at least " + std::to_string(min) + ", not '" +
                       value + "'"};
  return static_cast<int>(n);
}

std::string shellQuoted(std::string_view arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_./=:,+@%") == std::string_view::npos)
    return std::string(arg);
  std::string quoted = "'";
  for (char c : arg)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

Options parseArgs(int argc, char **argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::optional<std::string> inlineValue;
    if (arg.rfind("--", 0) == 0) {
      if (std::size_t eq = arg.find('='); eq != std::string::npos) {
        inlineValue = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    auto value = [&]() -> std::string {
      if (inlineValue)
        return *inlineValue;
      if (i + 1 >= args.size())
        throw UsageFailure{arg + " needs a value"};
      return args[++i];
    };
    auto noValue = [&] {
      if (inlineValue)
        throw UsageFailure{arg + " takes no value"};
    };

    if (arg == "-h" || arg == "--help") {
      std::fputs(Usage, stdout);
      std::exit(0);
    } else if (arg == "--version") {
      std::puts("cllint-runner 0.1.0 (plan version 1)");
      std::exit(0);
    } else if (arg == "--device") {
      o.run.device = value();
    } else if (arg == "--list-devices") {
      noValue();
      o.listDevices = true;
    } else if (arg == "--runs") {
      o.run.runs = parseCount(arg, value(), 1);
    } else if (arg == "--warmup") {
      o.run.warmup = parseCount(arg, value(), 0);
    } else if (arg == "--timeout-ms") {
      o.run.timeoutMs = parseCount(arg, value(), 1);
    } else if (arg == "--format") {
      o.format = value();
      if (o.format != "text" && o.format != "json")
        throw UsageFailure{"--format must be text or json, not '" + o.format + "'"};
    } else if (arg == "-o" || arg == "--output") {
      o.outputFile = value();
    } else if (arg == "--report") {
      o.reportFile = value();
    } else if (arg == "--results") {
      o.resultsFile = value();
    } else if (arg == "--ptx-dir") {
      o.run.ptxDir = value();
      if (o.run.ptxDir.empty())
        throw UsageFailure{"--ptx-dir needs a directory"};
    } else if (arg == "--no-ceiling") {
      noValue();
      o.run.measureCeiling = false;
    } else if (arg == "--no-isolate") {
      noValue();
      o.run.isolate = false;
    } else if (arg == "-q" || arg == "--quiet") {
      noValue();
      o.quiet = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw UsageFailure{"unknown option '" + arg + "'"};
    } else if (o.planDir.empty()) {
      o.planDir = arg;
    } else {
      throw UsageFailure{"only one PLAN_DIR may be given ('" + o.planDir + "' and '" + arg + "')"};
    }
  }
  if (!o.listDevices && o.resultsFile.empty() && o.planDir.empty())
    throw UsageFailure{"no PLAN_DIR given"};
  if (!o.resultsFile.empty() && (o.listDevices || !o.planDir.empty()))
    throw UsageFailure{"--results takes no PLAN_DIR and no --list-devices"};
  if (o.listDevices && !o.planDir.empty())
    throw UsageFailure{"--list-devices takes no PLAN_DIR"};
  if (!o.run.ptxDir.empty() && o.planDir.empty())
    throw UsageFailure{"--ptx-dir needs a PLAN_DIR to run"};

  for (int i = 0; i < argc; ++i)
    o.run.command += (i ? " " : "") + shellQuoted(i == 0 ? "cllint-runner" : argv[i]);
  return o;
}

// Writes `text` to `path`, or to standard output when `path` is empty.
bool emit(const std::string &path, const std::string &text) {
  if (path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr, "cllint-runner: cannot write %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return false;
  }
  return true;
}

int listDevicesCommand(const Options &o) {
  const std::vector<DeviceInfo> devices = listDevices(o.run.isolate);
  if (o.format == "json") {
    Json list = Json::array();
    for (const DeviceInfo &d : devices)
      list.push_back(toJson(d));
    return emit(o.outputFile, list.dump(2) + "\n") ? 0 : 2;
  }
  return emit(o.outputFile, renderDeviceList(devices)) ? 0 : 2;
}

// Writes the chosen format and the report; the exit status of the run they describe.
int emitResults(const Options &o, const Results &results) {
  bool written =
      emit(o.outputFile, o.format == "json" ? renderJson(results) : renderTable(results));
  if (!o.reportFile.empty())
    written &= emit(o.reportFile, renderHtml(results));
  if (!written)
    return 2;
  return exitStatus(results);
}

int resultsCommand(const Options &o) {
  std::ifstream in(o.resultsFile, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cllint-runner: %s: cannot read: %s\n", o.resultsFile.c_str(),
                 std::strerror(errno));
    return 2;
  }
  Results results;
  try {
    results = resultsFromJson(Json::parse(in));
  } catch (const nlohmann::json::exception &e) {
    std::fprintf(stderr, "cllint-runner: %s: not results JSON: %s\n", o.resultsFile.c_str(),
                 e.what());
    return 2;
  }
  return emitResults(o, results);
}

int runCommand(Options &o) {
  const Plan plan = loadPlan(o.planDir);
  const std::vector<DeviceInfo> devices = listDevices(o.run.isolate);
  const DeviceInfo &device = selectDevice(devices, o.run.device);

  if (!o.quiet) {
    std::fprintf(stderr, "cllint-runner: %zu case%s on %s\n", plan.cases.size(),
                 plan.cases.size() == 1 ? "" : "s", device.label().c_str());
    // One whole line per finished case: drivers print build messages on stderr too.
    o.run.onCaseDone = [](std::size_t i, std::size_t n, const CaseResult &r) {
      std::fprintf(stderr, "[%zu/%zu] %s: %s\n", i + 1, n, r.id.c_str(),
                   std::string(toString(r.status)).c_str());
    };
  }
  return emitResults(o, runPlan(plan, device, o.run));
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  try {
    options = parseArgs(argc, argv);
  } catch (const UsageFailure &failure) {
    std::fprintf(stderr, "cllint-runner: %s\nTry 'cllint-runner --help'.\n",
                 failure.message.c_str());
    return 2;
  }
  try {
    if (options.listDevices)
      return listDevicesCommand(options);
    if (!options.resultsFile.empty())
      return resultsCommand(options);
    return runCommand(options);
  } catch (const PlanError &e) {
    std::fprintf(stderr, "cllint-runner: %s\n", e.what());
    return 2;
  } catch (const UsageError &e) {
    std::fprintf(stderr, "cllint-runner: %s\n", e.what());
    return 2;
  } catch (const DeviceError &e) {
    std::fprintf(stderr, "cllint-runner: %s\n", e.what());
    return 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cllint-runner: %s\n", e.what());
    return 1;
  }
}
