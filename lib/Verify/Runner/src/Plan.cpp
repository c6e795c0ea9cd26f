// Loading and validating plan.json. Every error names the file and the JSON path of the
// field, because plans are written by a program and read by people only when they break.
#include "cllint/Verify/Runner/Plan.h"

#include "Support/JsonNesting.h"
#include "cllint/Verify/Runner/Errors.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace cllint::runner {
namespace {

using nlohmann::json;

class PlanReader {
public:
  PlanReader(std::string file, std::filesystem::path dir)
      : file(std::move(file)), dir(std::move(dir)) {}

  Plan read(const json &root);

private:
  [[noreturn]] void fail(const std::string &path, const std::string &message) const {
    throw PlanError(file + ": " + (path.empty() ? "" : path + ": ") + message);
  }

  static std::string member(const std::string &path, const char *key) {
    return path.empty() ? key : path + "." + key;
  }

  const json *find(const json &object, const char *key) const {
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
  }

  const json &require(const json &object, const std::string &path, const char *key) const {
    const json *value = find(object, key);
    if (!value)
      fail(path, std::string("missing required field \"") + key + "\"");
    return *value;
  }

  std::string string(const json &value, const std::string &path) const {
    if (!value.is_string())
      fail(path, "expected a string, found " + describe(value));
    return value.get<std::string>();
  }

  std::int64_t integer(const json &value, const std::string &path, std::int64_t min) const {
    if (!value.is_number_integer())
      fail(path, "expected an integer, found " + describe(value));
    if (value.is_number_unsigned() &&
        value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
      fail(path, "value " + value.dump() + " is too large");
    std::int64_t n = value.get<std::int64_t>();
    if (n < min)
      fail(path, "must be at least " + std::to_string(min) + ", found " + std::to_string(n));
    return n;
  }

  static std::string describe(const json &value) {
    std::string text = value.dump();
    if (text.size() > 40)
      text = text.substr(0, 37) + "...";
    return std::string(value.type_name()) + " " + text;
  }

  Settings readSettings(const json &settings, const std::string &path) const;
  Case readCase(const json &object, const std::string &path, const Settings &settings) const;
  SkippedFinding readSkipped(const json &object, const std::string &path) const;
  KernelArg readArg(const json &object, const std::string &path, std::size_t index,
                    const Settings &settings) const;
  ElementType readType(const json &object, const std::string &path) const;
  std::vector<unsigned char> readScalarValue(const json &value, const ElementType &type,
                                             const std::string &path) const;
  std::vector<std::size_t> readRange(const json &value, const std::string &path) const;
  std::string readSource(const std::string &relative, const std::string &path) const;

  std::string file;
  std::filesystem::path dir;
};

Plan PlanReader::read(const json &root) {
  if (!root.is_object())
    fail("", "expected a JSON object at the top level, found " + describe(root));
  const std::int64_t version = integer(require(root, "", "version"), "version", 0);
  if (version != PlanVersion)
    fail("version", "unsupported plan version " + std::to_string(version) +
                        " (this runner reads version " + std::to_string(PlanVersion) + ")");

  Plan plan;
  plan.dir = dir;
  if (const json *settings = find(root, "settings"))
    plan.settings = readSettings(*settings, "settings");

  const json &cases = require(root, "", "cases");
  if (!cases.is_array())
    fail("cases", "expected an array, found " + describe(cases));
  std::set<std::string> ids;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = "cases[" + std::to_string(i) + "]";
    plan.cases.push_back(readCase(cases[i], path, plan.settings));
    if (!ids.insert(plan.cases.back().id).second)
      fail(path + ".id", "duplicate case id \"" + plan.cases.back().id + "\"");
  }
  // Optional: hand-written plans have nothing to skip.
  if (const json *skipped = find(root, "skipped")) {
    if (!skipped->is_array())
      fail("skipped", "expected an array, found " + describe(*skipped));
    for (std::size_t i = 0; i < skipped->size(); ++i)
      plan.skipped.push_back(readSkipped((*skipped)[i], "skipped[" + std::to_string(i) + "]"));
  }
  return plan;
}

SkippedFinding PlanReader::readSkipped(const json &object, const std::string &path) const {
  if (!object.is_object())
    fail(path, "expected an object, found " + describe(object));
  SkippedFinding skipped;
  skipped.reason = string(require(object, path, "reason"), member(path, "reason"));
  if (const json *v = find(object, "file"))
    skipped.file = string(*v, member(path, "file"));
  if (const json *v = find(object, "line"))
    skipped.line = static_cast<int>(integer(*v, member(path, "line"), 0));
  if (const json *v = find(object, "rule"))
    skipped.rule = string(*v, member(path, "rule"));
  if (const json *v = find(object, "kernel"))
    skipped.kernel = string(*v, member(path, "kernel"));
  return skipped;
}

Settings PlanReader::readSettings(const json &object, const std::string &path) const {
  if (!object.is_object())
    fail(path, "expected an object, found " + describe(object));
  Settings settings;
  if (const json *v = find(object, "runs"))
    settings.runs = static_cast<int>(integer(*v, member(path, "runs"), 1));
  if (const json *v = find(object, "warmup"))
    settings.warmup = static_cast<int>(integer(*v, member(path, "warmup"), 0));
  if (const json *v = find(object, "timeout_ms"))
    settings.timeoutMs = static_cast<int>(integer(*v, member(path, "timeout_ms"), 1));
  if (const json *v = find(object, "seed"))
    settings.seed = static_cast<std::uint64_t>(integer(*v, member(path, "seed"), 0));
  return settings;
}

Case PlanReader::readCase(const json &object, const std::string &path,
                          const Settings &settings) const {
  if (!object.is_object())
    fail(path, "expected an object, found " + describe(object));
  Case c;
  c.id = string(require(object, path, "id"), member(path, "id"));
  if (c.id.empty())
    fail(member(path, "id"), "must not be empty");
  if (const json *v = find(object, "file"))
    c.file = string(*v, member(path, "file"));
  if (const json *v = find(object, "line"))
    c.line = static_cast<int>(integer(*v, member(path, "line"), 0));
  if (const json *v = find(object, "rule"))
    c.rule = string(*v, member(path, "rule"));
  c.kernel = string(require(object, path, "kernel"), member(path, "kernel"));
  if (c.kernel.empty())
    fail(member(path, "kernel"), "must not be empty");
  c.kernelAfter = c.kernel;
  if (const json *v = find(object, "kernel_after"))
    c.kernelAfter = string(*v, member(path, "kernel_after"));

  const std::string variant = string(require(object, path, "variant"), member(path, "variant"));
  if (variant == "fix")
    c.variant = Variant::Fix;
  else if (variant == "what-if")
    c.variant = Variant::WhatIf;
  else
    fail(member(path, "variant"), "unknown variant \"" + variant + "\" (expected fix or what-if)");

  const std::string compare = string(require(object, path, "compare"), member(path, "compare"));
  if (compare == "bitwise")
    c.compare = CompareMode::Bitwise;
  else if (compare == "ulp")
    c.compare = CompareMode::Ulp;
  else if (compare == "none")
    c.compare = CompareMode::None;
  else
    fail(member(path, "compare"),
         "unknown comparison \"" + compare + "\" (expected bitwise, ulp or none)");
  if (c.compare == CompareMode::Ulp)
    c.ulpTolerance = static_cast<std::uint64_t>(
        integer(require(object, path, "ulp_tolerance"), member(path, "ulp_tolerance"), 0));
  else if (const json *v = find(object, "ulp_tolerance"))
    c.ulpTolerance = static_cast<std::uint64_t>(integer(*v, member(path, "ulp_tolerance"), 0));

  if (const json *v = find(object, "build_options"))
    c.buildOptions = string(*v, member(path, "build_options"));
  c.beforePath = string(require(object, path, "before"), member(path, "before"));
  c.afterPath = string(require(object, path, "after"), member(path, "after"));
  c.beforeSource = readSource(c.beforePath, member(path, "before"));
  c.afterSource = readSource(c.afterPath, member(path, "after"));

  c.global = readRange(require(object, path, "global"), member(path, "global"));
  if (const json *v = find(object, "local"); v && !v->is_null()) {
    c.local = readRange(*v, member(path, "local"));
    if (c.local->size() != c.global.size())
      fail(member(path, "local"), "has " + std::to_string(c.local->size()) +
                                      " dimensions but global has " +
                                      std::to_string(c.global.size()));
  }

  const json &args = require(object, path, "args");
  if (!args.is_array())
    fail(member(path, "args"), "expected an array, found " + describe(args));
  for (std::size_t i = 0; i < args.size(); ++i)
    c.args.push_back(
        readArg(args[i], member(path, "args") + "[" + std::to_string(i) + "]", i, settings));

  if (const json *v = find(object, "bytes_moved"))
    c.bytesMoved = static_cast<std::uint64_t>(integer(*v, member(path, "bytes_moved"), 0));
  if (const json *v = find(object, "bytes_note"))
    c.bytesNote = string(*v, member(path, "bytes_note"));
  if (const json *v = find(object, "timeout_ms"))
    c.timeoutMs = static_cast<int>(integer(*v, member(path, "timeout_ms"), 1));
  if (const json *v = find(object, "bytes_moved_after"))
    c.bytesMovedAfter =
        static_cast<std::uint64_t>(integer(*v, member(path, "bytes_moved_after"), 0));
  if (const json *v = find(object, "predicted_share")) {
    if (!v->is_number() || v->get<double>() < 0 || v->get<double>() >= 1)
      fail(member(path, "predicted_share"), "expected a number in [0, 1), found " + describe(*v));
    c.predictedShare = v->get<double>();
  }
  if (const json *v = find(object, "bytes_note_after"))
    c.bytesNoteAfter = string(*v, member(path, "bytes_note_after"));
  if (const json *v = find(object, "bytes_after_unknown")) {
    if (!v->is_boolean())
      fail(member(path, "bytes_after_unknown"), "expected true or false, found " + describe(*v));
    c.bytesAfterUnknown = v->get<bool>();
    if (c.bytesAfterUnknown && c.bytesMovedAfter)
      fail(member(path, "bytes_after_unknown"), "is true but bytes_moved_after is given");
  }

  if (c.variant == Variant::Fix && c.compare != CompareMode::None) {
    bool anyOutput = false;
    for (const KernelArg &arg : c.args)
      anyOutput |= arg.kind == KernelArg::Kind::Buffer && arg.output;
    if (!anyOutput)
      fail(member(path, "args"), "no buffer has \"output\": true, so there is nothing to "
                                 "compare (use \"compare\": \"none\" to measure only)");
  }
  return c;
}

KernelArg PlanReader::readArg(const json &object, const std::string &path, std::size_t index,
                              const Settings &settings) const {
  if (!object.is_object())
    fail(path, "expected an object, found " + describe(object));
  KernelArg arg;
  const std::string kind = string(require(object, path, "kind"), member(path, "kind"));
  if (kind == "buffer") {
    arg.kind = KernelArg::Kind::Buffer;
    arg.type = readType(object, path);
    arg.elements = static_cast<std::uint64_t>(
        integer(require(object, path, "elements"), member(path, "elements"), 1));
    // elements x element size must be a size the host can allocate: no overflow, at most
    // 64 GiB (more than any device holds).
    constexpr std::uint64_t maxBytes = std::uint64_t(1) << 36;
    if (arg.elements > maxBytes / std::max<std::size_t>(1, arg.type.size()))
      fail(member(path, "elements"), std::to_string(arg.elements) + " elements of " +
                                         std::to_string(arg.type.size()) +
                                         " bytes is more than 64 GiB");
    std::string fill = "zero";
    if (const json *v = find(object, "fill"))
      fill = string(*v, member(path, "fill"));
    try {
      arg.fill = parseFill(fill, arg.type);
    } catch (const std::invalid_argument &e) {
      fail(member(path, "fill"), e.what());
    }
    if (const json *v = find(object, "output")) {
      if (!v->is_boolean())
        fail(member(path, "output"), "expected true or false, found " + describe(*v));
      arg.output = v->get<bool>();
    }
    // Mixing in the index gives each buffer its own sequence; before and after share it.
    arg.seed = settings.seed * 0x9e3779b97f4a7c15ull + index;
    if (const json *v = find(object, "seed"))
      arg.seed = static_cast<std::uint64_t>(integer(*v, member(path, "seed"), 0));
  } else if (kind == "scalar") {
    arg.kind = KernelArg::Kind::Scalar;
    arg.type = readType(object, path);
    arg.valueBytes =
        readScalarValue(require(object, path, "value"), arg.type, member(path, "value"));
  } else if (kind == "local") {
    arg.kind = KernelArg::Kind::Local;
    arg.localBytes = static_cast<std::uint64_t>(
        integer(require(object, path, "bytes"), member(path, "bytes"), 1));
  } else {
    fail(member(path, "kind"),
         "unknown argument kind \"" + kind + "\" (expected buffer, scalar or local)");
  }
  return arg;
}

ElementType PlanReader::readType(const json &object, const std::string &path) const {
  const std::string name = string(require(object, path, "type"), member(path, "type"));
  std::optional<ElementType> type = parseElementType(name);
  if (!type)
    fail(member(path, "type"),
         "unknown type \"" + name +
             "\" (expected char, uchar, short, ushort, int, uint, long, ulong, half, float or "
             "double, optionally followed by 2, 3, 4, 8 or 16)");
  return *type;
}

std::vector<unsigned char> PlanReader::readScalarValue(const json &value, const ElementType &type,
                                                       const std::string &path) const {
  std::vector<const json *> components;
  if (type.width == 1) {
    components.push_back(&value);
  } else {
    if (!value.is_array() || value.size() != type.width)
      fail(path, "a " + type.name() + " needs an array of " + std::to_string(type.width) +
                     " numbers, found " + describe(value));
    for (const json &component : value)
      components.push_back(&component);
  }

  std::vector<unsigned char> bytes(type.size(), 0);
  for (std::size_t c = 0; c < components.size(); ++c) {
    const json &v = *components[c];
    const std::string where = type.width == 1 ? path : path + "[" + std::to_string(c) + "]";
    double f = 0;
    std::int64_t n = 0;
    if (type.isFloating()) {
      if (!v.is_number())
        fail(where, "expected a number, found " + describe(v));
      f = v.get<double>();
    } else {
      if (!v.is_number_integer())
        fail(where, "expected an integer for " + type.name() + ", found " + describe(v));
      const unsigned bits = static_cast<unsigned>(type.scalarSize() * 8);
      bool fits;
      if (v.is_number_unsigned() && !type.isSigned()) {
        std::uint64_t u = v.get<std::uint64_t>();
        fits = bits == 64 || u < (std::uint64_t(1) << bits);
        n = static_cast<std::int64_t>(u);
      } else {
        if (v.is_number_unsigned() &&
            v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
          fail(where, "value " + v.dump() + " does not fit in " + type.name());
        n = v.get<std::int64_t>();
        if (type.isSigned())
          fits = bits == 64 ||
                 (n >= -(std::int64_t(1) << (bits - 1)) && n < (std::int64_t(1) << (bits - 1)));
        else
          fits = n >= 0 && (bits == 64 || n < (std::int64_t(1) << bits));
      }
      if (!fits)
        fail(where, "value " + v.dump() + " does not fit in " + type.name());
    }
    storeComponent(type.scalar, bytes.data() + c * type.scalarSize(), f, n);
  }
  return bytes;
}

std::vector<std::size_t> PlanReader::readRange(const json &value, const std::string &path) const {
  if (!value.is_array() || value.empty() || value.size() > 3)
    fail(path, "expected an array of 1 to 3 positive integers, found " + describe(value));
  std::vector<std::size_t> range;
  for (std::size_t d = 0; d < value.size(); ++d)
    range.push_back(
        static_cast<std::size_t>(integer(value[d], path + "[" + std::to_string(d) + "]", 1)));
  return range;
}

std::string PlanReader::readSource(const std::string &relative, const std::string &path) const {
  const std::filesystem::path full = dir / relative;
  std::ifstream in(full, std::ios::binary);
  if (!in)
    fail(path, "cannot read " + full.string() + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

Plan parsePlan(std::string_view jsonText, const std::filesystem::path &dir,
               std::string_view fileLabel) {
  json root;
  if (jsonNestsDeeperThan(jsonText))
    throw PlanError(std::string(fileLabel) + ": nests arrays or objects more than " +
                    std::to_string(MaxJsonNesting) + " levels deep; not a verify plan");
  try {
    root = json::parse(jsonText);
  } catch (const json::parse_error &e) {
    throw PlanError(std::string(fileLabel) + ": not valid JSON: " + e.what());
  }
  return PlanReader(std::string(fileLabel), dir).read(root);
}

Plan loadPlan(const std::filesystem::path &dir) {
  const std::filesystem::path file = dir / "plan.json";
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw PlanError(file.string() + ": cannot read: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parsePlan(text.str(), dir, file.string());
}

std::string_view toString(Variant variant) { return variant == Variant::Fix ? "fix" : "what-if"; }

std::string_view toString(CompareMode mode) {
  switch (mode) {
  case CompareMode::Bitwise:
    return "bitwise";
  case CompareMode::Ulp:
    return "ulp";
  case CompareMode::None:
    return "none";
  }
  return "?";
}

} // namespace cllint::runner
