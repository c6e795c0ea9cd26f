// What is known about the sign of a value: as the device compiler proves it, and as ids and
// sizes are.
#include "Analysis/IndexForm.h"

namespace cllint::analysis {

namespace {

// What the device compiler derives from a loop variable's own loop: a value doubled from a
// non-negative start never turns negative (signed overflow is undefined), and one halved
// while `v > c` (c >= 0) holds is positive wherever the loop's body or step reads it.
bool recurrenceStaysNonNegative(const LoopRecurrence &R, const std::string &Name) {
  if (!R.Init || !R.Amount || R.Amount->Op != VOp::Const || R.Amount->Value <= 0)
    return false;
  if (R.Step == VOp::Mul || R.Step == VOp::Shl)
    return compilerProvesNonNegative(R.Init);
  if (R.Step != VOp::Div && R.Step != VOp::Shr)
    return false;
  const VExpr &C = R.Condition;
  if (!C || C->Ops.size() != 2)
    return false;
  auto isSelf = [&](const VExpr &X) { return X->Op == VOp::Sym && X->Name == Name; };
  auto atLeast = [](const VExpr &X, int64_t Min) { return X->Op == VOp::Const && X->Value >= Min; };
  switch (C->Op) {
  case VOp::Gt: // v > c
    return isSelf(C->Ops[0]) && atLeast(C->Ops[1], -1);
  case VOp::Ge: // v >= c
    return isSelf(C->Ops[0]) && atLeast(C->Ops[1], 0);
  case VOp::Lt: // c < v
    return isSelf(C->Ops[1]) && atLeast(C->Ops[0], -1);
  case VOp::Le: // c <= v
    return isSelf(C->Ops[1]) && atLeast(C->Ops[0], 0);
  default:
    return false;
  }
}

} // namespace

bool compilerProvesNonNegative(const VExpr &E) {
  switch (E->Op) {
  case VOp::Const:
    return E->Value >= 0;
  case VOp::Sym: // the trip counter k of `for (int i = a; ...; i += s)`, i = a + k*s
    if (E->Recurrence)
      return recurrenceStaysNonNegative(*E->Recurrence, E->Name);
    return symbolKind(E->Name) == SymbolKind::TripCounter;
  case VOp::Add:
  case VOp::Mul:
  case VOp::Shr:
  case VOp::Min:
  case VOp::Max:
    return compilerProvesNonNegative(E->Ops[0]) && compilerProvesNonNegative(E->Ops[1]);
  case VOp::And:
    return compilerProvesNonNegative(E->Ops[0]) || compilerProvesNonNegative(E->Ops[1]);
  default:
    return false;
  }
}

namespace {

bool sameValue(const VExpr &A, const VExpr &B) {
  if (A == B)
    return true;
  if (!A || !B || A->Op != B->Op || A->Value != B->Value || A->Name != B->Name ||
      A->Ops.size() != B->Ops.size() || A->TreeSize != B->TreeSize)
    return false;
  for (size_t I = 0; I < A->Ops.size(); ++I)
    if (!sameValue(A->Ops[I], B->Ops[I]))
      return false;
  return true;
}

} // namespace

bool loopKeepsNonNegative(const VExpr &E, const std::vector<VExpr> &LoopConditions) {
  if (!E || E->TreeSize > 64)
    return false;
  for (const VExpr &C : LoopConditions) {
    if (!C || C->Ops.size() != 2)
      continue;
    auto constAtLeast = [](const VExpr &X, int64_t Min) {
      return X->Op == VOp::Const && X->Value >= Min;
    };
    if ((C->Op == VOp::Gt && sameValue(C->Ops[0], E) && constAtLeast(C->Ops[1], -1)) ||
        (C->Op == VOp::Ge && sameValue(C->Ops[0], E) && constAtLeast(C->Ops[1], 0)) ||
        (C->Op == VOp::Lt && sameValue(C->Ops[1], E) && constAtLeast(C->Ops[0], -1)) ||
        (C->Op == VOp::Le && sameValue(C->Ops[1], E) && constAtLeast(C->Ops[0], 0)))
      return true;
  }
  return false;
}

bool idLikeNonNegative(const VExpr &E) {
  if (E->TreeSize > 16)
    return false;
  switch (E->Op) {
  case VOp::Lane:
    return true;
  case VOp::Const:
    return E->Value >= 0 && E->Value < (1 << 16);
  case VOp::Sym:
    return !E->Recurrence && symbolKind(E->Name) != SymbolKind::Variable;
  case VOp::Add:
  case VOp::Mul:
    return idLikeNonNegative(E->Ops[0]) && idLikeNonNegative(E->Ops[1]);
  default:
    return false;
  }
}

} // namespace cllint::analysis
