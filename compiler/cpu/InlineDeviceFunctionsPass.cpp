// InlineDeviceFunctionsPass: all device functions into their kernels.
//
// The CPU lowering splits a kernel at its synchronisation sites. A __syncthreads() or a shuffle
// inside a called function would be invisible to that split, so every non-recursive device
// function is marked always-inline (overriding __noinline__, which only tunes GPU code size)
// and LLVM's always-inliner does the work. Functions in a call-graph cycle cannot be inlined;
// FormThreadRegionsPass rejects kernels that reach a site through one of them.
//
// clang hands over the device side unoptimised (every local an alloca, every use a load), and
// the always-inliner copies a callee as it is, so each call of an fp16 operator or a math
// helper arrived as a copy of its allocas for the simplification pipeline to clean up, once
// per copy. Above -O0 each callee is first tidied once (SROA, EarlyCSE, InstCombine,
// SimplifyCFG; function passes only, which move nothing across the convergent calls that stand
// for barriers and collectives), so the copies are the small SSA code that cleaning each would
// have made: a file of fp16 arithmetic compiles in a third less time. Kernels are left to the
// pipeline after inlining, as before. Once inlined, a thread's exit (PTX exit, which
// TranslateInlinePtxPass leaves as a call) becomes a return from the kernel.
#include "InlineDeviceFunctionsPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-inline-device-functions"

STATISTIC(NumMarked, "Device functions marked always-inline");

namespace drawbridge::cpu {

namespace {

// A thread's exit (PTX exit, now inlined into its kernel) is a return from the kernel. The
// callees' own copies are left for dead-function elimination, except in recursive functions,
// which no kernel inlines.
bool returnAtThreadExits(Module &M, const SmallPtrSetImpl<const Function *> &Recursive) {
  Function *Exit = M.getFunction(kThreadExitFn);
  if (!Exit)
    return false;
  for (User *U : make_early_inc_range(Exit->users())) {
    auto *CI = cast<CallInst>(U);
    if (Recursive.contains(CI->getFunction())) {
      diagnoseDeviceCode(*CI, "PTX exit in a recursive device function: only a kernel can end "
                              "its thread on the CPU target");
      continue;
    }
    if (!isKernel(*CI->getFunction()))
      continue;
    BasicBlock *BB = CI->getParent();
    while (&BB->back() != CI)
      BB->back().eraseFromParent();
    CI->eraseFromParent();
    ReturnInst::Create(M.getContext(), BB);
  }
  return true;
}

} // namespace

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

  FunctionPassManager Tidy;
  Tidy.addPass(SROAPass(SROAOptions::PreserveCFG));
  Tidy.addPass(EarlyCSEPass());
  Tidy.addPass(InstCombinePass());
  Tidy.addPass(SimplifyCFGPass());
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Tidied = false;
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || Recursive.contains(&F))
      continue;
    F.removeFnAttr(Attribute::NoInline);
    F.removeFnAttr(Attribute::OptimizeNone);
    F.addFnAttr(Attribute::AlwaysInline);
    ++NumMarked;
    // The pass manager invalidates F's analyses after each pass itself.
    if (TidyCallees)
      Tidied |= !Tidy.run(F, FAM).areAllPreserved();
  }
  PreservedAnalyses Kept = AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/true).run(M, MAM);
  bool Exits = returnAtThreadExits(M, Recursive);
  return Tidied || Exits ? PreservedAnalyses::none() : Kept;
}

} // namespace drawbridge::cpu
