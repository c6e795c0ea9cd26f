#include "cllint/Verify/Runner/Runner.h"

#include "Ceiling.h"
#include "ExecuteCase.h"
#include "Isolate.h"
#include "cllint/Verify/Runner/ResultsJson.h"

#include <chrono>
#include <ctime>

namespace cllint::runner {
namespace {

std::string utcNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// Runs `work` (which returns JSON text) isolated or not, and turns what the child did
// into JSON: its reply, or {"error": ...} / {"timeout": true}.
Json runGuarded(const std::function<std::string()> &work, bool isolate, int timeoutMs) {
  if (!isolate) {
    try {
      return Json::parse(work());
    } catch (const std::exception &e) {
      return {{"error", e.what()}};
    }
  }
  IsolatedOutcome outcome = runIsolated(work, timeoutMs);
  switch (outcome.kind) {
  case IsolatedOutcome::Kind::TimedOut:
    return {{"timeout", true}};
  case IsolatedOutcome::Kind::Failed:
    return {{"error", "crashed: " + outcome.detail}};
  case IsolatedOutcome::Kind::Finished:
    break;
  }
  try {
    return Json::parse(outcome.output);
  } catch (const nlohmann::json::exception &e) {
    return {{"error", std::string("unreadable reply from the child process: ") + e.what()}};
  }
}

void measureCeiling(const Plan &plan, const DeviceInfo &device, int runs, int warmup, int timeoutMs,
                    bool isolate, Results &results) {
  results.ceilingBytes = ceilingBytes(plan, device);
  const std::uint64_t bytes = results.ceilingBytes;
  Json reply =
      runGuarded([&] { return toJson(measureCopyCeiling(device, bytes, runs, warmup)).dump(); },
                 isolate, timeoutMs);
  if (reply.contains("timeout"))
    results.ceilingError = "timed out after " + std::to_string(timeoutMs) + " ms";
  else if (reply.contains("error"))
    results.ceilingError = reply["error"].get<std::string>();
  else
    results.ceilingGbps = timingFromJson(reply).gbps;
}

CaseResult runCase(const DeviceInfo &device, const Case &c, int runs, int warmup, int timeoutMs,
                   bool isolate, const std::string &ptxDir) {
  Json reply =
      runGuarded([&] { return toJson(executeCase(device, c, runs, warmup, ptxDir)).dump(); },
                 isolate, timeoutMs);
  CaseResult result;
  if (reply.contains("timeout")) {
    result.status = CaseStatus::Timeout;
    result.error = "timed out after " + std::to_string(timeoutMs) + " ms";
    result.outputs = "not compared (timed out)";
  } else if (reply.contains("error") && !reply.contains("status")) {
    result.status = CaseStatus::Error;
    result.error = reply["error"].get<std::string>();
    result.outputs = "not compared (error)";
  } else {
    result = caseFromJson(reply);
  }
  // The child measured; the plan says what the case is.
  result.id = c.id;
  result.file = c.file;
  result.line = c.line;
  result.rule = c.rule;
  result.kernel = c.kernel;
  result.variant = c.variant;
  result.bytesMoved = c.bytesMoved;
  result.bytesNote = c.bytesNote;
  result.bytesMovedAfter = c.bytesMovedAfter;
  result.bytesNoteAfter = c.bytesNoteAfter;
  result.bytesAfterUnknown = c.bytesAfterUnknown;
  result.predictedShare = c.predictedShare;
  deriveFigures(result);
  return result;
}

} // namespace

Results runPlan(const Plan &plan, const RunOptions &options) {
  const std::vector<DeviceInfo> devices = listDevices(options.isolate);
  return runPlan(plan, selectDevice(devices, options.device), options);
}

Results runPlan(const Plan &plan, const DeviceInfo &device, const RunOptions &options) {
  Results results;
  results.device = device;
  results.date = utcNow();
  results.runs = options.runs.value_or(plan.settings.runs);
  results.warmup = options.warmup.value_or(plan.settings.warmup);
  results.command = options.command;
  results.planDir = plan.dir.string();
  results.skipped = plan.skipped;
  const int planTimeout = options.timeoutMs.value_or(plan.settings.timeoutMs);

  if (options.measureCeiling && !plan.cases.empty())
    measureCeiling(plan, device, results.runs, results.warmup, planTimeout, options.isolate,
                   results);

  const std::size_t total = plan.cases.size();
  for (std::size_t i = 0; i < total; ++i) {
    const Case &c = plan.cases[i];
    if (options.onCaseStart)
      options.onCaseStart(i, total, c);
    const int timeout = options.timeoutMs ? *options.timeoutMs
                        : c.timeoutMs     ? c.timeoutMs
                                          : plan.settings.timeoutMs;
    results.cases.push_back(
        runCase(device, c, results.runs, results.warmup, timeout, options.isolate, options.ptxDir));
    if (options.onCaseDone)
      options.onCaseDone(i, total, results.cases.back());
  }
  return results;
}

} // namespace cllint::runner
