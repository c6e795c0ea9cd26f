#include "RecordUse.h"

#include "clang/AST/RecordLayout.h"

#include <set>

namespace cllint {

using namespace analysis;

bool readWholeElsewhere(const MemoryAccess &A, const std::vector<const MemoryAccess *> &All) {
  if (!A.ByteOffset || !A.Bytes.isAffine())
    return false;
  for (const MemoryAccess *B : All) {
    if (B == &A || B->Base != A.Base || B->Context != A.Context || !B->ByteOffset ||
        !B->Bytes.isAffine() || B->AccessBytes <= A.AccessBytes)
      continue;
    bool SameLanes = true;
    for (unsigned D = 0; D < 3; ++D)
      SameLanes &= A.Bytes.Lane[D] == B->Bytes.Lane[D];
    std::optional<int64_t> From = constantApart(B->ByteOffset, A.ByteOffset);
    if (SameLanes && From && *From >= 0 && *From + A.AccessBytes <= B->AccessBytes)
      return true;
  }
  return false;
}

bool everyFieldUsed(clang::ASTContext &Ctx, const SiblingGroup &G) {
  const MemoryAccess &A = *G.Members.front();
  if (A.RecordBytes <= 0 || A.ElementType.isNull())
    return false;
  const auto *RT = A.ElementType->getAsStructureType();
  // The access's place in its record: the constant term of its offset (the index terms are
  // whole records).
  std::optional<int64_t> Own = A.Bytes.Constant.numericTerm();
  if (!RT || !RT->getDecl()->getDefinition() || !Own)
    return false;
  int64_t First = ((*Own % A.RecordBytes) + A.RecordBytes) % A.RecordBytes;
  const clang::ASTRecordLayout &L = Ctx.getASTRecordLayout(RT->getDecl()->getDefinition());
  for (const clang::FieldDecl *Fd : RT->getDecl()->getDefinition()->fields()) {
    if (Fd->isBitField() || Fd->getType()->isIncompleteType())
      return false;
    int64_t Begin = int64_t(L.getFieldOffset(Fd->getFieldIndex()) / 8);
    int64_t End = Begin + Ctx.getTypeSizeInChars(Fd->getType()).getQuantity();
    bool Covered = false;
    for (size_t I = 0; I < G.Members.size() && !Covered; ++I) {
      int64_t From = First + G.Offsets[I], To = From + G.Members[I]->AccessBytes;
      Covered = From <= Begin && End <= To;
    }
    if (!Covered)
      return false;
  }
  return true;
}

bool xyzOfFourVectors(const SiblingGroup &G) {
  const MemoryAccess &A = *G.Members.front();
  const auto *V = A.ElementType.isNull() ? nullptr : A.ElementType->getAs<clang::VectorType>();
  if (!V || V->getNumElements() != 4 || A.ElementBytes <= 0)
    return false;
  // The first member's place in its element: the constant term's number (the index terms
  // are whole elements).
  std::optional<int64_t> Own = A.Bytes.Constant.numericTerm();
  if (!Own)
    return false;
  int64_t Component = A.ElementBytes / 4;
  std::set<int64_t> Used; // components read, by index within the element
  for (size_t I = 0; I < G.Members.size(); ++I) {
    if (G.Members[I]->ElementBytes != A.ElementBytes)
      return false;
    int64_t At = *Own + G.Offsets[I];
    int64_t Within = ((At % A.ElementBytes) + A.ElementBytes) % A.ElementBytes;
    for (int64_t B = Within; B < Within + G.Members[I]->AccessBytes; B += Component)
      Used.insert(B / Component % 4);
  }
  return Used.count(0) && Used.count(1) && Used.count(2);
}

int64_t contiguousLoopRun(const KernelFacts &F, const MemoryAccess &A) {
  std::vector<int64_t> Offsets = loopOffsetsAtUnitSymbols(F, A);
  std::sort(Offsets.begin(), Offsets.end());
  Offsets.erase(std::unique(Offsets.begin(), Offsets.end()), Offsets.end());
  for (size_t I = 1; I < Offsets.size(); ++I)
    if (Offsets[I] - Offsets[I - 1] > A.AccessBytes)
      return A.AccessBytes;
  return Offsets.back() - Offsets.front() + A.AccessBytes;
}

std::optional<int64_t> smallestStride(const Poly &StrideBytes) {
  SymbolValues Ones;
  for (const std::string &S : StrideBytes.symbols())
    Ones[S] = 1;
  std::optional<int64_t> V = StrideBytes.evaluate(Ones);
  if (!V || *V <= 0)
    return std::nullopt;
  return V;
}

std::string aosCost(int64_t RecordBytes) {
  if (RecordBytes <= 0)
    return "";
  static const std::pair<int64_t, const char *> Measured[] = {{8, "1.2-1.3x"},  {12, "1.5-1.6x"},
                                                              {16, "1.8-1.9x"}, {32, "3.2-3.3x"},
                                                              {64, "6.1-6.2x"}, {260, "8.3x"}};
  const char *Ratio = nullptr;
  int64_t Size = 0;
  for (const auto &[Bytes, R] : Measured)
    if (Bytes <= RecordBytes) {
      Ratio = R;
      Size = Bytes;
    }
  if (!Ratio)
    return "";
  return "; reading one 4-B field of " + std::to_string(Size) + "-B records measured " + Ratio +
         " the time of a float array on an NVIDIA H100";
}

} // namespace cllint
