// The one internal model of a finding. Every sink (text, JSON, SARIF, LSP, --fix, verify)
// converts from this at the edge; nothing downstream looks at clang's AST or locations.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cllint {

enum class Severity { Note = 0, Warning = 1, Error = 2 };

const char *severityName(Severity S);
std::optional<Severity> parseSeverity(const std::string &Name);

// 1-based line and column (column counts bytes, like clang), plus the 0-based byte offset.
struct Position {
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0;
  bool operator==(const Position &) const = default;
};

// Half-open [Begin, End) in one file.
struct Range {
  std::string File;
  Position Begin;
  Position End;
  bool isValid() const { return !File.empty() && Begin.Line != 0; }
  bool operator==(const Range &) const = default;
};

struct Edit {
  Range Where;
  std::string Replacement;
};

// Fix safety is data, not prose: an unsafe fix may change results (e.g. float rounding)
// and is applied only with --fix-unsafe.
enum class FixSafety { Safe, Unsafe };

struct Fix {
  std::string Description;
  std::vector<Edit> Edits;
  FixSafety Safety = FixSafety::Safe;
};

struct Note {
  Range Where;
  std::string Message;
};

// What the finding costs under the active device profile, in numbers a profiler would show.
struct Cost {
  std::string Profile; // e.g. "nvidia"
  std::string Metric;  // e.g. "fetched-bytes-used", "idle-lanes", "divergent-warps"
  double Value = 0;    // the metric's value (fraction 0..1, or a count)
  std::string Summary; // one sentence, e.g. "each warp touches 32 sectors for 128 useful bytes"
  // For findings whose verdict depends on which work-items share a warp: the work-group shape
  // it was computed for ("16x16x1"), where that shape comes from, and whether it is assumed.
  std::string WorkGroup, WorkGroupSource;
  bool WorkGroupAssumed = false;
};

// What a finding costs its kernel (docs/cost-model.md): the share of the kernel's estimated
// time the problem adds, the resource it adds to, how often its code runs, and the assumed
// values that rests on. Severity follows Share.
struct Impact {
  std::string Kernel;
  double Share = 0; // 0..1
  std::string Resource;
  double ResourceShare = 0;
  double PerItem = 0; // runs of the code per work-item
  std::vector<std::string> Assumptions;
  // The problem exists only for some values of an unknown the analysis sampled (a warning
  // needs the real value): never more than a note.
  bool Conditional = false;
};

// 0.38 -> "38%", 0.0123 -> "1.2%": two significant digits, never "0%".
std::string percent(double Share);

// "~38% of kernel 'gemm' (1024 runs per work-item; assumes the 'k' loop runs 32 times)": the
// clause a message with an impact leads with.
std::string impactClause(const Impact &I);
// The message without its impact clause (what grouping and fingerprints compare).
std::string mechanismText(const struct Finding &F);

struct Finding {
  std::string RuleId;
  Severity Level = Severity::Warning;
  Range Where;
  std::string Message;
  std::vector<Note> Notes;
  std::vector<Fix> Fixes;
  std::optional<Cost> Price;
  std::optional<Impact> Weight;
  // The text of the source line at Where, kept so fingerprints survive line shifts.
  std::string LineText;
  // Findings of one file with the same non-empty key and message have one cause (one array,
  // one stride): a run reports them as one finding with the other sites as notes.
  std::string GroupKey;
};

// Findings of one input file, in source order, plus errors that stopped the file.
struct FileResult {
  std::string Path;    // as given on the command line (or the LSP document path)
  std::string Content; // the text that was linted (for rendering and fingerprints)
  std::vector<Finding> Findings;
  std::vector<std::string> InputErrors; // "cannot read: ...", "binary file" — file not linted
  bool CompileFailed = false;           // clang reported errors
  // A file of the run that includes this one and compiles, when this one does not compile on
  // its own (a fragment: sgminer's `blake.cl`): it is linted through that file.
  std::string LintedThrough;
  // The first error of a file that did not compile, where it sits in a header whose findings
  // another file of the run reports (dedupeIncludedFindings): what "does not compile" names.
  std::string FirstErrorInSharedHeader;
  // cllint itself failed on this file (a crash, a time limit): the run exits 2.
  std::vector<std::string> InternalErrors;
  unsigned SuppressedCount = 0;
  // Performance findings under the impact floor (shown with --all).
  unsigned HiddenCount = 0;
  unsigned BaselinedCount = 0;
  // Where the analysis stopped early ("the value analysis of 'c512' stopped after ..."): some
  // findings may be missing, the others hold.
  std::vector<std::string> Notices;
  // Files the parse read besides this one (headers, -include preludes), for the result cache.
  std::vector<std::string> Dependencies;
  // Each header the file includes (directly or through others, by name or through a macro)
  // with the 1-based line of this file's #include that brings it in: where an editor shows
  // the header's findings. Not kept by the result cache.
  std::vector<std::pair<std::string, unsigned>> IncludedAt;
};

} // namespace cllint
