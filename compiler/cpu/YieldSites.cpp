// Yield sites on back edges; see YieldSites.h.
#include "YieldSites.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace drawbridge::cpu {

void addYieldOnBackEdges(Loop &L, uint32_t Kind) {
  SmallVector<BasicBlock *> Latches;
  L.getLoopLatches(Latches);
  BasicBlock *Header = L.getHeader();
  Module &M = *Header->getModule();
  for (BasicBlock *Latch : Latches) {
    BasicBlock *Edge = SplitEdge(Latch, Header);
    Edge->setName("yield");
    IRBuilder<> B(Edge->getTerminator());
    B.CreateCall(getSiteFunction(M), {B.getInt32(Kind)});
  }
}

} // namespace drawbridge::cpu
