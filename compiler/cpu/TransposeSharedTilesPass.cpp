// TransposeSharedTilesPass; see TransposeSharedTilesPass.h.
#include "TransposeSharedTilesPass.h"

#include "KernelInfo.h"
#include "ThreadQueries.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "drawbridge-transpose-shared-tiles"

STATISTIC(NumTransposed, "Shared arrays stored transposed");

namespace drawbridge::cpu {
namespace {

// Registers whose value differs between the threads of a row of the block.
bool variesAlongRow(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
  case Intrinsic::nvvm_read_ptx_sreg_warpid:
    return true;
  default:
    return false;
  }
}

// Whether V is computed by arithmetic from threadIdx.x.
bool followsThreadX(const Value *V, unsigned Depth = 0) {
  if (const auto *II = dyn_cast<IntrinsicInst>(V))
    return II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
    return false;
  return any_of(I->operands(), [&](const Value *Op) { return followsThreadX(Op, Depth + 1); });
}

// Whether V is the same for every thread of a row of the block: built by arithmetic, selects
// and phis from constants, arguments and special registers other than threadIdx.x and the
// lane and warp ids. A load or a call may give each thread its own value.
bool sameAlongRow(const Value *V, SmallPtrSetImpl<const Value *> &Seen, unsigned Depth = 0) {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  if (!Seen.insert(V).second) // a phi's cycle: decided by its other operands
    return true;
  if (specialRegisterOf(V) != SpecialRegister::None)
    return !variesAlongRow(V);
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 16 ||
      !(isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<CmpInst>(I) || isa<SelectInst>(I) ||
        isa<PHINode>(I)))
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return sameAlongRow(Op, Seen, Depth + 1); });
}

// The element addresses of G (`getelementptr [A x [B x T]], G, 0, a, b`, only loaded from
// and stored to as T) if every use of G is one whose row index a follows threadIdx.x and whose
// column index b is the same along a row; none otherwise.
SmallVector<GetElementPtrInst *> columnAccesses(GlobalVariable &G, Type *Element) {
  SmallVector<GetElementPtrInst *> Addresses;
  G.removeDeadConstantUsers(); // address space casts left unused when the spaces collapsed
  for (User *U : G.users()) {
    auto *GEP = dyn_cast<GetElementPtrInst>(U);
    if (!GEP || GEP->getPointerOperand() != &G || GEP->getSourceElementType() != G.getValueType() ||
        GEP->getNumIndices() != 3 || !match(GEP->getOperand(1), m_Zero()))
      return {};
    for (User *Access : GEP->users()) {
      auto *Load = dyn_cast<LoadInst>(Access);
      auto *Store = dyn_cast<StoreInst>(Access);
      if (!(Load && Load->getType() == Element) &&
          !(Store && Store->getPointerOperand() == GEP &&
            Store->getValueOperand()->getType() == Element))
        return {};
    }
    SmallPtrSet<const Value *, 16> Seen;
    if (!followsThreadX(GEP->getOperand(2)) || !sameAlongRow(GEP->getOperand(3), Seen))
      return {};
    Addresses.push_back(GEP);
  }
  return Addresses;
}

bool transpose(GlobalVariable &G) {
  auto *Rows = dyn_cast<ArrayType>(G.getValueType());
  auto *Row = Rows ? dyn_cast<ArrayType>(Rows->getElementType()) : nullptr;
  if (!Row || Row->getElementType()->isAggregateType())
    return false;
  Type *Element = Row->getElementType();
  SmallVector<GetElementPtrInst *> Addresses = columnAccesses(G, Element);
  if (Addresses.empty())
    return false;
  auto *Transposed =
      ArrayType::get(ArrayType::get(Element, Rows->getNumElements()), Row->getNumElements());
  auto *T = new GlobalVariable(*G.getParent(), Transposed, G.isConstant(), G.getLinkage(),
                               UndefValue::get(Transposed), G.getName() + ".transposed", &G,
                               G.getThreadLocalMode(), G.getAddressSpace());
  T->setAlignment(G.getAlign());
  T->copyMetadata(&G, 0);
  // The debugger would read the old layout: the variable shows as optimised out instead.
  T->eraseMetadata(LLVMContext::MD_dbg);
  for (GetElementPtrInst *GEP : Addresses) {
    IRBuilder<> B(GEP);
    Value *New =
        B.CreateGEP(Transposed, T, {GEP->getOperand(1), GEP->getOperand(3), GEP->getOperand(2)}, "",
                    GEP->isInBounds());
    New->takeName(GEP);
    GEP->replaceAllUsesWith(New);
    GEP->eraseFromParent();
  }
  G.eraseFromParent();
  ++NumTransposed;
  return true;
}

} // namespace

PreservedAnalyses TransposeSharedTilesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<GlobalVariable *> Tiles;
  for (GlobalVariable &G : M.globals())
    if (hasMarker(G, kSharedMD))
      Tiles.push_back(&G);
  bool Changed = false;
  for (GlobalVariable *G : Tiles)
    Changed |= transpose(*G);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
