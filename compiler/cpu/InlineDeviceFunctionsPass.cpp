// InlineDeviceFunctionsPass: all device functions into their kernels.
//
// The CPU lowering splits a kernel at its synchronisation sites. A __syncthreads() or a shuffle
// inside a called function would be invisible to that split, so every non-recursive device
// function is marked always-inline (overriding __noinline__, which only tunes GPU code size)
// and LLVM's always-inliner does the work. Functions in a call-graph cycle cannot be inlined;
// FormThreadRegionsPass rejects kernels that reach a site through one of them.
#include "InlineDeviceFunctionsPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-inline-device-functions"

STATISTIC(NumMarked, "Device functions marked always-inline");

namespace drawbridge::cpu {

PreservedAnalyses InlineDeviceFunctionsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  SmallPtrSet<const Function *, 8> Recursive;
  CallGraph CG(M);
  for (scc_iterator<CallGraph *> SCC = scc_begin(&CG); !SCC.isAtEnd(); ++SCC) {
    if (!SCC.hasCycle())
      continue;
    for (CallGraphNode *Node : *SCC)
      if (const Function *F = Node->getFunction())
        Recursive.insert(F);
  }

  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || Recursive.contains(&F))
      continue;
    F.removeFnAttr(Attribute::NoInline);
    F.removeFnAttr(Attribute::OptimizeNone);
    F.addFnAttr(Attribute::AlwaysInline);
    ++NumMarked;
  }
  return AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/true).run(M, MAM);
}

} // namespace drawbridge::cpu
