// Helpers of the verify tests: reading inputs, running commands, scratch directories.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace verifytest {

inline std::string input(const std::string &Name) {
  return std::string(VERIFY_INPUTS) + "/" + Name;
}

inline std::string readFile(const std::string &Path) {
  std::ifstream IS(Path, std::ios::binary);
  std::stringstream SS;
  SS << IS.rdbuf();
  return SS.str();
}

// A fresh directory under the build tree for one test.
inline std::string scratch(const std::string &Name) {
  std::filesystem::path P = std::filesystem::path(VERIFY_WORK_DIR) / Name;
  std::filesystem::remove_all(P);
  std::filesystem::create_directories(P);
  return P.string();
}

struct Ran {
  int Status = -1;
  std::string Out, Err;
};

// Runs a shell command, capturing standard output and standard error.
inline Ran run(const std::string &Command, const std::string &Dir) {
  std::string ErrFile = Dir + "/stderr.txt";
  Ran R;
  FILE *P = popen((Command + " 2>" + ErrFile).c_str(), "r");
  if (!P)
    return R;
  std::array<char, 4096> Buf;
  size_t N;
  while ((N = fread(Buf.data(), 1, Buf.size(), P)) > 0)
    R.Out.append(Buf.data(), N);
  int S = pclose(P);
  R.Status = WIFEXITED(S) ? WEXITSTATUS(S) : -1;
  R.Err = readFile(ErrFile);
  return R;
}

} // namespace verifytest
