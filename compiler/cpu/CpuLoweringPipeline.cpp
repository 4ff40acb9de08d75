// The CPU lowering pipeline. Ordering constraints, stage by stage:
//
// retarget  RetargetToHost first: every later pass reads the kernel marks it sets and works
//           on host types. CollapseAddressSpaces before anything matches on pointers.
//           RedirectManagedVariables after it (globals in address space 0) and before
//           inlining, so each function loads the redirect once at its entry.
//           TranslateInlinePtx just before LowerDeviceBuiltins, which lowers the NVVM
//           intrinsics the PTX becomes (clock, membar); both before inlining so errors name
//           the function the user wrote.
//           AnnotateSpecialRegisterRanges before simplification, which then folds the tests
//           that the launch limits decide (`threadIdx.x < 2048`).
//           GpuIntegerDivision before any optimisation can assume a divisor is non-zero,
//           ClampShiftAmounts before any can assume a shift amount is below the width.
// inline    InlineDeviceFunctions brings every barrier and collective into its kernel.
//           PrivatizeByvalParams after it (writes through inlined callees count) and before
//           simplification turns the copies into plain values where it can. KeepVoteLoopsRolled
//           last, on the inlined kernels, before simplification would unroll their loops.
// simplify  Function passes only (SROA, InstCombine, GVN, LICM, loop passes, ...): the fewer
//           locals and values survive, the fewer per-thread slots regions need. No module
//           passes here: GlobalOpt would treat a __shared__ variable used by one kernel as a
//           local of a single-threaded function. Barriers and collectives are convergent
//           calls with unknown memory effects, so no function pass moves memory across them.
// regions   TransposeSharedTiles first, while a shared array's element addresses are still
//           the GEPs the simplification left, its indices SSA values traceable to threadIdx.x.
//           LockstepVolatileShared next, after simplification has resolved pointers to the
//           shared variables they point into; its __syncwarp calls become sites like any
//           other. MarkCrossBlockWaits before NormalizeSites, while a vote's or shuffle's
//           operands still lead to the reads its result depends on. LocalizeSharedAtomics after
//           InsertSpinYields (which finds spin loops by their atomics) and before FormThreadRegions
//           (which leaves the plain accesses it makes out of the parallel ones). NormalizeSites,
//           then InsertSpinYields, LockstepStrideLoops and LockstepUniformLoops (they tell loops
//           that already synchronise by their sites, and the last two leave kernels that spin
//           alone), then FormFiberKernels (needs sites in their final form; takes the kernels
//           regions cannot express out of the way), then FuseShuffleChains (region kernels' sites
//           only; values still SSA, so a chain is a def-use walk), then
//           RebaseSiteLoopInductions (after the passes that add loops' barriers, before
//           demotion, which then computes the rebased inductions again), then DemoteCrossSiteValues
//           (kernels only), then FormThreadRegions (needs no SSA value live across a site;
//           without -g it drops the kernels' debug information, which goes after this stage
//           anyway, and copies each region's code alone).
// image     EmitCpuImage after all kernels have descriptors; it internalises the module.
// optimize  PreferWideVectors first (attributes the whole pipeline reads), then the standard
//           -O pipeline on the region functions: thread loops are ordinary loops now, open to
//           unrolling and vectorisation. Switches are lowered to branches
//           just before the loop vectoriser, which if-converts branches but gives up on a
//           switch (`if (threadIdx.x == 0) ... else if (threadIdx.x == 31)` becomes one).
//           First of those, RestoreThreadSlotAccessGroups puts the context-array accesses that
//           the simplification pipeline's store sinking left without an access group back
//           into their thread loop's, before any pass reads the loops as parallel.
//           Then RecomputeEquivalentPhis, after the last GVN (whose PRE makes such phis), so
//           that the passes below and the vectoriser see a store both arms of a branch make
//           to out[i] at an address affine in the thread index.
//           Then PrefetchNextBlock puts the entry region's prefetches of the next
//           blocks' data before each row, once, ahead of the copies the passes below make.
//           Then UnswitchRowInvariantBranches gives a 2D or 3D region's row loop a copy for
//           the rows that take a branch the whole row takes alike (a stencil's halo rows),
//           so that the other rows' loop has no such branch to predicate.
//           Then SpecializeFullRows gives the thread loops of 2D and 3D regions copies
//           for whole rows of 32 and 16 threads (before the others, so that they work on the
//           copies too, and after the full unroller, which would unroll them).
//           Then HoistInvariantChoices turns a phi that picks between two invariant values
//           by an invariant branch (a stencil's halo row, `threadIdx.y == 0` or `== BY - 1`)
//           into a select before the thread loop, so that its accesses stay contiguous.
//           Then SplitThreadLoopsAtThreads takes the threads that `threadIdx.x == 0`-style
//           branches single out into loops of their own (on LowerSwitch's branches, before
//           VersionThreadLoopBounds so that the main loop is versioned as well).
//           Then VersionThreadLoopBounds gives thread loops an unchecked copy for blocks whose
//           threads all pass their bounds checks (after the simplification pipeline has made
//           those checks affine in the thread index, and after LowerSwitch, whose branches can
//           be such checks); VersionThreadLoopQuotients after it gives the loops that divide
//           the thread's index by an invariant a copy for blocks whose threads share the
//           quotient; FormQuotientRuns then splits the loops that divide it by a constant power
//           of two into runs of threads that share the quotient (the warps of a warp-per-row
//           kernel), after the copies so that a block-wide quotient keeps its one loop;
//           RunSingledOutThread then makes a loop whose effects all wait on one thread
//           (`if (lane == 0)` in a warp's run, where the lane is affine) run that thread alone;
//           LockstepRunLoops, which needs the runs, steps a run's inner loop a round at a time
//           across its threads; SimplifyCFG folds the copies' constant branches before the
//           vectoriser sees them. AttachVectorMath then, on the calls that survived
//           simplification, so that the vectoriser sees libmvec's versions of them.
//           KeepScalarizedLoopsScalar next, on the loops all the copies above made, each of
//           which the vectoriser would otherwise widen and interleave alike;
//           DivideThroughFloatingPoint next, on the loops it leaves to the vectoriser, turns
//           divisions by a variable into floating-point ones x86 has vector instructions for
//           (it also runs before the -O pipeline, so that loop unswitching sees the smaller
//           form). ProtectSameThreadOrder last, on the loops and accesses the vectoriser will
//           see, unmarks the thread loops whose interleaved groups could reorder a thread's
//           own accesses. After the whole pipeline, FoldSteppedBuildVectors rebuilds the
//           vectoriser's lane-by-lane vectors of consecutive thread indices as a splat plus a
//           step, and AvoidSlowMaskedStores, last, turns masked stores into plain ones (or a
//           branch on the mask) where the target has no AVX-512.
#include "CpuLoweringPipeline.h"

#include "AnnotateSpecialRegisterRangesPass.h"
#include "AttachVectorMathPass.h"
#include "AvoidSlowMaskedStoresPass.h"
#include "BindExternalizedStaticsPass.h"
#include "CheckStaticSharedLimitPass.h"
#include "ClampShiftAmountsPass.h"
#include "CollapseAddressSpacesPass.h"
#include "DemoteCrossSiteValuesPass.h"
#include "DivideThroughFloatingPointPass.h"
#include "EmitCpuImagePass.h"
#include "FoldSteppedBuildVectorsPass.h"
#include "FormFiberKernelsPass.h"
#include "FormQuotientRunsPass.h"
#include "FormThreadRegionsPass.h"
#include "FuseShuffleChainsPass.h"
#include "GpuIntegerDivisionPass.h"
#include "HoistInvariantChoicesPass.h"
#include "InlineDeviceFunctionsPass.h"
#include "InsertSpinYieldsPass.h"
#include "KeepScalarizedLoopsScalarPass.h"
#include "KeepVoteLoopsRolledPass.h"
#include "LocalizeSharedAtomicsPass.h"
#include "LockstepRunLoopsPass.h"
#include "LockstepStrideLoopsPass.h"
#include "LockstepUniformLoopsPass.h"
#include "LockstepVolatileSharedPass.h"
#include "LowerDeviceBuiltinsPass.h"
#include "MarkCrossBlockWaitsPass.h"
#include "NormalizeSitesPass.h"
#include "PrefetchNextBlockPass.h"
#include "ProtectSameThreadOrderPass.h"
#include "PrivatizeByvalParamsPass.h"
#include "RebaseSiteLoopInductionsPass.h"
#include "RecomputeEquivalentPhisPass.h"
#include "RedirectManagedVariablesPass.h"
#include "RestoreThreadSlotAccessGroupsPass.h"
#include "RetargetToHostPass.h"
#include "RunSingledOutThreadPass.h"
#include "SpecializeFullRowsPass.h"
#include "SplitThreadLoopsAtThreadsPass.h"
#include "TranslateInlinePtxPass.h"
#include "TransposeSharedTilesPass.h"
#include "UnswitchRowInvariantBranchesPass.h"
#include "VersionThreadLoopBoundsPass.h"
#include "VersionThreadLoopQuotientsPass.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"

using namespace llvm;

namespace drawbridge::cpu {

namespace {

// Lets the vectoriser use 512-bit vectors where the CPU has them. LLVM's tuning for Intel's
// AVX-512 cores prefers 256 bits (the first of them slowed their clock for 512-bit work), which
// held thread loops to 8 floats a vector; measured on the suite, 16 lanes were worth more.
class PreferWideVectorsPass : public PassInfoMixin<PreferWideVectorsPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M)
      if (!F.isDeclaration())
        F.addFnAttr("prefer-vector-width", "512");
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

} // namespace

std::vector<LoweringStage> buildCpuLoweringStages(PassBuilder &PB,
                                                  const CpuLoweringOptions &Options) {
  std::vector<LoweringStage> Stages;
  auto Add = [&](std::string Name) -> ModulePassManager & {
    Stages.push_back({std::move(Name), ModulePassManager()});
    return Stages.back().Passes;
  };

  ModulePassManager &Retarget = Add("retarget");
  if (Options.Triple.empty())
    Retarget.addPass(RetargetToHostPass());
  else
    Retarget.addPass(RetargetToHostPass(Options.Triple, Options.DataLayout));
  Retarget.addPass(CollapseAddressSpacesPass());
  Retarget.addPass(RedirectManagedVariablesPass());
  Retarget.addPass(TranslateInlinePtxPass());
  Retarget.addPass(LowerDeviceBuiltinsPass());
  Retarget.addPass(AnnotateSpecialRegisterRangesPass());
  Retarget.addPass(GpuIntegerDivisionPass());
  Retarget.addPass(ClampShiftAmountsPass());

  ModulePassManager &Inline = Add("inline");
  Inline.addPass(InlineDeviceFunctionsPass(Options.Level != OptimizationLevel::O0));
  Inline.addPass(PrivatizeByvalParamsPass());
  Inline.addPass(createModuleToFunctionPassAdaptor(KeepVoteLoopsRolledPass()));

  if (Options.Level != OptimizationLevel::O0)
    Add("simplify")
        .addPass(createModuleToFunctionPassAdaptor(PB.buildFunctionSimplificationPipeline(
            OptimizationLevel::O2, ThinOrFullLTOPhase::None)));

  ModulePassManager &Regions = Add("regions");
  Regions.addPass(CheckStaticSharedLimitPass());
  Regions.addPass(TransposeSharedTilesPass());
  Regions.addPass(LockstepVolatileSharedPass());
  Regions.addPass(MarkCrossBlockWaitsPass());
  Regions.addPass(NormalizeSitesPass());
  Regions.addPass(InsertSpinYieldsPass());
  Regions.addPass(LockstepStrideLoopsPass());
  Regions.addPass(LockstepUniformLoopsPass());
  Regions.addPass(LocalizeSharedAtomicsPass());
  Regions.addPass(FormFiberKernelsPass());
  Regions.addPass(FuseShuffleChainsPass());
  Regions.addPass(RebaseSiteLoopInductionsPass());
  Regions.addPass(DemoteCrossSiteValuesPass());
  Regions.addPass(FormThreadRegionsPass(/*StripDebugInfo=*/!Options.KeepDebugInfo));

  Add("image").addPass(EmitCpuImagePass(Options.ImageId, Options.DeviceLink,
                                        Options.LinkedModuleIds, Options.PtxVersion));

  ModulePassManager &Optimize = Add("optimize");
  Optimize.addPass(PreferWideVectorsPass());
  PB.registerVectorizerStartEPCallback([](FunctionPassManager &FPM, OptimizationLevel) {
    FPM.addPass(RestoreThreadSlotAccessGroupsPass());
    FPM.addPass(RecomputeEquivalentPhisPass());
    FPM.addPass(PrefetchNextBlockPass());
    FPM.addPass(UnswitchRowInvariantBranchesPass());
    FPM.addPass(SpecializeFullRowsPass());
    FPM.addPass(LowerSwitchPass());
    FPM.addPass(HoistInvariantChoicesPass());
    FPM.addPass(SplitThreadLoopsAtThreadsPass());
    FPM.addPass(VersionThreadLoopBoundsPass());
    FPM.addPass(VersionThreadLoopQuotientsPass());
    FPM.addPass(FormQuotientRunsPass());
    FPM.addPass(RunSingledOutThreadPass());
    FPM.addPass(LockstepRunLoopsPass());
    FPM.addPass(SimplifyCFGPass());
    FPM.addPass(AttachVectorMathPass());
    FPM.addPass(KeepScalarizedLoopsScalarPass());
    FPM.addPass(DivideThroughFloatingPointPass());
    FPM.addPass(ProtectSameThreadOrderPass());
  });
  // The vector math versions defined in the module (VectorExpf.h) are called by the
  // vectoriser, after the inliner has run: inline them into their loops now. The vectoriser's
  // lane-by-lane build vectors of thread indices are folded last, after the instruction
  // combining that follows it, which leaves them; then masked stores the target makes slow
  // go, once nothing after would fold the plain stores back into them.
  PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(AlwaysInlinerPass());
    FunctionPassManager Last;
    Last.addPass(FoldSteppedBuildVectorsPass());
    Last.addPass(AvoidSlowMaskedStoresPass());
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(Last)));
  });
  if (Options.Level == OptimizationLevel::O0) {
    Optimize.addPass(PB.buildO0DefaultPipeline(OptimizationLevel::O0));
  } else {
    Optimize.addPass(createModuleToFunctionPassAdaptor(
        DivideThroughFloatingPointPass(/*BeforeQuotientVersioning=*/true)));
    Optimize.addPass(PB.buildPerModuleDefaultPipeline(Options.Level));
  }
  Optimize.addPass(VerifierPass());
  return Stages;
}

namespace {

// All stages before "optimize", as one pass for lit tests.
class CpuLoweringPass : public PassInfoMixin<CpuLoweringPass> {
public:
  explicit CpuLoweringPass(PassBuilder &PB) : PB(PB) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    for (LoweringStage &Stage : buildCpuLoweringStages(PB, CpuLoweringOptions()))
      if (Stage.Name != "optimize")
        Stage.Passes.run(M, MAM);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }

private:
  PassBuilder &PB;
};

} // namespace

// Each pass's name (opt's -passes=, drawbridge-device's -print-after=) and its class.
#define DRAWBRIDGE_FUNCTION_PASSES(PASS)                                                           \
  PASS("drawbridge-version-thread-loop-bounds", VersionThreadLoopBoundsPass)                       \
  PASS("drawbridge-version-thread-loop-quotients", VersionThreadLoopQuotientsPass)                 \
  PASS("drawbridge-form-quotient-runs", FormQuotientRunsPass)                                      \
  PASS("drawbridge-run-singled-out-thread", RunSingledOutThreadPass)                               \
  PASS("drawbridge-lockstep-run-loops", LockstepRunLoopsPass)                                      \
  PASS("drawbridge-specialize-full-rows", SpecializeFullRowsPass)                                  \
  PASS("drawbridge-avoid-slow-masked-stores", AvoidSlowMaskedStoresPass)                           \
  PASS("drawbridge-fold-stepped-build-vectors", FoldSteppedBuildVectorsPass)                       \
  PASS("drawbridge-hoist-invariant-choices", HoistInvariantChoicesPass)                            \
  PASS("drawbridge-split-thread-loops-at-threads", SplitThreadLoopsAtThreadsPass)                  \
  PASS("drawbridge-restore-thread-slot-access-groups", RestoreThreadSlotAccessGroupsPass)          \
  PASS("drawbridge-prefetch-next-block", PrefetchNextBlockPass)                                    \
  PASS("drawbridge-recompute-equivalent-phis", RecomputeEquivalentPhisPass)                        \
  PASS("drawbridge-unswitch-row-invariant-branches", UnswitchRowInvariantBranchesPass)             \
  PASS("drawbridge-attach-vector-math", AttachVectorMathPass)                                      \
  PASS("drawbridge-keep-scalarized-loops-scalar", KeepScalarizedLoopsScalarPass)                   \
  PASS("drawbridge-divide-through-floating-point", DivideThroughFloatingPointPass)                 \
  PASS("drawbridge-protect-same-thread-order", ProtectSameThreadOrderPass)                         \
  PASS("drawbridge-keep-vote-loops-rolled", KeepVoteLoopsRolledPass)
#define DRAWBRIDGE_MODULE_PASSES(PASS)                                                             \
  PASS("drawbridge-bind-externalized-statics", BindExternalizedStaticsPass)                        \
  PASS("drawbridge-retarget", RetargetToHostPass)                                                  \
  PASS("drawbridge-collapse-address-spaces", CollapseAddressSpacesPass)                            \
  PASS("drawbridge-redirect-managed-variables", RedirectManagedVariablesPass)                      \
  PASS("drawbridge-translate-inline-ptx", TranslateInlinePtxPass)                                  \
  PASS("drawbridge-lower-device-builtins", LowerDeviceBuiltinsPass)                                \
  PASS("drawbridge-annotate-special-register-ranges", AnnotateSpecialRegisterRangesPass)           \
  PASS("drawbridge-gpu-integer-division", GpuIntegerDivisionPass)                                  \
  PASS("drawbridge-clamp-shift-amounts", ClampShiftAmountsPass)                                    \
  PASS("drawbridge-check-static-shared-limit", CheckStaticSharedLimitPass)                         \
  PASS("drawbridge-inline-device-functions", InlineDeviceFunctionsPass)                            \
  PASS("drawbridge-privatize-byval-params", PrivatizeByvalParamsPass)                              \
  PASS("drawbridge-localize-shared-atomics", LocalizeSharedAtomicsPass)                            \
  PASS("drawbridge-lockstep-volatile-shared", LockstepVolatileSharedPass)                          \
  PASS("drawbridge-mark-cross-block-waits", MarkCrossBlockWaitsPass)                               \
  PASS("drawbridge-transpose-shared-tiles", TransposeSharedTilesPass)                              \
  PASS("drawbridge-normalize-sites", NormalizeSitesPass)                                           \
  PASS("drawbridge-insert-spin-yields", InsertSpinYieldsPass)                                      \
  PASS("drawbridge-lockstep-stride-loops", LockstepStrideLoopsPass)                                \
  PASS("drawbridge-lockstep-uniform-loops", LockstepUniformLoopsPass)                              \
  PASS("drawbridge-form-fiber-kernels", FormFiberKernelsPass)                                      \
  PASS("drawbridge-fuse-shuffle-chains", FuseShuffleChainsPass)                                    \
  PASS("drawbridge-rebase-site-loop-inductions", RebaseSiteLoopInductionsPass)                     \
  PASS("drawbridge-demote-cross-site-values", DemoteCrossSiteValuesPass)                           \
  PASS("drawbridge-form-thread-regions", FormThreadRegionsPass)                                    \
  PASS("drawbridge-emit-cpu-image", EmitCpuImagePass)

void registerCpuLoweringPasses(PassBuilder &PB) {
// Adds the pass named Name to the pass manager PM, as the parsing callbacks below are asked to.
#define PASS(NAME, CLASS)                                                                          \
  if (Name == NAME) {                                                                              \
    PM.addPass(CLASS());                                                                           \
    return true;                                                                                   \
  }
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &PM, ArrayRef<PassBuilder::PipelineElement>) {
        DRAWBRIDGE_FUNCTION_PASSES(PASS)
        if (Name == "drawbridge-divide-through-floating-point-early") {
          PM.addPass(DivideThroughFloatingPointPass(/*BeforeQuotientVersioning=*/true));
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &PM, ArrayRef<PassBuilder::PipelineElement>) {
        DRAWBRIDGE_MODULE_PASSES(PASS)
        if (Name == "drawbridge-cpu-lowering") {
          PM.addPass(CpuLoweringPass(PB));
          return true;
        }
        return false;
      });
#undef PASS
}

void registerCpuLoweringPassNames(PassInstrumentationCallbacks &PIC) {
#define PASS(NAME, CLASS) PIC.addClassToPassName(CLASS::name(), NAME);
  DRAWBRIDGE_FUNCTION_PASSES(PASS)
  DRAWBRIDGE_MODULE_PASSES(PASS)
#undef PASS
}

} // namespace drawbridge::cpu
