// Launch set-ups given by the user: the `verify:` section of .cllint.yaml or a --spec file.
//
//   kernels:
//     NAME:
//       global: [1024, 1024]
//       local: [16, 16]
//       args:
//         n: {value: 1024}
//         col: {elements: 4096, fill: "index-mod:1024"}
//         tile: {bytes: 4096}
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace YAML {
class Node;
}

namespace cllint::verify {

struct ArgSpec {
  std::optional<double> Value;      // scalar
  std::optional<uint64_t> Elements; // buffer (or __local, in elements)
  std::optional<uint64_t> Bytes;    // __local
  std::optional<std::string> Fill;  // buffer
  std::optional<bool> Output;       // buffer
};

struct KernelSpec {
  std::optional<std::vector<uint64_t>> Global, Local;
  std::map<std::string, ArgSpec> Args;
  std::string Origin; // "FILE" the spec came from, for the report
};

struct Spec {
  std::map<std::string, KernelSpec> Kernels;
};

// Parses a spec (the root of a --spec file, or a config's verify: node). Returns false with
// Error naming Label and the offending key.
bool parseSpec(const YAML::Node &Root, const std::string &Label, Spec &Out, std::string &Error);
bool loadSpecFile(const std::string &Path, Spec &Out, std::string &Error);

} // namespace cllint::verify
