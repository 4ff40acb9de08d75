// The exchange step of synchronisation sites; see WarpExchange.h and cpu_abi::SiteKind.
#include "backends/cpu/WarpExchange.h"

#include <algorithm>
#include <limits>

namespace drawbridge::runtime::cpu {

using namespace cpu_abi;

namespace {

void blockCount(uint32_t site, BlockContext &ctx, uint32_t begin, uint32_t end) {
  uint64_t count = 0, participants = 0;
  for (uint32_t t = begin; t < end; ++t)
    if (ctx.state[t] == site) {
      count += ctx.exchangeIn[t] != 0;
      ++participants;
    }
  for (uint32_t t = begin; t < end; ++t)
    if (ctx.state[t] == site)
      ctx.exchangeOut[t] = count | participants << 32;
}

template <typename T, typename Op>
void reduce(uint32_t site, BlockContext &ctx, uint32_t begin, uint32_t end, uint32_t present,
            T init, Op op) {
  for (uint32_t t = begin; t < end; ++t) {
    if (ctx.state[t] != site)
      continue;
    uint32_t mask = ctx.exchangeAux[t] & present;
    T acc = init;
    for (uint32_t lane = 0; lane < end - begin; ++lane)
      if (mask >> lane & 1u)
        acc = op(acc, static_cast<T>(static_cast<uint32_t>(ctx.exchangeIn[begin + lane])));
    ctx.exchangeOut[t] = static_cast<uint32_t>(acc);
  }
}

} // namespace

void exchangeAtSite(uint32_t kind, uint32_t site, BlockContext &ctx, uint32_t begin, uint32_t end) {
  if (kind == SiteBlockCount) {
    blockCount(site, ctx, begin, end);
    return;
  }
  if (!isWarpSite(kind) || kind == SiteWarpSync)
    return;

  // Lanes of this warp waiting here.
  uint32_t present = 0;
  for (uint32_t t = begin; t < end; ++t)
    if (ctx.state[t] == site)
      present |= 1u << (t - begin);
  const uint32_t lanes = end - begin;
  auto in = [&](uint32_t lane) { return ctx.exchangeIn[begin + lane]; };

  switch (kind) {
  case SiteWarpGather:
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!(present >> lane & 1u))
        continue;
      uint32_t source = ctx.exchangeAux[begin + lane];
      bool valid = source < lanes && (present >> source & 1u);
      ctx.exchangeOut[begin + lane] = valid ? in(source) : in(lane);
    }
    break;
  case SiteWarpVote: {
    uint32_t ballot = 0;
    for (uint32_t lane = 0; lane < lanes; ++lane)
      if ((present >> lane & 1u) && in(lane))
        ballot |= 1u << lane;
    for (uint32_t lane = 0; lane < lanes; ++lane)
      if (present >> lane & 1u)
        ctx.exchangeOut[begin + lane] = ballot | static_cast<uint64_t>(present) << 32;
    break;
  }
  case SiteWarpMatchAny:
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!(present >> lane & 1u))
        continue;
      uint32_t mask = ctx.exchangeAux[begin + lane] & present, equal = 0;
      for (uint32_t other = 0; other < lanes; ++other)
        if ((mask >> other & 1u) && in(other) == in(lane))
          equal |= 1u << other;
      ctx.exchangeOut[begin + lane] = equal;
    }
    break;
  case SiteWarpMatchAll:
    for (uint32_t lane = 0; lane < lanes; ++lane) {
      if (!(present >> lane & 1u))
        continue;
      uint32_t mask = ctx.exchangeAux[begin + lane];
      bool same = true;
      for (uint32_t other = 0; other < lanes; ++other)
        if ((mask & present) >> other & 1u)
          same &= in(other) == in(lane);
      ctx.exchangeOut[begin + lane] =
          same ? (mask | static_cast<uint64_t>(1) << 32) : static_cast<uint64_t>(0);
    }
    break;
  case SiteWarpReduceAdd:
    reduce<uint32_t>(site, ctx, begin, end, present, 0u,
                     [](uint32_t a, uint32_t b) { return a + b; });
    break;
  case SiteWarpReduceMin:
    reduce<int32_t>(site, ctx, begin, end, present, std::numeric_limits<int32_t>::max(),
                    [](int32_t a, int32_t b) { return std::min(a, b); });
    break;
  case SiteWarpReduceMax:
    reduce<int32_t>(site, ctx, begin, end, present, std::numeric_limits<int32_t>::min(),
                    [](int32_t a, int32_t b) { return std::max(a, b); });
    break;
  case SiteWarpReduceUMin:
    reduce<uint32_t>(site, ctx, begin, end, present, ~0u,
                     [](uint32_t a, uint32_t b) { return std::min(a, b); });
    break;
  case SiteWarpReduceUMax:
    reduce<uint32_t>(site, ctx, begin, end, present, 0u,
                     [](uint32_t a, uint32_t b) { return std::max(a, b); });
    break;
  case SiteWarpReduceAnd:
    reduce<uint32_t>(site, ctx, begin, end, present, ~0u,
                     [](uint32_t a, uint32_t b) { return a & b; });
    break;
  case SiteWarpReduceOr:
    reduce<uint32_t>(site, ctx, begin, end, present, 0u,
                     [](uint32_t a, uint32_t b) { return a | b; });
    break;
  case SiteWarpReduceXor:
    reduce<uint32_t>(site, ctx, begin, end, present, 0u,
                     [](uint32_t a, uint32_t b) { return a ^ b; });
    break;
  default:
    break;
  }
}

} // namespace drawbridge::runtime::cpu
