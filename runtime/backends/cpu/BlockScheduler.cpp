// The block scheduler; see BlockScheduler.h.
#include "backends/cpu/BlockScheduler.h"

#include "backends/cpu/FiberScheduler.h"
#include "backends/cpu/WarpExchange.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace drawbridge::runtime::cpu {

using namespace cpu_abi;

namespace {

bool waiting(uint32_t state) { return state != kThreadExited && (state & kWaiting); }

// The lanes of one warp, threads [begin, end), that a release at `site` lets go together:
// those waiting there and, for most collectives, those waiting at other sites of the same
// kind (cpu_abi::combinesAcrossSites).
uint32_t groupAt(BlockContext &ctx, ThreadRunner &runner, uint32_t begin, uint32_t end,
                 uint32_t site, uint32_t kind) {
  uint32_t group = 0;
  for (uint32_t t = begin; t < end; ++t) {
    uint32_t s = ctx.state[t];
    if (!waiting(s))
      continue;
    bool sameSite = (s & ~kWaiting) == site;
    if (sameSite || (combinesAcrossSites(kind) && runner.kindOf(s & ~kWaiting, t) == kind))
      group |= 1u << (t - begin);
  }
  return group;
}

// The largest part of `group` that can go now: lanes whose member masks name only lanes in
// that part (or exited ones), all with the same mask. Lanes at a combinable site whose
// partners are elsewhere, or that name lanes running a different exchange, stay.
uint32_t completePart(BlockContext &ctx, uint32_t begin, uint32_t end, uint32_t group) {
  uint32_t live = 0;
  for (uint32_t t = begin; t < end; ++t)
    if (ctx.state[t] != kThreadExited)
      live |= 1u << (t - begin);
  auto mask = [&](uint32_t lane) { return ctx.exchangeAux[begin + lane]; };
  const uint32_t original = group;
  for (uint32_t lane = 0; lane < end - begin; ++lane)
    for (uint32_t other = 0; other < end - begin; ++other)
      if ((original & mask(lane)) >> other & 1u && mask(other) != mask(lane))
        group &= ~(1u << lane);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t lane = 0; lane < end - begin; ++lane)
      if ((group >> lane & 1u) && (mask(lane) & live & ~group)) {
        group &= ~(1u << lane);
        changed = true;
      }
  }
  return group;
}

// The common case, in one pass: every live lane that waits, waits at one warp site with one
// member mask naming only lanes that wait there. Returns those lanes (0 if not the case) and
// the site's kind.
uint32_t uniformGroup(BlockContext &ctx, ThreadRunner &runner, uint32_t begin, uint32_t end,
                      uint32_t *kind) {
  uint32_t live = 0, group = 0, site = kThreadExited, mask = 0;
  for (uint32_t t = begin; t < end; ++t) {
    uint32_t s = ctx.state[t], bit = 1u << (t - begin);
    if (s == kThreadExited)
      continue;
    live |= bit;
    if (!waiting(s))
      return 0;
    if (site == kThreadExited) {
      site = s;
      mask = ctx.exchangeAux[t];
    } else if (s != site || ctx.exchangeAux[t] != mask) {
      return 0;
    }
    group |= bit;
  }
  if (site == kThreadExited)
    return 0;
  *kind = runner.kindOf(site & ~kWaiting, begin + __builtin_ctz(group));
  if (!isWarpSite(*kind) || (mask & live & ~group))
    return 0;
  return group;
}

// Runs one warp's lanes [begin, end) until all of them wait at block sites or yields, or have
// exited. A warp site is released once all the lanes its member masks name wait at it (or at
// another site of the same collective); the lowest such site goes first. If none is complete
// while some lane waits at a yield (a stride loop's back edge, a spin-wait), the warp stops
// here: the lanes named in the mask may be those, and they come back once the block has run its
// yields. Otherwise (lanes named in a mask wait at a barrier or at another collective, which
// CUDA leaves undefined) the lowest site goes anyway, so the block finishes.
void runWarp(BlockContext &ctx, ThreadRunner &runner, uint32_t begin, uint32_t end) {
  for (;;) {
    runner.runReleased(begin, end);
    uint32_t uniformKind = 0;
    if (uint32_t group = uniformGroup(ctx, runner, begin, end, &uniformKind)) {
      exchangeInWarp(uniformKind, group, ctx, begin, end);
      for (uint32_t t = begin; t < end; ++t)
        if (group >> (t - begin) & 1u)
          ctx.state[t] &= ~kWaiting;
      continue;
    }
    // (site << 5 | lane) for each waiting lane, so sorting orders by site.
    uint32_t waits[kWarpSize], numWaits = 0;
    bool yields = false;
    for (uint32_t t = begin; t < end; ++t) {
      uint32_t s = ctx.state[t];
      if (!waiting(s))
        continue;
      uint32_t kind = runner.kindOf(s & ~kWaiting, t);
      if (isWarpSite(kind))
        waits[numWaits++] = (s & ~kWaiting) << 5 | (t - begin);
      yields |= isYieldSite(kind);
    }
    if (numWaits == 0)
      return;
    std::sort(waits, waits + numWaits);
    uint32_t chosenKind = 0, chosenGroup = 0;
    bool complete = false;
    for (uint32_t i = 0; i < numWaits; ++i) {
      uint32_t site = waits[i] >> 5;
      if (i > 0 && site == waits[i - 1] >> 5)
        continue;
      uint32_t kind = runner.kindOf(site, begin + (waits[i] & 31u));
      uint32_t group = groupAt(ctx, runner, begin, end, site, kind);
      uint32_t ready = completePart(ctx, begin, end, group);
      if (i == 0 || ready) {
        chosenKind = kind;
        chosenGroup = ready ? ready : group;
      }
      if (ready) {
        complete = true;
        break;
      }
    }
    if (!complete && yields)
      return;
    exchangeInWarp(chosenKind, chosenGroup, ctx, begin, end);
    for (uint32_t t = begin; t < end; ++t)
      if (chosenGroup >> (t - begin) & 1u)
        ctx.state[t] &= ~kWaiting;
  }
}

// Region kernels: a released thread's state is the region it runs next. A region runs the
// threads of [begin, end) it is given without looking at their states (except a stride loop's
// region, which picks its threads itself, round after round), so each is called on the runs of
// consecutive threads released to it: one call for the whole block in the usual case.
class RegionRunner : public ThreadRunner {
public:
  RegionRunner(const KernelDesc &k, BlockContext &ctx, void *const *args)
      : K(k), Ctx(ctx), Args(args) {}

  void runReleased(uint32_t begin, uint32_t end) override {
    // A chain may have left this set for the run it went on with; these calls are not such.
    Ctx.callCoversLiveThreads = 0;
    // Each released region once, lowest first; a region leaves its threads waiting or exited,
    // so when all released threads share one region, one pass is all.
    uint32_t done = 0;
    for (;;) {
      uint32_t region = kThreadExited;
      bool several = false;
      for (uint32_t t = begin; t < end; ++t) {
        uint32_t s = Ctx.state[t];
        if ((s & kWaiting) || s < done)
          continue;
        several |= region != kThreadExited && s != region;
        region = s < region ? s : region;
      }
      if (region == kThreadExited)
        return;
      if (K.siteKinds[region] == SiteStride)
        K.regions[region](Args, &Ctx, begin, end);
      else
        runRegion(region, begin, end);
      if (!several)
        return;
      done = region + 1;
    }
  }
  uint32_t kindOf(uint32_t site, uint32_t) override { return K.siteKinds[site]; }
  bool hasWarpSites() override { return K.flags & KernelHasWarpSites; }
  bool hasYieldSites() override { return K.flags & KernelHasYieldSites; }

private:
  void runRegion(uint32_t region, uint32_t begin, uint32_t end) {
    for (uint32_t t = begin; t < end;) {
      if (Ctx.state[t] != region) {
        ++t;
        continue;
      }
      uint32_t first = t;
      while (t < end && Ctx.state[t] == region)
        ++t;
      K.regions[region](Args, &Ctx, first, t);
    }
  }

  const KernelDesc &K;
  BlockContext &Ctx;
  void *const *Args;
};

} // namespace

void scheduleBlock(BlockContext &ctx, ThreadRunner &runner, bool resume) {
  const uint32_t n = ctx.numThreads;
  if (!resume)
    std::fill(ctx.state, ctx.state + n, 0u);
  const bool byWarp = runner.hasWarpSites(), yields = runner.hasYieldSites();
  for (;;) {
    if (byWarp) {
      for (uint32_t begin = 0; begin < n; begin += kWarpSize)
        runWarp(ctx, runner, begin, std::min(n, begin + kWarpSize));
    } else {
      runner.runReleased(0, n);
    }
    // Every live thread now waits at a block site or a yield. Spinning threads go round
    // again first: a barrier cannot be complete while some thread spins.
    bool yielded = false;
    for (uint32_t t = 0; t < n && yields; ++t)
      if (waiting(ctx.state[t]) && isYieldSite(runner.kindOf(ctx.state[t] & ~kWaiting, t))) {
        ctx.state[t] &= ~kWaiting;
        yielded = true;
      }
    if (yielded)
      continue;
    // Release the lowest block site.
    uint32_t site = kThreadExited, first = 0;
    for (uint32_t t = 0; t < n; ++t)
      if (waiting(ctx.state[t]) && (ctx.state[t] & ~kWaiting) < site) {
        site = ctx.state[t] & ~kWaiting;
        first = t;
      }
    if (site == kThreadExited)
      return;
    exchangeInBlock(runner.kindOf(site, first), site, ctx);
    for (uint32_t t = 0; t < n; ++t)
      if (ctx.state[t] == (site | kWaiting))
        ctx.state[t] = site;
  }
}

namespace {

// Whether any of words[0, n) differs from `value`, in branch-free passes: the last warp's
// words first, so that a block whose first warp alone still runs is told so after one warp,
// then all of them in one pass that vectorises.
bool anyDiffers(const uint32_t *words, uint32_t n, uint32_t value) {
  uint32_t differ = 0;
  for (uint32_t t = n > kWarpSize ? n - kWarpSize : 0; t < n; ++t)
    differ |= words[t] ^ value;
  if (differ)
    return true;
  for (uint32_t t = 0; t < n; ++t)
    differ |= words[t] ^ value;
  return differ != 0;
}

// The lanes of a warp (`lanes` threads from `state`) that have not exited, as a bit mask.
uint32_t liveLanes(const uint32_t *state, uint32_t lanes) {
  uint32_t exited = 0, lane = 0;
#if defined(__SSE2__)
  const __m128i allOnes = _mm_set1_epi32(-1);
  for (; lane + 4 <= lanes; lane += 4) {
    const __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i *>(state + lane));
    exited |= static_cast<uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(s, allOnes))))
              << lane;
  }
#endif
  for (; lane < lanes; ++lane)
    exited |= static_cast<uint32_t>(state[lane] == kThreadExited) << lane;
  return ~exited & allLanes(lanes);
}

// Whether a thread state is a wait at a block barrier.
bool waitsAtBarrier(const KernelDesc &k, uint32_t s) {
  if (!waiting(s))
    return false;
  const uint32_t kind = k.siteKinds[s & ~kWaiting];
  return !isWarpSite(kind) && !isYieldSite(kind);
}

// Whether every lane of a warp (`lanes` threads from `state`) that has not exited waits at a
// block barrier. The usual such warp has all its lanes at one barrier (the warps parked while
// one warp runs CUB's look-back, asked again at each of its steps): one branch-free pass that
// vectorises finds that out, and the lanes are looked at one by one only otherwise.
bool atBarriers(const KernelDesc &k, const uint32_t *state, uint32_t lanes) {
  uint32_t differ = 0;
  for (uint32_t lane = 0; lane < lanes; ++lane)
    differ |= state[lane] ^ state[0];
  if (!differ)
    return state[0] == kThreadExited || waitsAtBarrier(k, state[0]);
  for (uint32_t lane = 0; lane < lanes; ++lane)
    if (state[lane] != kThreadExited && !waitsAtBarrier(k, state[lane]))
      return false;
  return true;
}

// Whether a region kernel's collective of this kind needs one member mask across the lanes
// exchanged together. A shuffle's region reads its source's slot itself, a vote's region ANDs
// the ballot and the participants with its own mask, and __syncwarp exchanges nothing: with
// every live lane of a warp at the site, each lane's group is whole whatever the masks, so
// groups that each name their own (CUB's radix-sort ranking, `__shfl_sync(peers, ...)` among
// the lanes sharing a digit; a cooperative-groups tile's shuffles, votes and syncs) exchange
// in one step. The others' exchanges compute over the members.
bool needsOneMask(uint32_t kind) {
  return kind != SiteWarpGather && kind != SiteWarpVote && kind != SiteWarpSync;
}

// The next most usual case: the threads that have not exited all wait at one warp collective
// with one member mask (needsOneMask), as when the first warp of a block finishes a reduction
// with shuffles (`if (threadIdx.x < 32)`) while the others have returned, or some warps do so
// while every live lane of the others waits at a barrier (CUB's look-back, warp 0's alone). Each
// warp at the collective exchanges among its live lanes, as runWarp would (a mask naming exited
// lanes does not hold the others up), and the collective's region runs on them; a warp at
// barriers is left waiting there, as runWarp would leave it. Returns false, having run nothing,
// otherwise.
// One pass over the warps finds this out, skipping those whose lanes have all exited and those
// found waiting at barriers in the call before (parkedWarps): such a warp runs nothing until a
// barrier is let go, which only leanStep's other ways do, and leanStep clears the set at every
// step that runs regions another way (the step after a false return is one). (A warp wrongly
// taken as parked would only be left waiting for the general way, as any warp this pass does
// not run.)
bool runLiveLanesPastOneCollective(const KernelDesc &k, BlockContext &ctx, void *const *args,
                                   uint32_t &exitedWarps, uint32_t &parkedWarps) {
  const uint32_t n = ctx.numThreads;
  const uint32_t *state = ctx.state, *mask = ctx.exchangeAux;
  constexpr uint32_t kMaxWarps = 1024 / kWarpSize;
  uint32_t live[kMaxWarps];
  uint32_t waiting = kThreadExited, siteMask = 0;
  bool oneMask = true; // the lanes must share siteMask
  bool parked = false; // some warp waits at barriers
  for (uint32_t warp = 0, begin = 0; begin < n; ++warp, begin += kWarpSize) {
    const uint32_t end = std::min(n, begin + kWarpSize);
    live[warp] = 0;
    if (parkedWarps >> warp & 1u) {
      parked = true;
      continue;
    }
    // A thread that has exited stays so: warps found all exited are not read again.
    const uint32_t lanes = exitedWarps >> warp & 1u ? 0 : liveLanes(state + begin, end - begin);
    exitedWarps |= static_cast<uint32_t>(lanes == 0) << warp;
    if (!lanes)
      continue;
    if (atBarriers(k, state + begin, end - begin)) {
      parkedWarps |= 1u << warp;
      parked = true;
      continue;
    }
    live[warp] = lanes;
    if (waiting == kThreadExited) {
      const uint32_t first = begin + __builtin_ctz(lanes);
      waiting = state[first];
      siteMask = mask[first];
      if (!(waiting & kWaiting) || !isWarpSite(k.siteKinds[waiting & ~kWaiting]))
        return false;
      oneMask = needsOneMask(k.siteKinds[waiting & ~kWaiting]);
    }
    uint32_t stray = 0;
    for (uint32_t t = begin; t < end; ++t)
      stray |= static_cast<uint32_t>(state[t] != kThreadExited) &
               (static_cast<uint32_t>(state[t] != waiting) |
                (static_cast<uint32_t>(oneMask) & static_cast<uint32_t>(mask[t] != siteMask)));
    if (stray)
      return false;
  }
  if (waiting == kThreadExited)
    return false;
  const uint32_t site = waiting & ~kWaiting, kind = k.siteKinds[site];
  // Whether the live lanes form one run, which then goes into the region in one call that
  // covers every thread still running.
  uint32_t first = n, last = 0, count = 0;
  for (uint32_t warp = 0, begin = 0; begin < n; ++warp, begin += kWarpSize)
    if (live[warp]) {
      exchangeInWarp(kind, live[warp], ctx, begin, std::min(n, begin + kWarpSize));
      first = std::min(first, begin + __builtin_ctz(live[warp]));
      last = std::max(last, begin + 31 - __builtin_clz(live[warp]));
      count += __builtin_popcount(live[warp]);
    }
  ctx.callCoversLiveThreads = !parked && last - first + 1 == count;
  // Each run of live lanes goes into the region in one call, whole warps together.
  for (uint32_t warp = 0, begin = 0; begin < n; ++warp, begin += kWarpSize) {
    for (uint32_t lanes = live[warp]; lanes;) {
      const uint32_t low = __builtin_ctz(lanes);
      const uint32_t rest = lanes >> low;
      const uint32_t run = ~rest ? __builtin_ctz(~rest) : kWarpSize - low;
      uint32_t runBegin = begin + low, runEnd = runBegin + run;
      lanes = run + low >= kWarpSize ? 0 : lanes & ~(((1u << run) - 1) << low);
      // A run reaching the end of the warp continues into the next warps that are whole.
      while (lanes == 0 && runEnd == begin + kWarpSize && runEnd < n &&
             live[warp + 1] == allLanes(std::min(n - runEnd, kWarpSize))) {
        ++warp;
        begin += kWarpSize;
        runEnd = std::min(n, begin + kWarpSize);
      }
      k.regions[site](args, &ctx, runBegin, std::min(runEnd, n));
    }
  }
  ctx.callCoversLiveThreads = 0;
  return true;
}

// Releases the threads that wait at yields (spin-wait loops, stride loops' back edges), for
// the released threads to run next; whether there were any.
bool releaseYields(const KernelDesc &k, BlockContext &ctx, LeanSchedule &S) {
  bool released = false;
  for (uint32_t t = 0; t < ctx.numThreads; ++t) {
    const uint32_t s = ctx.state[t];
    if (waiting(s) && isYieldSite(k.siteKinds[s & ~kWaiting])) {
      ctx.state[t] = s & ~kWaiting;
      released = true;
    }
  }
  S.Whole = false;
  return released;
}

// Region kernels: scheduleBlock's rules reduce to "run each warp until it waits at a block site,
// let the threads at yields go round again, and when none is there release the lowest barrier
// anyone waits at", and in the usual case every thread meets the same collective with the same
// member mask (or masks that needsOneMask lets differ), or the same barrier, so the next region
// runs the whole block in one call (warps are independent between barriers, so running all of them
// up to a collective before any exchanges changes nothing). The passes over the states that find
// this out are free of branches, so that they vectorise, and a group let go together is not written
// back as released: a region sets the state of every thread it runs, and until then "waiting at the
// site it starts from" means the same to resumeBlock. Anything else goes the general way (runWarp,
// RegionRunner::runReleased).
//
// One step of it (see SteppedBlock), inlined into runBlock's loop, where the schedule lives in
// registers, and into SteppedBlock::step.
[[gnu::always_inline]] inline bool leanStep(const KernelDesc &k, BlockContext &ctx,
                                            void *const *args, LeanSchedule &S) {
  const uint32_t n = ctx.numThreads;
  uint32_t *state = ctx.state;
  const uint32_t *mask = ctx.exchangeAux;
  RegionRunner runner(k, ctx, args);
  if (S.Ran) {
    S.Ran = false;
  } else {
    S.ParkedWarps = 0; // what runs now may reach or leave any barrier
    if (S.Whole)
      k.regions[S.Region](args, &ctx, 0, n);
    else
      runner.runReleased(0, n);
  }
  // A region every thread leaves the kernel from ran all of them (itself, or at the end of
  // a chain of regions that ran one another).
  if (ctx.blockFinished)
    return false;
  // Now every thread waits (site | kWaiting) or has exited (all ones). The usual case: all
  // at one site, a barrier or a warp collective with one member mask; a collective then
  // exchanges in every warp, and either way the whole block runs on in one call.
  const uint32_t first = state[0];
  if (!anyDiffers(state, n, first)) {
    if (first == kThreadExited)
      return false;
    const uint32_t site = first & ~kWaiting, kind = k.siteKinds[site];
    if (isYieldSite(kind)) {
      // Every thread spins (or goes round a stride loop) at one site: all go round again.
      releaseYields(k, ctx, S);
      return true;
    }
    if (!isWarpSite(kind)) {
      exchangeInBlock(kind, site, ctx);
      S.Region = site;
      S.Whole = true;
      return true;
    }
    const uint32_t firstMask = mask[0];
    uint32_t masksDiffer = 0;
    if (needsOneMask(kind))
      for (uint32_t t = 0; t < n; ++t)
        masksDiffer |= mask[t] ^ firstMask;
    if (!masksDiffer) {
      exchangeWholeWarps(kind, ctx);
      S.Region = site;
      S.Whole = true;
      return true;
    }
  }
  if (runLiveLanesPastOneCollective(k, ctx, args, S.ExitedWarps, S.ParkedWarps)) {
    S.Ran = true;
    return true;
  }
  // Otherwise each warp settles its collectives the general way, and then the lowest barrier
  // goes: flipping the waiting bit makes the lowest site the minimum, and exited threads
  // 0x7fffffff.
  if (k.flags & KernelHasWarpSites)
    for (uint32_t begin = 0; begin < n; begin += kWarpSize)
      runWarp(ctx, runner, begin, std::min(n, begin + kWarpSize));
  // Spinning threads go round again first: a barrier cannot be complete while some spin.
  if ((k.flags & KernelHasYieldSites) && releaseYields(k, ctx, S))
    return true;
  uint32_t lowest = ~kWaiting;
  for (uint32_t t = 0; t < n; ++t)
    lowest = std::min(lowest, state[t] ^ kWaiting);
  if (lowest == ~kWaiting)
    return false;
  exchangeInBlock(k.siteKinds[lowest], lowest, ctx);
  uint32_t released = 0;
  for (uint32_t t = 0; t < n; ++t) {
    uint32_t s = state[t] == (lowest | kWaiting) ? lowest : state[t];
    state[t] = s;
    released += s == lowest;
  }
  S.Region = lowest;
  S.Whole = released == n;
  return true;
}

// A block's states start as they are. Every region call stores the state of each thread it
// runs (its site, or that it exited; deferred to the call's end when all go alike) before the
// runtime or another region reads it, and region 0, which runs first, reads none; clearing
// 1 KiB of states a block of 256 threads had cost a 2D stencil of small blocks about 7% of its
// time. A kernel whose thread may end mid-call is the exception: resumeBlock reads the states
// of the threads after it, which must say they were released to the region (0 in the first).
void startLeanBlock(const KernelDesc &k, BlockContext &ctx) {
  if (k.flags & KernelMayEndThreads)
    std::fill(ctx.state, ctx.state + ctx.numThreads, 0u);
  ctx.blockFinished = 0;
  ctx.callCoversLiveThreads = 0; // a chain in the block before may have set it
}

} // namespace

SteppedBlock::SteppedBlock(const KernelDesc &k, BlockContext &ctx, void *const *args)
    : K(k), Ctx(ctx), Args(args) {
  startLeanBlock(k, ctx);
}

bool SteppedBlock::step() { return leanStep(K, Ctx, Args, Schedule); }

bool runsStepwise(const KernelDesc &k) {
  return !(k.flags & (KernelUsesFibers | KernelHasYieldSites)) && k.numRegions > 1;
}

void runBlock(const KernelDesc &k, BlockContext &ctx, void *const *args) {
  if (k.flags & KernelUsesFibers) {
    runFiberBlock(k, ctx, args);
    return;
  }
  if (k.numRegions == 1) {
    k.regions[0](args, &ctx, 0, ctx.numThreads);
    return;
  }
  // Kernels with yields too: the lean scheduler lets spinning threads go round before it
  // releases a barrier, as scheduleBlock does (which resumeBlock still uses).
  startLeanBlock(k, ctx);
  LeanSchedule schedule;
  while (leanStep(k, ctx, args, schedule)) {
  }
}

void resumeBlock(const KernelDesc &k, BlockContext &ctx, void *const *args, uint32_t endedThread) {
  if (k.numRegions == 1) {
    // A single region does not look at states: it runs the threads after the one that ended.
    k.regions[0](args, &ctx, endedThread + 1, ctx.numThreads);
    return;
  }
  ctx.state[endedThread] = kThreadExited;
  // The thread may have ended inside a call the lean scheduler said covered every live thread;
  // the general scheduler's calls do not.
  ctx.callCoversLiveThreads = 0;
  RegionRunner runner(k, ctx, args);
  scheduleBlock(ctx, runner, /*resume=*/true);
}

} // namespace drawbridge::runtime::cpu

// A region that has run the whole block asks whether every thread it left running now waits at
// one site, to go on into the next region itself (FormThreadRegionsPass's chains): when every
// thread of the block has exited or is in `state`, and those in it are one run of threads
// (of whole warps, for a warp collective), the run as begin | end << 32; 0 otherwise. The
// usual case is the whole block; the next, the first warp going on to its shuffles alone.
extern "C" uint64_t __drawbridge_block_live_run(const drawbridge::cpu_abi::BlockContext *ctx,
                                                uint32_t state, uint32_t wholeWarps) {
  using namespace drawbridge::cpu_abi;
  using drawbridge::runtime::cpu::anyDiffers;
  const uint32_t n = ctx->numThreads, *states = ctx->state;
  if (!anyDiffers(states, n, state))
    return uint64_t(n) << 32;
  // Exited threads, the run, then exited threads to the end (a pass that vectorises).
  uint32_t first = 0;
  while (first < n && states[first] == kThreadExited)
    ++first;
  uint32_t end = first;
  while (end < n && states[end] == state)
    ++end;
  if (end == first || anyDiffers(states + end, n - end, kThreadExited))
    return 0;
  if (wholeWarps && (first % kWarpSize != 0 || (end % kWarpSize != 0 && end != n)))
    return 0;
  return uint64_t(end) << 32 | first;
}
