// The exchange step of synchronisation sites; see WarpExchange.h and cpu_abi::SiteKind.
#include "backends/cpu/WarpExchange.h"

#include <algorithm>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace drawbridge::runtime::cpu {

using namespace cpu_abi;

namespace {

// The lanes of a warp (`lanes` slots from `in`) whose offered word is not zero, as a bit mask:
// a vote's ballot before the member mask. Four lanes a step with SSE2 (the runtime is built for
// every x86-64): a word is zero when both its halves are, and the halves are ORed together,
// packed and compared in one go. CUB's onesweep radix sort ranks each key with eight votes, and
// this pass over each warp is most of what a vote costs the runtime.
uint32_t nonzeroLanes(const uint64_t *in, uint32_t lanes) {
  uint32_t bits = 0, lane = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (; lane + 4 <= lanes; lane += 4) {
    const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + lane));
    const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + lane + 2));
    const __m128i lowWords = _mm_or_si128(low, _mm_shuffle_epi32(low, _MM_SHUFFLE(2, 3, 0, 1)));
    const __m128i highWords = _mm_or_si128(high, _mm_shuffle_epi32(high, _MM_SHUFFLE(2, 3, 0, 1)));
    const __m128 words = _mm_shuffle_ps(_mm_castsi128_ps(lowWords), _mm_castsi128_ps(highWords),
                                        _MM_SHUFFLE(2, 0, 2, 0));
    const uint32_t zeros = static_cast<uint32_t>(
        _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(words), zero))));
    bits |= (~zeros & 0xfu) << lane;
  }
#endif
  for (; lane < lanes; ++lane)
    bits |= static_cast<uint32_t>(in[lane] != 0) << lane;
  return bits;
}

template <typename T, typename Op>
void reduce(BlockContext &ctx, uint32_t begin, uint32_t lanes, uint32_t participants, T init,
            Op op) {
  for (uint32_t lane = 0; lane < lanes; ++lane) {
    if (!(participants >> lane & 1u))
      continue;
    uint32_t mask = ctx.exchangeAux[begin + lane] & participants;
    T acc = init;
    for (uint32_t other = 0; other < lanes; ++other)
      if (mask >> other & 1u)
        acc = op(acc, static_cast<T>(static_cast<uint32_t>(ctx.exchangeIn[begin + other])));
    ctx.exchangeOut[begin + lane] = static_cast<uint32_t>(acc);
  }
}

// A reduction every lane of every warp takes part in with the same member mask: one value
// per warp, handed to all its lanes.
template <typename T, typename Op>
void reduceWholeWarps(const uint64_t *__restrict in, uint64_t *__restrict out, uint32_t n,
                      uint32_t mask, T init, Op op) {
  for (uint32_t base = 0; base < n; base += kWarpSize) {
    const uint32_t lanes = std::min(n - base, kWarpSize), members = mask & allLanes(lanes);
    T acc = init;
    for (uint32_t lane = 0; lane < lanes; ++lane)
      if (members >> lane & 1u)
        acc = op(acc, static_cast<T>(static_cast<uint32_t>(in[base + lane])));
    for (uint32_t lane = 0; lane < lanes; ++lane)
      out[base + lane] = static_cast<uint32_t>(acc);
  }
}

} // namespace

void exchangeInBlock(uint32_t kind, uint32_t site, BlockContext &ctx) {
  if (kind != SiteBlockCount)
    return;
  const uint32_t waiting = site | kWaiting;
  uint64_t count = 0, participants = 0;
  for (uint32_t t = 0; t < ctx.numThreads; ++t)
    if (ctx.state[t] == waiting) {
      count += ctx.exchangeIn[t] != 0;
      ++participants;
    }
  for (uint32_t t = 0; t < ctx.numThreads; ++t)
    if (ctx.state[t] == waiting)
      ctx.exchangeOut[t] = count | participants << 32;
}

// The usual case, in one pass per kind: every thread of the block takes part, all with the
// same member mask. The slots are read through local pointers so that the loops need not
// reload them after each store.
void exchangeWholeWarps(uint32_t kind, BlockContext &ctx) {
  const uint32_t n = ctx.numThreads;
  const uint64_t *__restrict in = ctx.exchangeIn;
  uint64_t *__restrict out = ctx.exchangeOut;
  const uint32_t mask = ctx.exchangeAux[0];
  switch (kind) {
  case SiteWarpGather:
    // Every thread's input is every thread's source: the regions read their sources' slots
    // themselves, and what they store for the next site goes to the other array. (Only
    // region kernels come here.)
    std::swap(ctx.exchangeIn, ctx.exchangeOut);
    return;
  case SiteWarpVote:
    for (uint32_t base = 0; base < n; base += kWarpSize) {
      const uint32_t lanes = std::min(n - base, kWarpSize);
      const uint64_t result =
          nonzeroLanes(in + base, lanes) | static_cast<uint64_t>(allLanes(lanes)) << 32;
      for (uint32_t lane = 0; lane < lanes; ++lane)
        out[base + lane] = result;
    }
    return;
  case SiteWarpReduceAdd:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, 0u,
                                      [](uint32_t a, uint32_t b) { return a + b; });
  case SiteWarpReduceMin:
    return reduceWholeWarps<int32_t>(in, out, n, mask, std::numeric_limits<int32_t>::max(),
                                     [](int32_t a, int32_t b) { return std::min(a, b); });
  case SiteWarpReduceMax:
    return reduceWholeWarps<int32_t>(in, out, n, mask, std::numeric_limits<int32_t>::min(),
                                     [](int32_t a, int32_t b) { return std::max(a, b); });
  case SiteWarpReduceUMin:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, ~0u,
                                      [](uint32_t a, uint32_t b) { return std::min(a, b); });
  case SiteWarpReduceUMax:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, 0u,
                                      [](uint32_t a, uint32_t b) { return std::max(a, b); });
  case SiteWarpReduceAnd:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, ~0u,
                                      [](uint32_t a, uint32_t b) { return a & b; });
  case SiteWarpReduceOr:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, 0u,
                                      [](uint32_t a, uint32_t b) { return a | b; });
  case SiteWarpReduceXor:
    return reduceWholeWarps<uint32_t>(in, out, n, mask, 0u,
                                      [](uint32_t a, uint32_t b) { return a ^ b; });
  default:
    for (uint32_t base = 0; base < n; base += kWarpSize) {
      const uint32_t lanes = std::min(n - base, kWarpSize);
      exchangeInWarp(kind, allLanes(lanes), ctx, base, base + lanes);
    }
    return;
  }
}

void exchangeInWarp(uint32_t kind, uint32_t participants, BlockContext &ctx, uint32_t begin,
                    uint32_t end) {
  const uint32_t lanes = end - begin;
  auto in = [&](uint32_t lane) { return ctx.exchangeIn[begin + lane]; };
  auto takesPart = [&](uint32_t lane) { return (participants >> lane & 1u) != 0; };

  switch (kind) {
  case SiteWarpGather:
    // A region reads its source's slot itself; every lane's, so that one whose source takes
    // no part (which CUDA leaves undefined) reads what that lane last offered.
    if (!ctx.gatherResults) {
      std::copy(ctx.exchangeIn + begin, ctx.exchangeIn + end, ctx.exchangeOut + begin);
      break;
    }
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!takesPart(lane))
        continue;
      uint32_t source = static_cast<uint32_t>(in(lane) >> 32);
      bool valid = source < lanes && takesPart(source);
      ctx.exchangeOut[begin + lane] = static_cast<uint32_t>(valid ? in(source) : in(lane));
    }
    break;
  case SiteWarpVote: {
    const uint32_t ballot = nonzeroLanes(ctx.exchangeIn + begin, lanes) & participants;
    for (uint32_t lane = 0; lane < lanes; ++lane)
      if (takesPart(lane))
        ctx.exchangeOut[begin + lane] = ballot | static_cast<uint64_t>(participants) << 32;
    break;
  }
  case SiteWarpActiveMask:
    for (uint32_t lane = 0; lane < lanes; ++lane)
      if (takesPart(lane))
        ctx.exchangeOut[begin + lane] = participants;
    break;
  case SiteWarpMatchAny:
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!takesPart(lane))
        continue;
      uint32_t mask = ctx.exchangeAux[begin + lane] & participants, equal = 0;
      for (uint32_t other = 0; other < lanes; ++other)
        if ((mask >> other & 1u) && in(other) == in(lane))
          equal |= 1u << other;
      ctx.exchangeOut[begin + lane] = equal;
    }
    break;
  case SiteWarpMatchAll:
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!takesPart(lane))
        continue;
      uint32_t mask = ctx.exchangeAux[begin + lane];
      bool same = true;
      for (uint32_t other = 0; other < lanes; ++other)
        if ((mask & participants) >> other & 1u)
          same &= in(other) == in(lane);
      ctx.exchangeOut[begin + lane] =
          same ? (mask | static_cast<uint64_t>(1) << 32) : static_cast<uint64_t>(0);
    }
    break;
  case SiteWarpReduceAdd:
    reduce<uint32_t>(ctx, begin, lanes, participants, 0u,
                     [](uint32_t a, uint32_t b) { return a + b; });
    break;
  case SiteWarpReduceMin:
    reduce<int32_t>(ctx, begin, lanes, participants, std::numeric_limits<int32_t>::max(),
                    [](int32_t a, int32_t b) { return std::min(a, b); });
    break;
  case SiteWarpReduceMax:
    reduce<int32_t>(ctx, begin, lanes, participants, std::numeric_limits<int32_t>::min(),
                    [](int32_t a, int32_t b) { return std::max(a, b); });
    break;
  case SiteWarpReduceUMin:
    reduce<uint32_t>(ctx, begin, lanes, participants, ~0u,
                     [](uint32_t a, uint32_t b) { return std::min(a, b); });
    break;
  case SiteWarpReduceUMax:
    reduce<uint32_t>(ctx, begin, lanes, participants, 0u,
                     [](uint32_t a, uint32_t b) { return std::max(a, b); });
    break;
  case SiteWarpReduceAnd:
    reduce<uint32_t>(ctx, begin, lanes, participants, ~0u,
                     [](uint32_t a, uint32_t b) { return a & b; });
    break;
  case SiteWarpReduceOr:
    reduce<uint32_t>(ctx, begin, lanes, participants, 0u,
                     [](uint32_t a, uint32_t b) { return a | b; });
    break;
  case SiteWarpReduceXor:
    reduce<uint32_t>(ctx, begin, lanes, participants, 0u,
                     [](uint32_t a, uint32_t b) { return a ^ b; });
    break;
  default: // SiteWarpSync: nothing to exchange
    break;
  }
}

} // namespace drawbridge::runtime::cpu
