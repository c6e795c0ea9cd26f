#include "Analysis/DefinitionChoice.h"

#include "clang/AST/Stmt.h"

namespace cllint::analysis {

using namespace clang;

namespace {

class ChoiceBuilder {
public:
  ChoiceBuilder(const std::vector<VarDef> &Defs, const SourceManager &SM) : Defs(Defs), SM(SM) {}

  std::unique_ptr<Choice> leaf(unsigned D) {
    auto C = std::make_unique<Choice>();
    C->Def = D;
    return C;
  }

  // Defs in Group share their first Level enclosing statements; Outside, if set, is the value
  // of the paths on which none of them runs.
  std::unique_ptr<Choice> build(const std::vector<unsigned> &Group, size_t Level,
                                std::optional<unsigned> Outside) {
    if (Group.empty())
      return Outside ? leaf(*Outside) : nullptr;
    std::vector<unsigned> AtLevel, Inner;
    for (unsigned D : Group)
      (Defs[D].Nest.size() == Level ? AtLevel : Inner).push_back(D);
    if (AtLevel.size() > 1)
      return nullptr; // two definitions on one path both reaching: carried around a loop
    if (AtLevel.size() == 1) {
      if (Inner.empty())
        return leaf(AtLevel[0]);
      Outside = AtLevel[0];
    }
    // Every inner definition must sit in the arms of one `if` or `?:` at this level, and the
    // definition outside it must come first.
    const Enclosing &E0 = Defs[Inner[0]].Nest[Level];
    if (!isa<IfStmt, ConditionalOperator>(E0.Owner) || !E0.Cond)
      return nullptr;
    std::vector<unsigned> Then, Else;
    for (unsigned D : Inner) {
      const Enclosing &E = Defs[D].Nest[Level];
      if (E.Owner != E0.Owner)
        return nullptr;
      (E.ElseArm ? Else : Then).push_back(D);
    }
    if (AtLevel.size() == 1 && Defs[AtLevel[0]].Where &&
        !SM.isBeforeInTranslationUnit(Defs[AtLevel[0]].Where->getBeginLoc(),
                                      E0.Owner->getBeginLoc()))
      return nullptr;
    if ((Then.empty() || Else.empty()) && !Outside)
      return nullptr;
    auto C = std::make_unique<Choice>();
    C->Cond = E0.Cond;
    C->Then = build(Then, Level + 1, Outside);
    C->Else = build(Else, Level + 1, Outside);
    if (!C->Then || !C->Else)
      return nullptr;
    return C;
  }

private:
  const std::vector<VarDef> &Defs;
  const SourceManager &SM;
};

size_t commonLevel(const std::vector<VarDef> &Defs, const std::vector<unsigned> &Reach) {
  size_t Level = Defs[Reach[0]].Nest.size();
  for (unsigned D : Reach) {
    const auto &A = Defs[Reach[0]].Nest, &B = Defs[D].Nest;
    size_t L = 0;
    while (L < Level && L < B.size() && A[L].Owner == B[L].Owner && A[L].ElseArm == B[L].ElseArm)
      ++L;
    Level = L;
  }
  return Level;
}

} // namespace

std::unique_ptr<Choice> choiceTree(const std::vector<VarDef> &Defs,
                                   const std::vector<unsigned> &Reach, const SourceManager &SM) {
  if (Reach.size() < 2)
    return nullptr;
  for (unsigned D : Reach)
    if (D >= Defs.size() || Defs[D].K == VarDef::Uninit)
      return nullptr;
  // The statements all the definitions share do not choose between them.
  return ChoiceBuilder(Defs, SM).build(Reach, commonLevel(Defs, Reach), std::nullopt);
}

} // namespace cllint::analysis
