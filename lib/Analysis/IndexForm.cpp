#include "Analysis/IndexForm.h"

#include <climits>
#include <cstdio>
#include <functional>
#include <set>
#include <unordered_map>

namespace cllint::analysis {

VExpr vConst(int64_t V) {
  auto N = std::make_shared<VNode>();
  N->Op = VOp::Const;
  N->Value = V;
  N->NonNegative = V >= 0;
  return N;
}

VExpr vLane(unsigned Dim) {
  auto N = std::make_shared<VNode>();
  N->Op = VOp::Lane;
  N->Value = Dim;
  N->NonNegative = true;
  N->Lanes = true;
  return N;
}

VExpr vSym(const std::string &Name, bool NonNegative, std::shared_ptr<const LoopRecurrence> Rec) {
  auto N = std::make_shared<VNode>();
  N->Op = VOp::Sym;
  N->Name = Name;
  N->NonNegative = NonNegative;
  N->Recurrence = std::move(Rec);
  return N;
}

VExpr vUnknown(bool Varying, const std::string &Why, bool NonNegative) {
  auto N = std::make_shared<VNode>();
  N->Op = VOp::Unknown;
  N->Varying = Varying;
  N->Lanes = Varying;
  N->Name = Why;
  N->NonNegative = NonNegative;
  return N;
}

namespace {

constexpr uint64_t MaxEvaluatedTreeSize = 4096;

// Folds one operation; nullopt where the result is not a 64-bit value (overflow, division by
// zero, INT64_MIN / -1, out-of-range shifts), which makes the value unknown.
std::optional<int64_t> applyOp(VOp Op, const std::vector<int64_t> &V) {
  int64_t A = V.size() > 0 ? V[0] : 0, B = V.size() > 1 ? V[1] : 0, R = 0;
  switch (Op) {
  case VOp::Add:
    return __builtin_add_overflow(A, B, &R) ? std::nullopt : std::optional<int64_t>(R);
  case VOp::Sub:
    return __builtin_sub_overflow(A, B, &R) ? std::nullopt : std::optional<int64_t>(R);
  case VOp::Mul:
    return __builtin_mul_overflow(A, B, &R) ? std::nullopt : std::optional<int64_t>(R);
  case VOp::Div:
    if (!B || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return A / B;
  case VOp::Rem:
    if (!B || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return A % B;
  case VOp::Shl:
    if (B < 0 || B > 62 || __builtin_mul_overflow(A, int64_t(1) << B, &R))
      return std::nullopt;
    return R;
  case VOp::Shr:
    if (B < 0 || B > 62)
      return std::nullopt;
    return A >> B;
  case VOp::And:
    return A & B;
  case VOp::Or:
    return A | B;
  case VOp::Xor:
    return A ^ B;
  case VOp::Min:
    return std::min(A, B);
  case VOp::Max:
    return std::max(A, B);
  case VOp::Lt:
    return A < B;
  case VOp::Le:
    return A <= B;
  case VOp::Gt:
    return A > B;
  case VOp::Ge:
    return A >= B;
  case VOp::Eq:
    return A == B;
  case VOp::Ne:
    return A != B;
  case VOp::LAnd:
    return A && B;
  case VOp::LOr:
    return A || B;
  case VOp::Neg:
    if (A == INT64_MIN)
      return std::nullopt;
    return -A;
  case VOp::BitNot:
    return ~A;
  case VOp::LNot:
    return !A;
  case VOp::Select:
    return A ? B : V[2];
  default:
    return std::nullopt;
  }
}

bool nonNegOp(VOp Op, const std::vector<VExpr> &Ops) {
  auto nn = [&](size_t I) { return Ops[I]->NonNegative; };
  switch (Op) {
  case VOp::Add:
  case VOp::Mul:
  case VOp::Div:
  case VOp::Rem:
  case VOp::Shl:
  case VOp::Shr:
  case VOp::Or:
  case VOp::Xor:
  case VOp::Max:
    return nn(0) && nn(1);
  case VOp::And:
    return nn(0) || nn(1);
  case VOp::Min:
    return nn(0) && nn(1);
  case VOp::Lt:
  case VOp::Le:
  case VOp::Gt:
  case VOp::Ge:
  case VOp::Eq:
  case VOp::Ne:
  case VOp::LAnd:
  case VOp::LOr:
  case VOp::LNot:
    return true;
  case VOp::Select:
    return nn(1) && nn(2);
  default:
    return false;
  }
}

} // namespace

VExpr vOp(VOp Op, std::vector<VExpr> Ops) {
  // Fold constants and the identities that keep forms small.
  std::vector<int64_t> Vals;
  bool AllConst = true;
  for (const VExpr &O : Ops) {
    if (O->Op != VOp::Const)
      AllConst = false;
    else
      Vals.push_back(O->Value);
  }
  if (AllConst)
    if (auto V = applyOp(Op, Vals))
      return vConst(*V);
  auto isC = [&](size_t I, int64_t V) { return Ops[I]->Op == VOp::Const && Ops[I]->Value == V; };
  if ((Op == VOp::Add || Op == VOp::Or) && isC(0, 0))
    return Ops[1];
  if ((Op == VOp::Add || Op == VOp::Sub || Op == VOp::Shl || Op == VOp::Shr || Op == VOp::Or) &&
      isC(1, 0))
    return Ops[0];
  if (Op == VOp::Mul && isC(0, 1))
    return Ops[1];
  if ((Op == VOp::Mul || Op == VOp::Div) && isC(1, 1))
    return Ops[0];
  if (Op == VOp::Select && Ops[0]->Op == VOp::Const)
    return Ops[0]->Value ? Ops[1] : Ops[2];
  auto N = std::make_shared<VNode>();
  N->Op = Op;
  N->NonNegative = nonNegOp(Op, Ops);
  for (const VExpr &O : Ops) {
    N->Lanes |= O->Lanes;
    N->TreeSize = std::min<uint64_t>(N->TreeSize + O->TreeSize, uint64_t(1) << 40);
  }
  N->Ops = std::move(Ops);
  return N;
}

bool dependsOnLanes(const VExpr &E) { return E->Lanes; }

bool isVarying(const VExpr &E) { return dependsOnLanes(E); }

bool isNonNegative(const VExpr &E) { return E->NonNegative; }

std::optional<int64_t> evaluate(const VExpr &E, const std::array<int64_t, 3> &Lid,
                                const SymbolValues &Env) {
  // Evaluated per lane and per sample: a value whose tree is this large (a shared DAG) is
  // not worth the time; the caller treats it as unknown.
  if (E->TreeSize > MaxEvaluatedTreeSize)
    return std::nullopt;
  switch (E->Op) {
  case VOp::Const:
    return E->Value;
  case VOp::Lane:
    return Lid[E->Value];
  case VOp::Sym: {
    auto It = Env.find(E->Name);
    if (It == Env.end())
      return std::nullopt;
    return It->second;
  }
  case VOp::Unknown:
    return std::nullopt;
  case VOp::LAnd:
  case VOp::LOr: { // short circuit: `lid < n && lid % 2` with n unknown
    auto A = evaluate(E->Ops[0], Lid, Env);
    if (A && E->Op == VOp::LAnd && !*A)
      return 0;
    if (A && E->Op == VOp::LOr && *A)
      return 1;
    auto B = evaluate(E->Ops[1], Lid, Env);
    if (!A || !B)
      return std::nullopt;
    return applyOp(E->Op, {*A, *B});
  }
  case VOp::Select: {
    auto C = evaluate(E->Ops[0], Lid, Env);
    if (!C)
      return std::nullopt;
    return evaluate(E->Ops[*C ? 1 : 2], Lid, Env);
  }
  default: {
    std::vector<int64_t> Vals;
    for (const VExpr &O : E->Ops) {
      auto V = evaluate(O, Lid, Env);
      if (!V)
        return std::nullopt;
      Vals.push_back(*V);
    }
    return applyOp(E->Op, Vals);
  }
  }
}

void collectSymbols(const VExpr &E, std::vector<const VNode *> &Out) {
  std::set<const VNode *> Seen;
  std::function<void(const VExpr &)> Walk = [&](const VExpr &N) {
    if (!N || !Seen.insert(N.get()).second)
      return;
    if (N->Op == VOp::Sym) {
      if (std::find_if(Out.begin(), Out.end(),
                       [&](const VNode *S) { return S->Name == N->Name; }) == Out.end())
        Out.push_back(N.get());
      if (N->Recurrence) {
        Walk(N->Recurrence->Init);
        Walk(N->Recurrence->Amount);
      }
    }
    for (const VExpr &O : N->Ops)
      Walk(O);
  };
  Walk(E);
}

std::string toString(const VExpr &E) {
  // Messages quote values; a shared DAG would print exponentially long.
  if (E->TreeSize > 64)
    return "<expression of " + std::to_string(E->TreeSize) + " terms>";
  static const char *Spell[] = {"",  "",   "",   "",   "+",  "-",  "*",   "/",
                                "%", "<<", ">>", "&",  "|",  "^",  "min", "max",
                                "<", "<=", ">",  ">=", "==", "!=", "&&",  "||"};
  switch (E->Op) {
  case VOp::Const:
    return std::to_string(E->Value);
  case VOp::Lane:
    return "lid" + std::to_string(E->Value);
  case VOp::Sym:
    return E->Name;
  case VOp::Unknown:
    return std::string(E->Varying ? "unknown-varying" : "unknown-uniform");
  case VOp::Min:
  case VOp::Max:
    return std::string(Spell[static_cast<int>(E->Op)]) + "(" + toString(E->Ops[0]) + ", " +
           toString(E->Ops[1]) + ")";
  case VOp::Neg:
    return "-(" + toString(E->Ops[0]) + ")";
  case VOp::BitNot:
    return "~(" + toString(E->Ops[0]) + ")";
  case VOp::LNot:
    return "!(" + toString(E->Ops[0]) + ")";
  case VOp::Select:
    return "(" + toString(E->Ops[0]) + " ? " + toString(E->Ops[1]) + " : " + toString(E->Ops[2]) +
           ")";
  default:
    return "(" + toString(E->Ops[0]) + " " + Spell[static_cast<int>(E->Op)] + " " +
           toString(E->Ops[1]) + ")";
  }
}

IndexForm IndexForm::scaled(const Poly &P) const {
  IndexForm R = *this;
  if (K != Affine)
    return R;
  R.Constant = Constant * P;
  for (unsigned D = 0; D < 3; ++D)
    R.Lane[D] = Lane[D] * P;
  return R;
}

std::string IndexForm::str() const {
  if (K == UnknownUniform)
    return "unknown-uniform" + (Why.empty() ? "" : " (" + Why + ")");
  if (K == UnknownVarying)
    return "unknown-varying" + (Why.empty() ? "" : " (" + Why + ")");
  std::string Out;
  for (unsigned D = 0; D < 3; ++D) {
    if (Lane[D].isZero())
      continue;
    std::string C = Lane[D].str();
    bool Compound = C.find(' ') != std::string::npos;
    std::string Term = C == "1" ? "" : (Compound ? "(" + C + ")*" : C + "*");
    Out += (Out.empty() ? "" : " + ") + Term + "lid" + std::to_string(D);
  }
  if (!Constant.isZero() || Out.empty())
    Out += (Out.empty() ? "" : " + ") + Constant.str();
  return Out;
}

namespace {

IndexForm affine(Poly C) {
  IndexForm F;
  F.K = IndexForm::Affine;
  F.Constant = std::move(C);
  return F;
}

IndexForm unknown(bool Varying, std::string Why) {
  IndexForm F;
  F.K = Varying ? IndexForm::UnknownVarying : IndexForm::UnknownUniform;
  F.Why = std::move(Why);
  return F;
}

class Linearizer {
public:
  IndexForm get(const VExpr &E) {
    auto It = Memo.find(E.get());
    if (It != Memo.end())
      return It->second;
    IndexForm F = compute(E);
    if (F.isAffine() && (F.Constant.overflowed() || F.Lane[0].overflowed() ||
                         F.Lane[1].overflowed() || F.Lane[2].overflowed()))
      F = unknown(dependsOnLanes(E), "arithmetic overflows 64 bits");
    Memo[E.get()] = F;
    return F;
  }

private:
  std::unordered_map<const VNode *, IndexForm> Memo;

  // A uniform value that is not a polynomial (`n / 2`, `min(n, 64)`) becomes an opaque symbol
  // named by its spelling, so forms stay affine around it.
  IndexForm opaque(const VExpr &E) {
    if (E->TreeSize > 64) { // too long to spell: named by identity, so two stay distinct
      char Id[32];
      snprintf(Id, sizeof Id, "<value %p>", static_cast<const void *>(E.get()));
      return affine(Poly::symbol(Id));
    }
    return affine(Poly::symbol(toString(E)));
  }

  IndexForm compute(const VExpr &E) {
    switch (E->Op) {
    case VOp::Const:
      return affine(Poly::constant(E->Value));
    case VOp::Lane: {
      IndexForm F = affine(Poly());
      F.Lane[E->Value] = Poly::constant(1);
      return F;
    }
    case VOp::Sym:
      return affine(Poly::symbol(E->Name));
    case VOp::Unknown:
      return unknown(E->Varying, E->Name);
    default:
      break;
    }
    bool Lanes = dependsOnLanes(E);
    std::vector<IndexForm> Ops;
    for (const VExpr &O : E->Ops)
      Ops.push_back(get(O));
    for (const IndexForm &O : Ops)
      if (O.K == IndexForm::UnknownVarying)
        return unknown(true, O.Why);
    for (IndexForm &O : Ops)
      if (O.K == IndexForm::UnknownUniform) {
        if (!Lanes)
          return unknown(false, O.Why);
        // Beside lane terms an unknown uniform value is an opaque constant: `gid + a[0]`.
        O = affine(Poly::symbol("<" + (O.Why.empty() ? std::string("unknown") : O.Why) + ">"));
      }
    auto combine = [&](int Sign) {
      IndexForm R = Ops[0];
      R.Constant = Sign > 0 ? R.Constant + Ops[1].Constant : R.Constant - Ops[1].Constant;
      for (unsigned D = 0; D < 3; ++D)
        R.Lane[D] = Sign > 0 ? R.Lane[D] + Ops[1].Lane[D] : R.Lane[D] - Ops[1].Lane[D];
      return R;
    };
    switch (E->Op) {
    case VOp::Add:
    case VOp::Sub:
      if (Ops[0].isAffine() && Ops[1].isAffine())
        return combine(E->Op == VOp::Add ? 1 : -1);
      break;
    case VOp::Neg:
      if (Ops[0].isAffine())
        return Ops[0].scaled(Poly::constant(-1));
      break;
    case VOp::Mul:
      if (Ops[0].isAffine() && Ops[1].isAffine()) {
        if (Ops[1].isUniform())
          return Ops[0].scaled(Ops[1].Constant);
        if (Ops[0].isUniform())
          return Ops[1].scaled(Ops[0].Constant);
      }
      break;
    case VOp::Shl:
      if (Ops[0].isAffine() && Ops[1].isAffine())
        if (auto K = Ops[1].Constant.constantValue(); K && Ops[1].isUniform() && *K >= 0 && *K < 62)
          return Ops[0].scaled(Poly::constant(int64_t(1) << *K));
      break;
    default:
      break;
    }
    if (!Lanes)
      return opaque(E);
    return unknown(true, "non-linear in the work-item ids: " + toString(E));
  }
};

} // namespace

IndexForm linearize(const VExpr &E) {
  Linearizer L;
  return L.get(E);
}

} // namespace cllint::analysis
