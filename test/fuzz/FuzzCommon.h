// Shared by the libFuzzer targets: a sink that checks nothing and a way to stop on a broken
// invariant that libFuzzer records as a crash (with the input saved).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace cllint::fuzz {

[[noreturn]] inline void invariantFailed(const std::string &What) {
  std::fprintf(stderr, "cllint fuzz invariant failed: %s\n", What.c_str());
  std::abort();
}

} // namespace cllint::fuzz
