// A baseline: the findings a project has accepted for now, recorded once with
// `--write-baseline FILE` and hidden by later runs with `--baseline FILE`. Entries are keyed by
// rule, file (relative to the baseline file's directory) and the fingerprint of
// Diagnostics/Fingerprint.h, so unrelated edits that shift lines keep them matched.
#pragma once

#include "Diagnostics/Finding.h"

#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cllint {

struct BaselineEntry {
  std::string Rule;
  std::string File; // relative to the baseline's directory, '/'-separated
  std::string Fingerprint;
  std::string Message; // for people reading the file; not part of the match
  bool operator==(const BaselineEntry &) const = default;
};

class Baseline {
public:
  // Dir is the directory that entry paths are relative to (the baseline file's own).
  explicit Baseline(std::string Dir);

  // Reads a baseline file; on failure returns false with Error naming the file.
  static bool load(const std::string &Path, Baseline &Out, std::string &Error);
  // Records every finding of Results, relative to the directory of the file to be written.
  static Baseline fromResults(const std::vector<FileResult> &Results, const std::string &Path);

  std::string toJson() const;
  bool write(const std::string &Path, std::string &Error) const;

  // Removes R's findings recorded in the baseline, counting them in R.BaselinedCount, and
  // remembers which entries matched. May be called again for the same file (after --fix).
  void filter(FileResult &R);
  // Entries of files filtered so far that matched no finding: the code was fixed or removed.
  std::vector<BaselineEntry> unmatched() const;

  const std::vector<BaselineEntry> &entries() const { return Entries; }
  const std::string &dir() const { return Dir; }

private:
  std::string relative(const std::string &Path) const;
  void index();
  std::string Dir;
  std::vector<BaselineEntry> Entries;
  std::vector<bool> Matched;
  std::unordered_multimap<std::string, size_t> ByFingerprint; // fingerprint -> entry index
  std::set<std::string> FilesSeen;
};

} // namespace cllint
