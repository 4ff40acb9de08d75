// Phis that stand for one value; see PhiStandIns.h.
#include "PhiStandIns.h"

#include "FunctionLoopAnalyses.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace drawbridge::cpu {
namespace {

// How far up the dominator tree a condition is looked for, and how deep V's expression is
// evaluated.
constexpr unsigned kMaxDominators = 16, kMaxDepth = 8;

// V with X replaced by K, folded to a constant; null where something else is left.
Constant *valueWhen(Value &V, const Value &X, Constant &K, const DataLayout &DL,
                    unsigned Depth = 0) {
  if (&V == &X)
    return &K;
  if (auto *C = dyn_cast<Constant>(&V))
    return C;
  auto *I = dyn_cast<Instruction>(&V);
  if (!I || Depth == kMaxDepth || I->mayReadOrWriteMemory() || isa<PHINode>(I) || isa<CallBase>(I))
    return nullptr;
  SmallVector<Constant *, 2> Operands;
  for (Value *Op : I->operands()) {
    Constant *C = valueWhen(*Op, X, K, DL, Depth + 1);
    if (!C)
      return nullptr;
    Operands.push_back(C);
  }
  return ConstantFoldInstOperands(I, Operands, DL);
}

// Whether every path into Incoming passed a branch that fixed an operand of V's expression to
// a value at which V is C.
bool fixedTo(Value &V, Constant &C, BasicBlock &Incoming, const DominatorTree &DT) {
  const DataLayout &DL = Incoming.getDataLayout();
  const DomTreeNode *Node = DT.getNode(&Incoming);
  for (unsigned Step = 0; Node && Step < kMaxDominators; ++Step, Node = Node->getIDom()) {
    BasicBlock *D = Node->getBlock();
    Value *X;
    Constant *K;
    BasicBlock *Then, *Else;
    ICmpInst::Predicate Pred;
    if (!match(D->getTerminator(), m_Br(m_ICmp(Pred, m_Value(X), m_Constant(K)), m_BasicBlock(Then),
                                        m_BasicBlock(Else))))
      continue;
    BasicBlock *Fixed = Pred == ICmpInst::ICMP_EQ   ? Then
                        : Pred == ICmpInst::ICMP_NE ? Else
                                                    : nullptr;
    if (!Fixed || Then == Else || !DT.dominates(BasicBlockEdge(D, Fixed), &Incoming))
      continue;
    if (valueWhen(V, *X, *K, DL) == &C)
      return true;
  }
  return false;
}

// Whether A and B compute the same value: the same value, or the same operation (flags
// included) on operands that compute the same values, reading no memory.
bool sameExpression(const Value &A, const Value &B, unsigned Depth = 0) {
  if (&A == &B)
    return true;
  const auto *IA = dyn_cast<Instruction>(&A);
  const auto *IB = dyn_cast<Instruction>(&B);
  if (!IA || !IB || Depth == kMaxDepth || !IA->isSameOperationAs(IB) || isa<PHINode>(IA) ||
      IA->mayReadOrWriteMemory() || IA->mayHaveSideEffects())
    return false;
  for (unsigned I = 0; I < IA->getNumOperands(); ++I)
    if (!sameExpression(*IA->getOperand(I), *IB->getOperand(I), Depth + 1))
      return false;
  return true;
}

// Whether A and B are one value: the same expression, or integer arithmetic that scalar
// evolution reads as one expression (each arm of a branch stepping an index by the same
// amounts, reassociated differently).
bool sameValue(Value &A, Value &B, ScalarEvolution &SE) {
  if (sameExpression(A, B))
    return true;
  return SE.isSCEVable(A.getType()) && A.getType() == B.getType() &&
         SE.getSCEV(&A) == SE.getSCEV(&B) && !isa<SCEVUnknown>(SE.getSCEV(&A));
}

// What Phi stands for, or null.
Value *findStandIn(const PHINode &Phi, const DominatorTree &DT, ScalarEvolution &SE) {
  Value *One = nullptr;
  for (Value *In : Phi.incoming_values())
    if (!isa<Constant>(In) && In != One) {
      if (In == &Phi || (One && !sameValue(*One, *In, SE)))
        return nullptr;
      if (!One)
        One = In;
    }
  if (!One)
    return nullptr;
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I)
    if (auto *C = dyn_cast<Constant>(Phi.getIncomingValue(I));
        C && !fixedTo(*One, *C, *Phi.getIncomingBlock(I), DT))
      return nullptr;
  return One;
}

} // namespace

PhiStandIns::PhiStandIns(Function &F) {
  FunctionLoopAnalyses A(F);
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (Value *V = findStandIn(Phi, A.DT, A.SE))
        Known[&Phi] = V;
}

} // namespace drawbridge::cpu
