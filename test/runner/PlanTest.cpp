#include "cllint/Verify/Runner/Plan.h"

#include "cllint/Verify/Runner/Errors.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

using namespace cllint::runner;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

class PlanTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("cllint-plan-test-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir / "case0");
    std::ofstream(dir / "case0/before.cl") << "__kernel void k(__global float *a) {}\n";
    std::ofstream(dir / "case0/after.cl") << "__kernel void k2(__global float *a) {}\n";
  }
  void TearDown() override { fs::remove_all(dir); }

  static json validPlan() {
    return json::parse(R"({
      "version": 1,
      "settings": {"runs": 7, "warmup": 2, "timeout_ms": 5000},
      "cases": [{
        "id": "t.cl:14:memory-global-stride", "file": "k/t.cl", "line": 14,
        "rule": "memory-global-stride", "kernel": "k", "kernel_after": "k2",
        "variant": "fix", "compare": "ulp", "ulp_tolerance": 4,
        "build_options": "-cl-std=CL1.2 -DTILE=16",
        "before": "case0/before.cl", "after": "case0/after.cl",
        "global": [1024, 2], "local": [64, 1],
        "args": [
          {"kind": "buffer", "type": "float", "elements": 2048, "fill": "random", "output": false},
          {"kind": "buffer", "type": "float4", "elements": 512, "fill": "zero", "output": true},
          {"kind": "scalar", "type": "int", "value": -1024},
          {"kind": "scalar", "type": "float3", "value": [1, 2.5, -3]},
          {"kind": "local", "bytes": 4096}
        ],
        "bytes_moved": 16384, "bytes_note": "reads 8 KiB, writes 8 KiB"
      }]
    })");
  }

  Plan parse(const json &plan) { return parsePlan(plan.dump(), dir); }

  // The PlanError message for `plan`, or "" when it parses.
  std::string error(const json &plan) {
    try {
      parse(plan);
    } catch (const PlanError &e) {
      return e.what();
    }
    return "";
  }

  fs::path dir;
};

} // namespace

TEST_F(PlanTest, ReadsEveryField) {
  Plan plan = parse(validPlan());
  EXPECT_EQ(plan.settings.runs, 7);
  EXPECT_EQ(plan.settings.warmup, 2);
  EXPECT_EQ(plan.settings.timeoutMs, 5000);
  ASSERT_EQ(plan.cases.size(), 1u);
  const Case &c = plan.cases[0];
  EXPECT_EQ(c.id, "t.cl:14:memory-global-stride");
  EXPECT_EQ(c.file, "k/t.cl");
  EXPECT_EQ(c.line, 14);
  EXPECT_EQ(c.kernel, "k");
  EXPECT_EQ(c.kernelAfter, "k2");
  EXPECT_EQ(c.variant, Variant::Fix);
  EXPECT_EQ(c.compare, CompareMode::Ulp);
  EXPECT_EQ(c.ulpTolerance, 4u);
  EXPECT_EQ(c.buildOptions, "-cl-std=CL1.2 -DTILE=16");
  EXPECT_NE(c.beforeSource.find("void k("), std::string::npos);
  EXPECT_NE(c.afterSource.find("void k2("), std::string::npos);
  EXPECT_EQ(c.global, (std::vector<std::size_t>{1024, 2}));
  ASSERT_TRUE(c.local);
  EXPECT_EQ(*c.local, (std::vector<std::size_t>{64, 1}));
  EXPECT_EQ(c.bytesMoved, 16384u);
  EXPECT_EQ(c.bytesNote, "reads 8 KiB, writes 8 KiB");

  ASSERT_EQ(c.args.size(), 5u);
  EXPECT_EQ(c.args[0].kind, KernelArg::Kind::Buffer);
  EXPECT_EQ(c.args[0].fill.kind, FillSpec::Kind::Random);
  EXPECT_FALSE(c.args[0].output);
  EXPECT_EQ(c.args[1].type.name(), "float4");
  EXPECT_EQ(c.args[1].bufferBytes(), 512u * 16);
  EXPECT_TRUE(c.args[1].output);
  EXPECT_NE(c.args[0].seed, c.args[1].seed);

  int scalar = 0;
  ASSERT_EQ(c.args[2].valueBytes.size(), 4u);
  std::memcpy(&scalar, c.args[2].valueBytes.data(), 4);
  EXPECT_EQ(scalar, -1024);
  float vec[4];
  ASSERT_EQ(c.args[3].valueBytes.size(), 16u); // float3 passes as 16 bytes
  std::memcpy(vec, c.args[3].valueBytes.data(), 16);
  EXPECT_EQ(vec[1], 2.5f);
  EXPECT_EQ(vec[3], 0.0f);
  EXPECT_EQ(c.args[4].kind, KernelArg::Kind::Local);
  EXPECT_EQ(c.args[4].localBytes, 4096u);
}

TEST_F(PlanTest, BytesMovedAfter) {
  json p = validPlan();
  p["cases"][0]["bytes_moved_after"] = 4096;
  p["cases"][0]["bytes_note_after"] = "reads 2 KiB, writes 2 KiB";
  Case c = parse(p).cases[0];
  ASSERT_TRUE(c.bytesMovedAfter);
  EXPECT_EQ(*c.bytesMovedAfter, 4096u);
  EXPECT_EQ(c.bytesNoteAfter, "reads 2 KiB, writes 2 KiB");
  EXPECT_FALSE(c.bytesAfterUnknown);
  // Unknown after-bytes and a count together contradict each other.
  p["cases"][0]["bytes_after_unknown"] = true;
  EXPECT_NE(error(p).find("bytes_after_unknown"), std::string::npos);
  p["cases"][0].erase("bytes_moved_after");
  EXPECT_TRUE(parse(p).cases[0].bytesAfterUnknown);
  p["cases"][0]["bytes_after_unknown"] = "yes";
  EXPECT_NE(error(p).find("bytes_after_unknown"), std::string::npos);
}

TEST_F(PlanTest, Defaults) {
  json p = validPlan();
  p.erase("settings");
  json &c = p["cases"][0];
  for (const char *optional :
       {"file", "line", "rule", "kernel_after", "build_options", "bytes_moved", "bytes_note"})
    c.erase(optional);
  c["local"] = nullptr;
  c["args"][0].erase("fill");
  c["args"][0].erase("output");
  Plan plan = parse(p);
  EXPECT_EQ(plan.settings.runs, 20);
  EXPECT_EQ(plan.settings.warmup, 3);
  EXPECT_EQ(plan.settings.timeoutMs, 20000);
  const Case &k = plan.cases[0];
  EXPECT_EQ(k.kernelAfter, "k");
  EXPECT_FALSE(k.local);
  EXPECT_EQ(k.bytesMoved, 0u);
  EXPECT_FALSE(k.bytesMovedAfter); // plans from before bytes_moved_after still load
  EXPECT_FALSE(k.bytesAfterUnknown);
  EXPECT_EQ(k.args[0].fill.kind, FillSpec::Kind::Zero);
  EXPECT_FALSE(k.args[0].output);
}

TEST_F(PlanTest, MissingFieldIsNamed) {
  json p = validPlan();
  p["cases"][0].erase("kernel");
  EXPECT_EQ(error(p), "plan.json: cases[0]: missing required field \"kernel\"");
  p = validPlan();
  p["cases"][0]["args"][1].erase("elements");
  EXPECT_EQ(error(p), "plan.json: cases[0].args[1]: missing required field \"elements\"");
  p = validPlan();
  p.erase("version");
  EXPECT_EQ(error(p), "plan.json: missing required field \"version\"");
  p = validPlan();
  p["cases"][0].erase("ulp_tolerance");
  EXPECT_EQ(error(p), "plan.json: cases[0]: missing required field \"ulp_tolerance\"");
}

TEST_F(PlanTest, BadTypeNameIsNamed) {
  json p = validPlan();
  p["cases"][0]["args"][1]["type"] = "float5";
  EXPECT_NE(error(p).find("plan.json: cases[0].args[1].type: unknown type \"float5\""),
            std::string::npos);
}

TEST_F(PlanTest, UnknownFillIsNamed) {
  json p = validPlan();
  p["cases"][0]["args"][0]["fill"] = "gaussian";
  EXPECT_NE(error(p).find("plan.json: cases[0].args[0].fill: unknown fill 'gaussian'"),
            std::string::npos);
  p["cases"][0]["args"][0]["fill"] = "const:x";
  EXPECT_NE(error(p).find("cases[0].args[0].fill: V 'x' is not a finite number"),
            std::string::npos);
}

TEST_F(PlanTest, WrongJsonTypes) {
  json p = validPlan();
  p["cases"][0]["line"] = "14";
  EXPECT_EQ(error(p), "plan.json: cases[0].line: expected an integer, found string \"14\"");
  p = validPlan();
  p["cases"][0]["global"] = json::array({0});
  EXPECT_EQ(error(p), "plan.json: cases[0].global[0]: must be at least 1, found 0");
  p = validPlan();
  p["cases"][0]["global"] = json::array({1, 2, 3, 4});
  EXPECT_NE(error(p).find("cases[0].global: expected an array of 1 to 3 positive integers"),
            std::string::npos);
  p = validPlan();
  p["cases"][0]["args"][1]["output"] = "yes";
  EXPECT_NE(error(p).find("cases[0].args[1].output: expected true or false"), std::string::npos);
  p = validPlan();
  p["cases"] = json::object();
  EXPECT_NE(error(p).find("plan.json: cases: expected an array"), std::string::npos);
}

TEST_F(PlanTest, InvalidValues) {
  json p = validPlan();
  p["version"] = 2;
  EXPECT_NE(error(p).find("unsupported plan version 2"), std::string::npos);
  p = validPlan();
  p["cases"][0]["variant"] = "maybe";
  EXPECT_NE(error(p).find("cases[0].variant: unknown variant \"maybe\""), std::string::npos);
  p = validPlan();
  p["cases"][0]["compare"] = "close";
  EXPECT_NE(error(p).find("cases[0].compare: unknown comparison \"close\""), std::string::npos);
  p = validPlan();
  p["cases"][0]["local"] = json::array({64});
  EXPECT_NE(error(p).find("cases[0].local: has 1 dimensions but global has 2"), std::string::npos);
  p = validPlan();
  p["cases"][0]["args"][2] = {{"kind", "scalar"}, {"type", "char"}, {"value", 300}};
  EXPECT_NE(error(p).find("cases[0].args[2].value: value 300 does not fit in char"),
            std::string::npos);
  p["cases"][0]["args"][2] = {{"kind", "scalar"}, {"type", "uint"}, {"value", -1}};
  EXPECT_NE(error(p).find("does not fit in uint"), std::string::npos);
  p["cases"][0]["args"][2] = {{"kind", "scalar"}, {"type", "int"}, {"value", 1.5}};
  EXPECT_NE(error(p).find("cases[0].args[2].value: expected an integer for int"),
            std::string::npos);
  p["cases"][0]["args"][2] = {{"kind", "scalar"}, {"type", "int2"}, {"value", 1}};
  EXPECT_NE(error(p).find("a int2 needs an array of 2 numbers"), std::string::npos);
  p["cases"][0]["args"][2] = {{"kind", "image"}};
  EXPECT_NE(error(p).find("cases[0].args[2].kind: unknown argument kind \"image\""),
            std::string::npos);
}

TEST_F(PlanTest, FixWithoutOutputsHasNothingToCompare) {
  json p = validPlan();
  p["cases"][0]["args"][1]["output"] = false;
  EXPECT_NE(error(p).find("cases[0].args: no buffer has \"output\": true"), std::string::npos);
  p["cases"][0]["compare"] = "none";
  EXPECT_EQ(error(p), "");
  p["cases"][0]["compare"] = "bitwise";
  p["cases"][0]["variant"] = "what-if";
  EXPECT_EQ(error(p), "") << "what-if cases are never compared";
}

TEST_F(PlanTest, DuplicateIds) {
  json p = validPlan();
  p["cases"].push_back(p["cases"][0]);
  EXPECT_NE(error(p).find("cases[1].id: duplicate case id"), std::string::npos);
}

TEST_F(PlanTest, MissingSourceNamesTheFile) {
  json p = validPlan();
  p["cases"][0]["after"] = "case0/nope.cl";
  const std::string e = error(p);
  EXPECT_NE(e.find("plan.json: cases[0].after: cannot read "), std::string::npos) << e;
  EXPECT_NE(e.find("case0/nope.cl"), std::string::npos) << e;
}

TEST_F(PlanTest, NotJson) {
  try {
    parsePlan("{\"version\": 1,", dir);
    FAIL();
  } catch (const PlanError &e) {
    EXPECT_EQ(std::string(e.what()).rfind("plan.json: not valid JSON", 0), 0u) << e.what();
  }
}

TEST_F(PlanTest, LoadPlanNamesThePlanFile) {
  try {
    loadPlan(dir / "missing");
    FAIL();
  } catch (const PlanError &e) {
    EXPECT_NE(std::string(e.what()).find("missing/plan.json: cannot read"), std::string::npos);
  }
  std::ofstream(dir / "plan.json") << validPlan().dump();
  Plan plan = loadPlan(dir);
  EXPECT_EQ(plan.cases.size(), 1u);
  EXPECT_EQ(plan.dir, dir);
}

TEST_F(PlanTest, SkippedFindingsAreKept) {
  json plan = validPlan();
  plan["skipped"] = json::parse(R"([
    {"file": "k/t.cl", "line": 30, "rule": "memory-global-stride", "kernel": "k",
     "reason": "cannot size buffer 'A'"},
    {"reason": "the file does not compile"}
  ])");
  const Plan p = parse(plan);
  ASSERT_EQ(p.skipped.size(), 2u);
  EXPECT_EQ(p.skipped[0].file, "k/t.cl");
  EXPECT_EQ(p.skipped[0].line, 30);
  EXPECT_EQ(p.skipped[0].rule, "memory-global-stride");
  EXPECT_EQ(p.skipped[0].kernel, "k");
  EXPECT_EQ(p.skipped[0].reason, "cannot size buffer 'A'");
  EXPECT_EQ(p.skipped[1].kernel, "");
  EXPECT_TRUE(parse(validPlan()).skipped.empty()); // optional
}

TEST_F(PlanTest, MalformedSkippedFindingsAreNamed) {
  json plan = validPlan();
  plan["skipped"] = "none";
  EXPECT_NE(error(plan).find("skipped: expected an array"), std::string::npos) << error(plan);
  plan["skipped"] = json::parse(R"([{"file": "k/t.cl"}])");
  EXPECT_NE(error(plan).find("skipped[0]: missing required field \"reason\""), std::string::npos)
      << error(plan);
  plan["skipped"] = json::parse(R"([{"reason": "x", "line": "7"}])");
  EXPECT_NE(error(plan).find("skipped[0].line: expected an integer"), std::string::npos)
      << error(plan);
}
