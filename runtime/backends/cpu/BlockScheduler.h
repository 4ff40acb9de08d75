// Runs one thread block: the release rules that give barriers and warp collectives CUDA's
// meaning, for region kernels and fiber kernels alike.
//
// Every thread starts released at the entry. The scheduler runs released threads until each
// waits at a site or exits, then releases a group of waiting threads, computes what their
// collective exchanges, and repeats:
//  - warp by warp (when the kernel has warp collectives), the lowest-numbered warp site with
//    waiting lanes goes first, together with the lanes waiting at other sites of the same
//    collective (cpu_abi::combinesAcrossSites), once every lane that can run has run;
//  - when all live threads wait at block sites, those at yields (spin-wait loops) go round
//    again; when none spins, the lowest barrier is released for the whole block. Threads that
//    exited do not hold back a barrier, as on Volta and later GPUs.
#pragma once

#include "CpuAbi.h"

namespace drawbridge::runtime::cpu {

void runBlock(const cpu_abi::KernelDesc &kernel, cpu_abi::BlockContext &ctx, void *const *args);
// Carries on with a block whose thread `endedThread` stopped abruptly (a failed assert): the
// states say where every other thread is. Region kernels only.
void resumeBlock(const cpu_abi::KernelDesc &kernel, cpu_abi::BlockContext &ctx, void *const *args,
                 uint32_t endedThread);

// Whether a worker may run the kernel's blocks as SteppedBlocks, interleaving their steps: a
// region kernel of several regions without spin-wait or stride-loop yields (a block that
// spins may wait for another). runBlock runs every region kernel of several regions on the
// lean scheduler.
bool runsStepwise(const cpu_abi::KernelDesc &kernel);

// Where the lean scheduler stands in a block: what it runs next.
struct LeanSchedule {
  uint32_t Region = 0;      // the region the released threads run next
  bool Whole = true;        // every thread is let go into Region
  bool Ran = false;         // the released threads have run already
  uint32_t ExitedWarps = 0; // a bit for each warp whose threads have all exited
  uint32_t ParkedWarps = 0; // a bit for each warp whose live threads all wait at barriers, kept
                            // while only runLiveLanesPastOneCollective runs regions
};

// A block of such a kernel, run one scheduling step (a region call and the release after it)
// at a time, so that a worker can interleave the steps of several blocks (GridLauncher).
class SteppedBlock {
public:
  // Every thread starts released at the entry.
  SteppedBlock(const cpu_abi::KernelDesc &kernel, cpu_abi::BlockContext &ctx, void *const *args);
  // Runs the next step; false once the block has finished.
  bool step();

private:
  const cpu_abi::KernelDesc &K;
  cpu_abi::BlockContext &Ctx;
  void *const *Args;
  LeanSchedule Schedule;
};

// What a scheduler needs from a way of running threads (regions or fibers).
class ThreadRunner {
public:
  virtual ~ThreadRunner() = default;
  // Runs the released threads among [begin, end) until each waits at a site or exits.
  virtual void runReleased(uint32_t begin, uint32_t end) = 0;
  // The SiteKind of the site thread `t` waits at.
  virtual uint32_t kindOf(uint32_t site, uint32_t t) = 0;
  // Whether warp collectives can occur, so that warps are scheduled one by one.
  virtual bool hasWarpSites() = 0;
  // Whether spin-wait or stride-loop yields can occur.
  virtual bool hasYieldSites() = 0;
};

// Runs the block from its threads' current states; every thread starts released at the entry
// unless `resume`.
void scheduleBlock(cpu_abi::BlockContext &ctx, ThreadRunner &runner, bool resume = false);

} // namespace drawbridge::runtime::cpu
