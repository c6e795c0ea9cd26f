#include "Lsp/DocumentStore.h"
#include "Lsp/Protocol.h"
#include "Lsp/Scheduler.h"
#include "Lsp/StaleFindings.h"
#include "Lsp/Transport.h"

#include <atomic>
#include <cstdio>
#include <gtest/gtest.h>

using namespace cllint;
using namespace cllint::lsp;

namespace {

// "aé😀b\nx": a is 1 byte, é 2 bytes / 1 unit, 😀 4 bytes / 2 units (a surrogate pair).
const std::string Text = "a\xC3\xA9\xF0\x9F\x98\x80"
                         "b\nx";

std::string editedWith(const llvm::json::Object &Edit, std::string T) {
  const llvm::json::Object *R = Edit.getObject("range");
  size_t B = positionToOffset(T, *positionFromJson(R->get("start")));
  size_t E = positionToOffset(T, *positionFromJson(R->get("end")));
  return T.replace(B, E - B, Edit.getString("newText")->str());
}

} // namespace

TEST(LspPositions, Utf8OffsetsToUtf16Characters) {
  EXPECT_EQ(offsetToPosition(Text, 0), (LspPosition{0, 0}));
  EXPECT_EQ(offsetToPosition(Text, 1), (LspPosition{0, 1}));  // before é
  EXPECT_EQ(offsetToPosition(Text, 3), (LspPosition{0, 2}));  // before 😀
  EXPECT_EQ(offsetToPosition(Text, 7), (LspPosition{0, 4}));  // before b
  EXPECT_EQ(offsetToPosition(Text, 9), (LspPosition{1, 0}));  // x
  EXPECT_EQ(offsetToPosition(Text, 99), (LspPosition{1, 1})); // clamped to the end
}

TEST(LspPositions, Utf16CharactersToUtf8Offsets) {
  EXPECT_EQ(positionToOffset(Text, {0, 2}), 3u);
  EXPECT_EQ(positionToOffset(Text, {0, 4}), 7u);
  EXPECT_EQ(positionToOffset(Text, {0, 3}), 7u);  // inside the surrogate pair: after it
  EXPECT_EQ(positionToOffset(Text, {0, 50}), 8u); // past the line's end: the line's end
  EXPECT_EQ(positionToOffset(Text, {1, 1}), 10u);
  EXPECT_EQ(positionToOffset(Text, {7, 0}), Text.size());
  EXPECT_EQ(positionToOffset("ab\r\ncd", {0, 9}), 2u); // CRLF is not part of the line
  for (size_t Off : {0u, 1u, 3u, 7u, 8u, 9u, 10u})
    EXPECT_EQ(positionToOffset(Text, offsetToPosition(Text, Off)), Off);
}

TEST(LspPositions, InvalidUtf8CountsOneUnitPerByte) {
  std::string Bad = "\xFF\xC3z";
  EXPECT_EQ(offsetToPosition(Bad, 3), (LspPosition{0, 3}));
  EXPECT_EQ(positionToOffset(Bad, {0, 2}), 2u);
}

TEST(LspUris, RoundTripWithPercentEncoding) {
  EXPECT_EQ(uriFromPath("/tmp/a b/k#1.cl"), "file:///tmp/a%20b/k%231.cl");
  EXPECT_EQ(*pathFromUri("file:///tmp/a%20b/k%231.cl"), "/tmp/a b/k#1.cl");
  EXPECT_EQ(*pathFromUri("file://localhost/x.cl"), "/x.cl");
  EXPECT_FALSE(pathFromUri("untitled:Untitled-1"));
  EXPECT_FALSE(pathFromUri("file://otherhost/x.cl"));
}

TEST(LspDocuments, IncrementalAndFullChanges) {
  std::string T = Text, Error;
  // Replace 😀 (characters 2..4) with "Z", then append a line, then replace everything.
  ASSERT_TRUE(
      applyChanges(T, {{std::make_pair(LspPosition{0, 2}, LspPosition{0, 4}), "Z"}}, Error));
  EXPECT_EQ(T, "a\xC3\xA9Zb\nx");
  ASSERT_TRUE(applyChanges(T,
                           {{std::make_pair(LspPosition{1, 1}, LspPosition{1, 1}), "\ny"},
                            {std::make_pair(LspPosition{2, 0}, LspPosition{2, 1}), "w"}},
                           Error));
  EXPECT_EQ(T, "a\xC3\xA9Zb\nx\nw");
  ASSERT_TRUE(applyChanges(T, {{std::nullopt, "new"}}, Error));
  EXPECT_EQ(T, "new");
  EXPECT_FALSE(
      applyChanges(T, {{std::make_pair(LspPosition{0, 2}, LspPosition{0, 1}), ""}}, Error));
  EXPECT_NE(Error.find("ends before it starts"), std::string::npos);

  DocumentStore S;
  S.open({"file:///k.cl", "/k.cl", 1, "abc"});
  EXPECT_TRUE(S.change("file:///k.cl", 2, {{std::nullopt, "xyz"}}, Error));
  EXPECT_EQ(S.get("file:///k.cl")->Version, 2);
  EXPECT_EQ(S.get("file:///k.cl")->Text, "xyz");
  EXPECT_FALSE(S.change("file:///other.cl", 2, {}, Error));
  EXPECT_TRUE(S.close("file:///k.cl"));
  EXPECT_FALSE(S.get("file:///k.cl"));
}

TEST(LspIgnoreEdit, AppendsExtendsAndRespectsContinuations) {
  std::string Src = "int a = 1;\n"
                    "x = y * 0.5; // cllint: ignore[launch-work-group-size]\n"
                    "#define H(v) ((v) * 0.5) \\\n"
                    "  + 1\n"
                    "z = 2.0;   \n";
  EXPECT_EQ(editedWith(ignoreEdit(Src, 0, "arith-double-literal"), Src).substr(0, 50),
            "int a = 1; // cllint: ignore[arith-double-literal]");
  std::string Ext = editedWith(ignoreEdit(Src, 1, "arith-double-literal"), Src);
  EXPECT_NE(Ext.find("ignore[launch-work-group-size, arith-double-literal]\n"), std::string::npos)
      << Ext;
  std::string Cont = editedWith(ignoreEdit(Src, 2, "r"), Src);
  EXPECT_NE(Cont.find("((v) * 0.5) /* cllint: ignore[r] */ \\\n"), std::string::npos) << Cont;
  std::string Trail = editedWith(ignoreEdit(Src, 4, "r"), Src);
  EXPECT_NE(Trail.find("z = 2.0; // cllint: ignore[r]   \n"), std::string::npos) << Trail;
}

TEST(LspDiagnostics, FindingToDiagnosticAndQuickFix) {
  LintedDocument Doc;
  Doc.Uri = "file:///p/k.cl";
  Doc.Path = "/p/k.cl";
  Doc.Text = "/*\xC3\xA9*/ y = x * 0.5;\n#include \"h.h\"\n";
  Finding F;
  F.RuleId = "arith-double-literal";
  F.Level = Severity::Error;
  F.Where = {"/p/k.cl", {1, 16, 15}, {1, 19, 18}};
  F.Message = "double-precision literal";
  F.Notes.push_back({{"/p/k.cl", {1, 12, 11}, {1, 13, 12}}, "a note"});
  F.Fixes.push_back(
      {"append 'f'", {{{"/p/k.cl", {1, 19, 18}, {1, 19, 18}}, "f"}}, FixSafety::Safe});
  Doc.Result.Findings.push_back(F);
  Finding InHeader = F;
  InHeader.Where = {"/p/h.h", {3, 1, 40}, {3, 2, 41}};
  InHeader.Fixes.clear();
  InHeader.Notes.clear();
  Doc.Result.Findings.push_back(InHeader);
  Finding Unrelated = InHeader;
  Unrelated.Where.File = "/p/not-included.h";
  Doc.Result.Findings.push_back(Unrelated);

  llvm::json::Array Ds = diagnosticsOf(Doc);
  ASSERT_EQ(Ds.size(), 2u); // the finding in a file that is not #included is dropped
  const llvm::json::Object &D = *Ds[0].getAsObject();
  EXPECT_EQ(*D.getInteger("severity"), 1);
  EXPECT_EQ(*D.getString("code"), "arith-double-literal");
  EXPECT_EQ(*D.getString("source"), "cllint");
  const llvm::json::Object *Start = D.getObject("range")->getObject("start");
  EXPECT_EQ(*Start->getInteger("character"), 14); // 15 bytes, 14 UTF-16 units
  EXPECT_EQ(*D.getObject("codeDescription")->getString("href"),
            "https://github.com/cllint/cllint/blob/main/rules/arith-double-literal/doc.md");
  const llvm::json::Object &Rel = *(*D.getArray("relatedInformation"))[0].getAsObject();
  EXPECT_EQ(*Rel.getString("message"), "a note");
  EXPECT_EQ(*Rel.getObject("location")->getString("uri"), "file:///p/k.cl");
  const llvm::json::Object &H = *Ds[1].getAsObject();
  EXPECT_EQ(*H.getObject("range")->getObject("start")->getInteger("line"), 1);
  EXPECT_EQ(H.getString("message")->str(), "in included file h.h:3: double-precision literal");

  llvm::json::Array Actions = codeActions(Doc, {0, 14}, {0, 14});
  ASSERT_EQ(Actions.size(), 2u);
  const llvm::json::Object &Fix = *Actions[0].getAsObject();
  EXPECT_EQ(*Fix.getString("title"), "Append 'f'"); // safe: no warning in the title
  EXPECT_EQ(Fix.getBoolean("isPreferred"), true);
  EXPECT_EQ(*Actions[1].getAsObject()->getString("title"),
            "Ignore arith-double-literal on this line");
  EXPECT_TRUE(codeActions(Doc, {0, 0}, {0, 5}).empty()); // the range misses the finding
}

TEST(LspTransport, FramingAndResync) {
  std::FILE *In = std::tmpfile();
  std::FILE *Out = std::tmpfile();
  std::string Input = "Content-Length: 2\r\n\r\n{}"
                      "Content-Length: nope\r\n\r\n"
                      "junk line\r\n\r\n"
                      "garbage{}Content-Length: 4\r\nContent-Type: x\r\n\r\n[1,2]";
  std::fwrite(Input.data(), 1, Input.size(), In);
  std::rewind(In);
  std::vector<std::string> Logged;
  Transport T(In, Out, [&](const std::string &M) { Logged.push_back(M); });
  EXPECT_EQ(*T.read(), "{}");
  EXPECT_EQ(*T.read(), "[1,2");
  EXPECT_EQ(T.read(), std::nullopt); // "]" and the end of input: no more messages
  EXPECT_GE(Logged.size(), 3u);

  T.send(llvm::json::Object{{"a", 1}});
  std::rewind(Out);
  char Buf[64] = {};
  size_t N = std::fread(Buf, 1, sizeof(Buf) - 1, Out);
  EXPECT_EQ(std::string(Buf, N), "Content-Length: 7\r\n\r\n{\"a\":1}");
  std::fclose(In);
  std::fclose(Out);
}

TEST(LspScheduler, RescheduleReplacesThePendingTask) {
  std::atomic<int> Runs{0}, Last{0};
  {
    Scheduler S;
    for (int I = 1; I <= 5; ++I)
      S.schedule("doc", std::chrono::milliseconds(100), [&, I] {
        ++Runs;
        Last = I;
      });
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    S.schedule("other", std::chrono::hours(1), [&] { ++Runs; });
  } // stopping drops the pending task
  EXPECT_EQ(Runs, 1);
  EXPECT_EQ(Last, 5);
}

TEST(LspFixAll, EverySafeFixOnceWithoutOverlaps) {
  LintedDocument Doc;
  Doc.Uri = "file:///p/k.cl";
  Doc.Path = "/p/k.cl";
  Doc.Text = "a = 0.5 * 0.25;\n";
  auto literal = [&](unsigned Begin, unsigned End, FixSafety Safety) {
    Finding F;
    F.RuleId = "arith-double-literal";
    F.Where = {"/p/k.cl", {1, Begin + 1, Begin}, {1, End + 1, End}};
    F.Fixes.push_back(
        {"append 'f'", {{{"/p/k.cl", {1, End + 1, End}, {1, End + 1, End}}, "f"}}, Safety});
    Doc.Result.Findings.push_back(F);
  };
  literal(4, 7, FixSafety::Safe);
  literal(4, 7, FixSafety::Safe);     // the same edit again: taken once
  literal(10, 14, FixSafety::Unsafe); // not applied by fix-all
  std::optional<llvm::json::Object> All = fixAllAction(Doc);
  ASSERT_TRUE(All);
  EXPECT_EQ(*All->getString("kind"), "source.fixAll.cllint");
  EXPECT_EQ(*All->getString("title"), "Apply 1 safe cllint fix");
  const llvm::json::Array &Edits =
      *All->getObject("edit")->getObject("changes")->getArray("file:///p/k.cl");
  ASSERT_EQ(Edits.size(), 1u);
  EXPECT_EQ(editedWith(*Edits[0].getAsObject(), Doc.Text), "a = 0.5f * 0.25;\n");
  Doc.Result.Findings.pop_back();
  Doc.Result.Findings.clear();
  EXPECT_FALSE(fixAllAction(Doc));
}

TEST(LspStaleFindings, KeptOnUnchangedLinesAndMoved) {
  std::string Good = "k() {\n  x = 0.5;\n  y = 0.1;\n}\n";
  std::string Now = "k() {\n  z = \n  x = 0.5;\n  y = 0.1 +;\n}\n";
  FileResult R;
  auto at = [&](unsigned Line, unsigned Col, const char *Rule) {
    Finding F;
    F.RuleId = Rule;
    F.Where = {"/p/k.cl", {Line, Col, 0}, {Line, Col + 3, 0}};
    F.Fixes.push_back(
        {"fix", {{{"/p/k.cl", {Line, Col, 0}, {Line, Col, 0}}, "f"}}, FixSafety::Safe});
    R.Findings.push_back(F);
  };
  at(2, 7, "arith-double-literal");    // its line is unchanged: kept, one line down
  at(3, 7, "arith-double-literal");    // its line was edited: dropped
  at(2, 3, "clang-diagnostic-unused"); // clang's own: never carried
  std::vector<Finding> Kept = carriedFindings(R, Good, Now, "/p/k.cl");
  ASSERT_EQ(Kept.size(), 1u);
  EXPECT_EQ(Kept[0].Where.Begin.Line, 3u);
  EXPECT_EQ(Kept[0].Where.Begin.Column, 7u);
  EXPECT_EQ(Kept[0].Where.Begin.Offset, Now.find("0.5"));
  EXPECT_TRUE(Kept[0].Fixes.empty());
}
