#include "Verify/Plan/Spec.h"

#include "llvm/Support/FileSystem.h"

#include <yaml-cpp/yaml.h>

namespace cllint::verify {
namespace {

constexpr uint64_t MaxSpecElements = uint64_t(1) << 33;

std::string where(const std::string &Label, const YAML::Node &N) {
  const YAML::Mark M = N.Mark();
  if (M.line < 0)
    return Label;
  return Label + ":" + std::to_string(M.line + 1) + ":" + std::to_string(M.column + 1);
}

bool sizes(const YAML::Node &N, const std::string &Label, const std::string &Key,
           std::optional<std::vector<uint64_t>> &Out, std::string &Error) {
  if (!N)
    return true;
  std::vector<uint64_t> V;
  try {
    if (N.IsScalar()) {
      V.push_back(N.as<uint64_t>());
    } else if (N.IsSequence()) {
      for (const auto &E : N)
        V.push_back(E.as<uint64_t>());
    } else {
      throw YAML::Exception(N.Mark(), "");
    }
  } catch (const YAML::Exception &) {
    Error = where(Label, N) + ": '" + Key + "' must be 1 to 3 positive integers";
    return false;
  }
  if (V.empty() || V.size() > 3 || std::find(V.begin(), V.end(), 0u) != V.end()) {
    Error = where(Label, N) + ": '" + Key + "' must be 1 to 3 positive integers";
    return false;
  }
  Out = V;
  return true;
}

bool parseSpecUnchecked(const YAML::Node &Root, const std::string &Label, Spec &Out,
                        std::string &Error);

} // namespace

// yaml-cpp throws on any conversion the checks below did not foresee (a key that is a list, a
// map where a number belongs): each becomes an error naming the place, never an abort.
bool parseSpec(const YAML::Node &Root, const std::string &Label, Spec &Out, std::string &Error) {
  try {
    return parseSpecUnchecked(Root, Label, Out, Error);
  } catch (const YAML::Exception &E) {
    Error = Label + ":" + std::to_string(E.mark.line + 1) + ":" +
            std::to_string(E.mark.column + 1) + ": " +
            (E.msg.empty() ? std::string("unexpected value") : E.msg);
    return false;
  }
}

namespace {

bool parseSpecUnchecked(const YAML::Node &Root, const std::string &Label, Spec &Out,
                        std::string &Error) {
  if (!Root || Root.IsNull())
    return true;
  if (!Root.IsMap()) {
    Error = where(Label, Root) + ": expected a map with a 'kernels' key";
    return false;
  }
  for (const auto &KV : Root) {
    std::string Key = KV.first.as<std::string>();
    if (Key != "kernels") {
      Error = where(Label, KV.first) + ": unknown key '" + Key + "' (expected 'kernels')";
      return false;
    }
  }
  YAML::Node Kernels = Root["kernels"];
  if (!Kernels || Kernels.IsNull())
    return true;
  if (!Kernels.IsMap()) {
    Error = where(Label, Kernels) + ": 'kernels' must map kernel names to set-ups";
    return false;
  }
  for (const auto &KV : Kernels) {
    std::string Name = KV.first.as<std::string>();
    const YAML::Node &N = KV.second;
    KernelSpec K;
    K.Origin = Label;
    if (!N.IsMap()) {
      Error = where(Label, N) + ": kernel '" + Name + "' must be a map (global, local, args)";
      return false;
    }
    for (const auto &F : N) {
      std::string FK = F.first.as<std::string>();
      if (FK != "global" && FK != "local" && FK != "args") {
        Error = where(Label, F.first) + ": unknown key '" + FK + "' in kernel '" + Name +
                "' (expected global, local, args)";
        return false;
      }
    }
    if (!sizes(N["global"], Label, "global", K.Global, Error) ||
        !sizes(N["local"], Label, "local", K.Local, Error))
      return false;
    if (K.Global && K.Local && K.Global->size() != K.Local->size()) {
      Error = where(Label, N) + ": kernel '" + Name + "': 'global' and 'local' differ in length";
      return false;
    }
    if (YAML::Node Args = N["args"]) {
      if (!Args.IsMap()) {
        Error = where(Label, Args) + ": 'args' must map parameter names to set-ups";
        return false;
      }
      for (const auto &A : Args) {
        std::string Param = A.first.as<std::string>();
        ArgSpec S;
        const YAML::Node &AN = A.second;
        if (!AN.IsMap()) {
          Error = where(Label, AN) + ": argument '" + Param +
                  "' must be a map: {value: V}, {elements: N, fill: F} or {bytes: N}";
          return false;
        }
        try {
          for (const auto &F : AN) {
            std::string AK = F.first.as<std::string>();
            if (AK == "value")
              S.Value = F.second.as<double>();
            else if (AK == "elements")
              S.Elements = F.second.as<uint64_t>();
            else if (AK == "bytes")
              S.Bytes = F.second.as<uint64_t>();
            else if (AK == "fill")
              S.Fill = F.second.as<std::string>();
            else if (AK == "output")
              S.Output = F.second.as<bool>();
            else {
              Error = where(Label, F.first) + ": unknown key '" + AK + "' in argument '" + Param +
                      "' (expected value, elements, fill, output, bytes)";
              return false;
            }
          }
        } catch (const YAML::Exception &E) {
          Error = where(Label, AN) + ": argument '" + Param + "': " + E.msg;
          return false;
        }
        if ((S.Elements && *S.Elements == 0) || (S.Bytes && *S.Bytes == 0)) {
          Error = where(Label, AN) + ": argument '" + Param + "': sizes must be at least 1";
          return false;
        }
        // No device has more memory than this; larger sizes are typos that would only fail
        // (or overflow) when the buffers are allocated.
        if ((S.Elements && *S.Elements > MaxSpecElements) ||
            (S.Bytes && *S.Bytes > MaxSpecElements * 8)) {
          Error = where(Label, AN) + ": argument '" + Param + "': buffer larger than " +
                  std::to_string(MaxSpecElements * 8 >> 30) + " GiB";
          return false;
        }
        K.Args[Param] = S;
      }
    }
    Out.Kernels[Name] = std::move(K);
  }
  return true;
}

} // namespace

bool loadSpecFile(const std::string &Path, Spec &Out, std::string &Error) {
  if (llvm::sys::fs::is_directory(Path)) {
    Error = Path + ": is a directory, not a spec file";
    return false;
  }
  YAML::Node Root;
  try {
    Root = YAML::LoadFile(Path);
  } catch (const YAML::BadFile &) {
    Error = Path + ": cannot read the spec file";
    return false;
  } catch (const YAML::Exception &E) {
    Error = Path + ":" + std::to_string(E.mark.line + 1) + ":" + std::to_string(E.mark.column + 1) +
            ": " + E.msg;
    return false;
  }
  return parseSpec(Root, Path, Out, Error);
}

} // namespace cllint::verify
