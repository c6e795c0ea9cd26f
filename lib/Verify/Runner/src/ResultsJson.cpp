#include "cllint/Verify/Runner/ResultsJson.h"

namespace cllint::runner {
namespace {

using json = Json;

template <typename T> json optionalToJson(const std::optional<T> &value) {
  return value ? json(*value) : json(nullptr);
}

std::optional<double> optionalDouble(const json &object, const char *key) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null())
    return std::nullopt;
  return it->get<double>();
}

std::optional<Timing> optionalTiming(const json &object, const char *key) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null())
    return std::nullopt;
  return timingFromJson(*it);
}

json countsToJson(const CodeCounts &c) {
  json opcodes = json::object();
  for (const auto &[opcode, n] : c.opcodes)
    opcodes[opcode] = n;
  return {{"instructions", c.instructions},
          {"f64", c.f64},
          {"conversions", c.conversions},
          {"divisions", c.divisions},
          {"opcodes", std::move(opcodes)}};
}

CodeCounts countsFromJson(const json &j) {
  CodeCounts c;
  c.instructions = j.value("instructions", std::uint64_t(0));
  c.f64 = j.value("f64", std::uint64_t(0));
  c.conversions = j.value("conversions", std::uint64_t(0));
  c.divisions = j.value("divisions", std::uint64_t(0));
  if (auto opcodes = j.find("opcodes"); opcodes != j.end() && opcodes->is_object())
    for (const auto &[opcode, n] : opcodes->items())
      c.opcodes[opcode] = n.get<std::uint64_t>();
  return c;
}

CaseStatus statusFromString(const std::string &text) {
  for (CaseStatus s :
       {CaseStatus::Ok, CaseStatus::Mismatch, CaseStatus::Error, CaseStatus::Timeout})
    if (toString(s) == text)
      return s;
  throw json::other_error::create(501, "unknown case status \"" + text + "\"", nullptr);
}

} // namespace

json toJson(const DeviceInfo &d) {
  return {{"platform", d.platform},
          {"name", d.name},
          {"driver", d.driver},
          {"version", d.version},
          {"type", d.type},
          {"opencl_c", d.openclC},
          {"index", d.index},
          {"platform_index", d.platformIndex},
          {"device_index", d.deviceIndex},
          {"compute_units", d.computeUnits},
          {"global_mem_bytes", d.globalMemBytes},
          {"max_alloc_bytes", d.maxAllocBytes},
          {"local_mem_bytes", d.localMemBytes},
          {"max_work_group_size", d.maxWorkGroupSize}};
}

DeviceInfo deviceFromJson(const json &j) {
  DeviceInfo d;
  d.platform = j.at("platform").get<std::string>();
  d.name = j.at("name").get<std::string>();
  d.driver = j.at("driver").get<std::string>();
  d.version = j.at("version").get<std::string>();
  d.type = j.at("type").get<std::string>();
  d.openclC = j.value("opencl_c", "");
  d.index = j.value("index", 0u);
  d.platformIndex = j.value("platform_index", 0u);
  d.deviceIndex = j.value("device_index", 0u);
  d.computeUnits = j.value("compute_units", 0u);
  d.globalMemBytes = j.value("global_mem_bytes", std::uint64_t(0));
  d.maxAllocBytes = j.value("max_alloc_bytes", std::uint64_t(0));
  d.localMemBytes = j.value("local_mem_bytes", std::uint64_t(0));
  d.maxWorkGroupSize = j.value("max_work_group_size", std::uint64_t(0));
  return d;
}

json toJson(const Timing &t) {
  return {{"median_ns", t.medianNs}, {"min_ns", t.minNs}, {"max_ns", t.maxNs},
          {"q1_ns", t.q1Ns},         {"q3_ns", t.q3Ns},   {"gbps", optionalToJson(t.gbps)}};
}

Timing timingFromJson(const json &j) {
  Timing t;
  t.medianNs = j.at("median_ns").get<std::uint64_t>();
  t.minNs = j.at("min_ns").get<std::uint64_t>();
  t.maxNs = j.at("max_ns").get<std::uint64_t>();
  t.q1Ns = j.value("q1_ns", t.minNs);
  t.q3Ns = j.value("q3_ns", t.maxNs);
  t.gbps = optionalDouble(j, "gbps");
  return t;
}

json toJson(const CaseResult &r) {
  json j = {{"id", r.id},
            {"file", r.file},
            {"line", r.line},
            {"rule", r.rule},
            {"kernel", r.kernel},
            {"variant", toString(r.variant)},
            {"status", toString(r.status)}};
  if (!r.error.empty())
    j["error"] = r.error;
  j["before"] = r.before ? toJson(*r.before) : json(nullptr);
  j["after"] = r.after ? toJson(*r.after) : json(nullptr);
  j["speedup"] = optionalToJson(r.speedup);
  j["measurable"] = r.measurable;
  j["outputs"] = r.outputs;
  j["max_ulp"] = r.maxUlp;
  j["differing_elements"] = r.differing;
  j["bytes_moved"] = r.bytesMoved;
  if (!r.bytesNote.empty())
    j["bytes_note"] = r.bytesNote;
  if (r.bytesMovedAfter)
    j["bytes_moved_after"] = *r.bytesMovedAfter;
  if (r.bytesAfterUnknown)
    j["bytes_after_unknown"] = true;
  if (!r.bytesNoteAfter.empty())
    j["bytes_note_after"] = r.bytesNoteAfter;
  if (r.predictedShare)
    j["predicted_share"] = *r.predictedShare;
  if (r.code)
    j["compiled_code"] = {{"format", r.code->format},
                          {"before", countsToJson(r.code->before)},
                          {"after", countsToJson(r.code->after)}};
  if (!r.codeNote.empty())
    j["compiled_code_note"] = r.codeNote;
  return j;
}

CaseResult caseFromJson(const json &j) {
  CaseResult r;
  r.id = j.value("id", "");
  r.file = j.value("file", "");
  r.line = j.value("line", 0);
  r.rule = j.value("rule", "");
  r.kernel = j.value("kernel", "");
  r.variant = j.value("variant", "fix") == "what-if" ? Variant::WhatIf : Variant::Fix;
  r.status = statusFromString(j.value("status", "ok"));
  r.error = j.value("error", "");
  r.before = optionalTiming(j, "before");
  r.after = optionalTiming(j, "after");
  r.speedup = optionalDouble(j, "speedup");
  r.measurable = j.value("measurable", false);
  r.outputs = j.value("outputs", "");
  r.maxUlp = j.value("max_ulp", std::uint64_t(0));
  r.differing = j.value("differing_elements", std::uint64_t(0));
  r.bytesMoved = j.value("bytes_moved", std::uint64_t(0));
  r.bytesNote = j.value("bytes_note", "");
  if (j.contains("bytes_moved_after") && j["bytes_moved_after"].is_number_unsigned())
    r.bytesMovedAfter = j["bytes_moved_after"].get<std::uint64_t>();
  r.bytesNoteAfter = j.value("bytes_note_after", "");
  r.bytesAfterUnknown = j.value("bytes_after_unknown", false);
  if (j.contains("predicted_share") && j["predicted_share"].is_number())
    r.predictedShare = j["predicted_share"].get<double>();
  if (auto code = j.find("compiled_code"); code != j.end() && code->is_object())
    r.code = CompiledCode{code->value("format", "ptx"), countsFromJson(code->at("before")),
                          countsFromJson(code->at("after"))};
  r.codeNote = j.value("compiled_code_note", "");
  return r;
}

json toJson(const Results &r) {
  json cases = json::array();
  for (const CaseResult &c : r.cases)
    cases.push_back(toJson(c));
  json j = {{"device", toJson(r.device)},
            {"date", r.date},
            {"runs", r.runs},
            {"warmup", r.warmup},
            {"ceiling_gbps", optionalToJson(r.ceilingGbps)},
            {"ceiling_bytes", r.ceilingBytes}};
  if (!r.ceilingError.empty())
    j["ceiling_error"] = r.ceilingError;
  if (std::string Caveat = timingCaveat(r); !Caveat.empty())
    j["timing_caveat"] = Caveat;
  j["command"] = r.command;
  j["plan"] = r.planDir;
  j["cases"] = std::move(cases);
  json skipped = json::array();
  for (const SkippedFinding &s : r.skipped)
    skipped.push_back({{"file", s.file},
                       {"line", s.line},
                       {"rule", s.rule},
                       {"kernel", s.kernel},
                       {"reason", s.reason}});
  j["skipped"] = std::move(skipped);
  return j;
}

Results resultsFromJson(const json &j) {
  Results r;
  r.device = deviceFromJson(j.at("device"));
  r.date = j.value("date", "");
  r.runs = j.value("runs", 0);
  r.warmup = j.value("warmup", 0);
  r.ceilingGbps = optionalDouble(j, "ceiling_gbps");
  r.ceilingBytes = j.value("ceiling_bytes", std::uint64_t(0));
  r.ceilingError = j.value("ceiling_error", "");
  r.command = j.value("command", "");
  r.planDir = j.value("plan", "");
  for (const json &c : j.at("cases"))
    r.cases.push_back(caseFromJson(c));
  // Results written before the runner kept skipped findings have none.
  if (auto skipped = j.find("skipped"); skipped != j.end() && skipped->is_array())
    for (const json &s : *skipped)
      r.skipped.push_back({s.value("file", ""), s.value("line", 0), s.value("rule", ""),
                           s.value("kernel", ""), s.value("reason", "")});
  return r;
}

std::string renderJson(const Results &results) { return toJson(results).dump(2) + "\n"; }

} // namespace cllint::runner
