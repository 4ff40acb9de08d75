// Recognises the thread loops FormThreadRegions builds, for the passes that transform them
// after the standard simplification has reshaped them into ordinary loops.
#pragma once

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

namespace drawbridge::cpu {

// A new distinct loop ID with ID's attributes (if any) and Extra's.
llvm::MDNode *copyLoopID(llvm::LLVMContext &Ctx, const llvm::MDNode *ID,
                         llvm::ArrayRef<llvm::Metadata *> Extra = {});

// Gives L a loop ID of its own: its old one's attributes and Attribute.
void addLoopAttribute(llvm::Loop &L, llvm::Metadata *Attribute);

// Whether L is a thread loop: FormThreadRegions marks each one llvm.loop.parallel_accesses.
bool isThreadLoop(const llvm::Loop &L);

// F's thread loops, inner loops before the loops around them.
llvm::SmallVector<llvm::Loop *> threadLoopsInnerFirst(const llvm::LoopInfo &LI);

// Whether V is, within a few steps of casts and arithmetic, an index of an address: what the
// vectoriser turns into a gather where V is not affine in the thread.
bool reachesAddress(const llvm::Value &V, unsigned Depth = 0);

// Whether V's value at an iteration of L can be computed from the values of L's header phis
// by copying arithmetic: V is defined outside L, is a header phi, or is a cast, a binary
// operator other than a division or remainder, or a comparison of such values.
bool isCopyableFromHeader(const llvm::Value *V, const llvm::Loop &L);

// V (isCopyableFromHeader) computed by B from the values Copies gives L's header phis; Copies
// gains each copy made, so that values shared by several calls are copied once.
llvm::Value *copyFromHeader(llvm::Value *V, const llvm::Loop &L, llvm::IRBuilderBase &B,
                            llvm::ValueToValueMapTy &Copies);

// The number of instructions in L's blocks.
unsigned instructionCount(const llvm::Loop &L);

// The value Term decides on: a conditional branch's condition or a switch's; null otherwise.
llvm::Value *branchCondition(const llvm::Instruction &Term);

// Whether a condition that decides whether L is left depends, through L's instructions, on an
// instruction of L that Source accepts (a spin-wait's read of a flag).
bool exitDependsOn(const llvm::Loop &L, llvm::function_ref<bool(const llvm::Instruction &)> Source);

// Gives each of F's thread loops, inner loops first (so that an outer loop's copy holds its
// inner loops' copies), to Version, which says whether it changed the function; SE forgets
// each loop afterwards. What the pass preserves.
llvm::PreservedAnalyses
versionThreadLoops(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   llvm::function_ref<bool(llvm::Loop &, llvm::LoopInfo &, llvm::DominatorTree &,
                                           llvm::ScalarEvolution &)>
                       Version);

// Gives L (in LCSSA form, with a preheader and one exit block) a copy that runs instead of it
// when Guard, computed in L's preheader, holds; both exit to L's exit block, whose phis take
// the copy's values too. VMap maps L's values to the copy's.
llvm::Loop *cloneLoopBehindGuard(llvm::Loop &L, llvm::Value *Guard, const llvm::Twine &Suffix,
                                 llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                                 llvm::ValueToValueMapTy &VMap);

// GVN's partial redundancy elimination can leave the increment as a phi of one computation
// made on each path to the latch (`i + 1` both where a thread returned early and where it
// ran), which SCEV does not see through. Behind casts from Increment, such a phi becomes the one
// computation, made where the phi was (Increment follows it if it was the phi).
bool mergeRepeatedIncrement(llvm::Value *&Increment, llvm::ScalarEvolution &SE,
                            const llvm::DominatorTree &DT);

// The latch test of a thread loop over a row, `Next <u End` (or `End >u Next`): Next is i + 1
// for the loop's induction variable i (an add recurrence of step 1), End is invariant.
struct RowLatch {
  llvm::BranchInst *Branch;
  llvm::ICmpInst *Cmp;
  unsigned EndOperand; // which operand of Cmp is End
  llvm::Value *NextValue, *EndValue;
  const llvm::SCEVAddRecExpr *Next;
};

// Puts L, if it has at most MaxInstructions instructions, in loop-simplify and LCSSA form (Changed
// says whether that changed it) and finds its latch test, merging a repeated increment first.
std::optional<RowLatch> parseRowLatch(llvm::Loop &L, unsigned MaxInstructions, llvm::LoopInfo &LI,
                                      llvm::DominatorTree &DT, llvm::ScalarEvolution &SE,
                                      bool &Changed);

} // namespace drawbridge::cpu
