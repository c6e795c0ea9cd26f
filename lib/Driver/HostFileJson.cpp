#include "Driver/HostFileJson.h"

#include "Driver/ResultJson.h"

namespace cllint {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

Value sizesJson(const std::optional<std::array<uint64_t, 3>> &S) {
  if (!S)
    return nullptr;
  return Array{int64_t((*S)[0]), int64_t((*S)[1]), int64_t((*S)[2])};
}

bool readSizes(const Value *V, std::optional<std::array<uint64_t, 3>> &S) {
  if (!V || V->getAsNull())
    return V != nullptr;
  const Array *A = V->getAsArray();
  if (!A || A->size() != 3)
    return false;
  std::array<uint64_t, 3> Out;
  for (size_t I = 0; I < 3; ++I) {
    std::optional<int64_t> X = (*A)[I].getAsInteger();
    if (!X || *X < 0)
      return false;
    Out[I] = uint64_t(*X);
  }
  S = Out;
  return true;
}

Value integerJson(const std::optional<int64_t> &X) { return X ? Value(*X) : Value(nullptr); }

bool readInteger(const Value *V, std::optional<int64_t> &X) {
  if (!V)
    return false;
  if (V->getAsNull())
    return true;
  X = V->getAsInteger();
  return X.has_value();
}

Array stringsJson(const std::vector<std::string> &S) {
  Array Out;
  for (const std::string &X : S)
    Out.push_back(X);
  return Out;
}

bool readStrings(const Value *V, std::vector<std::string> &Out) {
  const Array *A = V ? V->getAsArray() : nullptr;
  if (!A)
    return false;
  for (const Value &S : *A) {
    std::optional<llvm::StringRef> T = S.getAsString();
    if (!T)
      return false;
    Out.push_back(T->str());
  }
  return true;
}

// Field readers that keep a flag: every one must succeed for the entry to be used.
struct Reader {
  const Object &O;
  bool Ok = true;
  std::string str(llvm::StringRef K) {
    std::optional<llvm::StringRef> S = O.getString(K);
    Ok &= S.has_value();
    return S ? S->str() : "";
  }
  int64_t num(llvm::StringRef K) {
    std::optional<int64_t> X = O.getInteger(K);
    Ok &= X.has_value();
    return X.value_or(0);
  }
  bool flag(llvm::StringRef K) {
    std::optional<bool> B = O.getBoolean(K);
    Ok &= B.has_value();
    return B.value_or(false);
  }
  Range range(llvm::StringRef K) {
    Range R;
    Ok &= readRange(O.get(K), R);
    return R;
  }
  void sizes(llvm::StringRef K, std::optional<std::array<uint64_t, 3>> &S) {
    Ok &= readSizes(O.get(K), S);
  }
  void integer(llvm::StringRef K, std::optional<int64_t> &X) { Ok &= readInteger(O.get(K), X); }
};

Value launchJson(const HostLaunch &L) {
  return Object{{"kernel", L.Kernel},
                {"dims", int64_t(L.Dims)},
                {"local", sizesJson(L.Local)},
                {"localNull", L.LocalNull},
                {"global", sizesJson(L.Global)},
                {"where", rangeJson(L.Where)},
                {"line", L.LineText},
                {"why", L.WhyUnknown},
                {"function", L.Function},
                {"inLoop", L.InLoop},
                {"repeated", L.Repeated},
                {"candidates", stringsJson(L.Candidates)},
                {"unsetObjects", stringsJson(L.UnsetObjects)}};
}

void readLaunch(Reader &R, HostLaunch &L) {
  L.Kernel = R.str("kernel");
  L.Dims = unsigned(R.num("dims"));
  R.sizes("local", L.Local);
  L.LocalNull = R.flag("localNull");
  R.sizes("global", L.Global);
  L.Where = R.range("where");
  L.LineText = R.str("line");
  L.WhyUnknown = R.str("why");
  L.Function = R.str("function");
  L.InLoop = R.flag("inLoop");
  L.Repeated = R.flag("repeated");
  R.Ok &= readStrings(R.O.get("candidates"), L.Candidates);
  R.Ok &= readStrings(R.O.get("unsetObjects"), L.UnsetObjects);
}

Value argValueJson(const CallArgValue &A) {
  Array Sizes;
  for (const auto &S : A.Sizes)
    Sizes.push_back(sizesJson(S));
  return Object{{"integer", integerJson(A.Integer)}, {"sizes", std::move(Sizes)}, {"null", A.Null}};
}

void readArgValue(Reader &R, CallArgValue &A) {
  const Array *Sizes = R.O.getArray("sizes");
  R.Ok &= Sizes && Sizes->size() == 3;
  for (size_t I = 0; R.Ok && I < 3; ++I)
    R.Ok &= readSizes(&(*Sizes)[I], A.Sizes[I]);
  R.integer("integer", A.Integer);
  A.Null = R.flag("null");
}

// Each list of the file: written by Write, read back element by element by Read.
template <typename T, typename WriteFn> Array listJson(const std::vector<T> &Items, WriteFn Write) {
  Array Out;
  for (const T &I : Items)
    Out.push_back(Write(I));
  return Out;
}

// Each element must be an object whose every field Read asks for is there.
template <typename T, typename ReadFn>
bool readList(const Object &O, llvm::StringRef Key, std::vector<T> &Out, ReadFn Read) {
  const Array *A = O.getArray(Key);
  if (!A)
    return false;
  for (const Value &V : *A) {
    const Object *E = V.getAsObject();
    if (!E)
      return false;
    Reader R{*E};
    T Item;
    Read(R, Item);
    if (!R.Ok)
      return false;
    Out.push_back(std::move(Item));
  }
  return true;
}

} // namespace

Value hostFileToJson(const HostFile &F) {
  return Object{
      {"path", F.Path},
      {"launches", listJson(F.Launches, launchJson)},
      {"args", listJson(F.Args,
                        [](const HostArg &A) -> Value {
                          return Object{{"kernel", A.Kernel},
                                        {"kind", int64_t(A.K)},
                                        {"index", int64_t(A.Index)},
                                        {"value", integerJson(A.Value)},
                                        {"where", rangeJson(A.Where)}};
                        })},
      {"builds", listJson(F.Builds,
                          [](const HostBuild &B) -> Value {
                            return Object{{"file", B.KernelFile},
                                          {"options", B.Options},
                                          {"where", rangeJson(B.Where)}};
                          })},
      {"calls",
       listJson(F.Calls,
                [](const HostCall &C) -> Value {
                  return Object{{"caller", C.Caller}, {"callee", C.Callee}, {"inLoop", C.InLoop}};
                })},
      {"wrappers", listJson(F.Wrappers,
                            [](const LaunchWrapper &W) -> Value {
                              return Object{
                                  {"name", W.Name},          {"kernel", W.KernelParam},
                                  {"dims", W.DimsParam},     {"global", W.GlobalParam},
                                  {"local", W.LocalParam},   {"fixedDims", int64_t(W.Dims)},
                                  {"localNull", W.LocalNull}};
                            })},
      {"wrappedCalls", listJson(F.WrappedCalls,
                                [](const WrappedCall &C) -> Value {
                                  return Object{{"callee", C.Callee},
                                                {"launch", launchJson(C.Launch)},
                                                {"args", listJson(C.Args, argValueJson)}};
                                })},
      {"parseErrors", stringsJson(F.ParseErrors)},
      {"inputErrors", stringsJson(F.InputErrors)},
      {"dependencies", stringsJson(F.Dependencies)},
      {"kernelObjectsSet", stringsJson(F.KernelObjectsSet)},
      {"transfers", listJson(F.Transfers,
                             [](const HostTransfer &T) -> Value {
                               std::optional<int64_t> Bytes;
                               if (T.Bytes)
                                 Bytes = int64_t(*T.Bytes);
                               return Object{{"read", T.Read},
                                             {"call", T.Call},
                                             {"bytes", integerJson(Bytes)},
                                             {"where", rangeJson(T.Where)},
                                             {"line", T.LineText},
                                             {"loopLine", int64_t(T.LoopLine)},
                                             {"loopKind", T.LoopKind},
                                             {"function", T.Function}};
                             })},
      {"inactive", listJson(F.InactiveRanges, [](const std::pair<size_t, size_t> &R) -> Value {
         return Object{{"begin", int64_t(R.first)}, {"end", int64_t(R.second)}};
       })}};
}

std::optional<HostFile> hostFileFromJson(const Value &V) {
  const Object *O = V.getAsObject();
  if (!O)
    return std::nullopt;
  HostFile F;
  Reader R{*O};
  F.Path = R.str("path");
  bool Ok =
      R.Ok && readList(*O, "launches", F.Launches, readLaunch) &&
      readList(*O, "args", F.Args,
               [](Reader &R, HostArg &A) {
                 A.Kernel = R.str("kernel");
                 int64_t Kind = R.num("kind");
                 R.Ok &= Kind >= HostArg::Scalar && Kind <= HostArg::Local;
                 A.K = HostArg::Kind(Kind);
                 A.Index = unsigned(R.num("index"));
                 R.integer("value", A.Value);
                 A.Where = R.range("where");
               }) &&
      readList(*O, "builds", F.Builds,
               [](Reader &R, HostBuild &B) {
                 B.KernelFile = R.str("file");
                 B.Options = R.str("options");
                 B.Where = R.range("where");
               }) &&
      readList(*O, "calls", F.Calls,
               [](Reader &R, HostCall &C) {
                 C.Caller = R.str("caller");
                 C.Callee = R.str("callee");
                 C.InLoop = R.flag("inLoop");
               }) &&
      readList(*O, "wrappers", F.Wrappers,
               [](Reader &R, LaunchWrapper &W) {
                 W.Name = R.str("name");
                 W.KernelParam = int(R.num("kernel"));
                 W.DimsParam = int(R.num("dims"));
                 W.GlobalParam = int(R.num("global"));
                 W.LocalParam = int(R.num("local"));
                 W.Dims = unsigned(R.num("fixedDims"));
                 W.LocalNull = R.flag("localNull");
               }) &&
      readList(*O, "wrappedCalls", F.WrappedCalls,
               [](Reader &R, WrappedCall &C) {
                 C.Callee = R.str("callee");
                 const Object *L = R.O.getObject("launch");
                 Reader Launch{L ? *L : R.O};
                 readLaunch(Launch, C.Launch);
                 R.Ok &= L && Launch.Ok && readList(R.O, "args", C.Args, readArgValue);
               }) &&
      readStrings(O->get("parseErrors"), F.ParseErrors) &&
      readStrings(O->get("inputErrors"), F.InputErrors) &&
      readStrings(O->get("dependencies"), F.Dependencies) &&
      readStrings(O->get("kernelObjectsSet"), F.KernelObjectsSet) &&
      readList(*O, "transfers", F.Transfers,
               [](Reader &R, HostTransfer &T) {
                 T.Read = R.flag("read");
                 T.Call = R.str("call");
                 std::optional<int64_t> Bytes;
                 R.integer("bytes", Bytes);
                 if (Bytes)
                   T.Bytes = uint64_t(*Bytes);
                 T.Where = R.range("where");
                 T.LineText = R.str("line");
                 T.LoopLine = unsigned(R.num("loopLine"));
                 T.LoopKind = R.str("loopKind");
                 T.Function = R.str("function");
               }) &&
      readList(*O, "inactive", F.InactiveRanges, [](Reader &R, std::pair<size_t, size_t> &Range) {
        Range = {size_t(R.num("begin")), size_t(R.num("end"))};
        R.Ok &= Range.first < Range.second;
      });
  if (!Ok)
    return std::nullopt;
  return F;
}

} // namespace cllint
