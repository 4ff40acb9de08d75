/* cooperative_groups/scan.h - cg::inclusive_scan and cg::exclusive_scan over a group.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA C++ Programming
 * Guide. Thread i of the group gets op applied over the values of ranks 0..i (inclusive) or
 * 0..i-1 (exclusive; rank 0 gets a value-initialised T). op defaults to cg::plus.
 */
#ifndef __DRAWBRIDGE_COOPERATIVE_GROUPS_SCAN_H__
#define __DRAWBRIDGE_COOPERATIVE_GROUPS_SCAN_H__

#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDACC__)

namespace cooperative_groups {

template <typename Group, typename T, typename Op>
__device__ __forceinline__ T inclusive_scan(const Group &group, T value, Op op) {
  const unsigned int rank = group.thread_rank(), size = group.size();
  for (unsigned int offset = 1; offset < size; offset *= 2) {
    T other = group.shfl_up(value, offset);
    if (rank >= offset)
      value = op(other, value);
  }
  return value;
}

template <typename Group, typename T>
__device__ __forceinline__ T inclusive_scan(const Group &group, T value) {
  return inclusive_scan(group, value, plus<T>());
}

template <typename Group, typename T, typename Op>
__device__ __forceinline__ T exclusive_scan(const Group &group, T value, Op op) {
  T inclusive = inclusive_scan(group, value, op);
  T shifted = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T() : shifted;
}

template <typename Group, typename T>
__device__ __forceinline__ T exclusive_scan(const Group &group, T value) {
  return exclusive_scan(group, value, plus<T>());
}

namespace __drawbridge {
/* Both scans over a tile larger than a warp: each warp scans its own lanes with shuffles, the
 * warps' totals meet in shared memory, and each thread prefixes what the warps before it
 * hold. */
template <unsigned int Size, typename ParentT, typename T, typename Op>
__device__ __forceinline__ void large_tile_scan(const thread_block_tile<Size, ParentT> &group,
                                                T value, Op op, T &inclusive, T &exclusive) {
  const unsigned int me = lane();
  T warp_inclusive = value;
  for (unsigned int offset = 1; offset < 32; offset *= 2) {
    T other = shfl(0xffffffffu, warp_inclusive, (int)(me >= offset ? me - offset : me), 32);
    if (me >= offset)
      warp_inclusive = op(other, warp_inclusive);
  }
  T warp_exclusive = shfl(0xffffffffu, warp_inclusive, (int)(me ? me - 1 : 0), 32);
  T *totals = warp_slots<T>();
  if (me == 31)
    totals[warp_in_block()] = warp_inclusive;
  __syncthreads();
  const unsigned int first = group.first_warp(), mine = warp_in_block();
  inclusive = warp_inclusive;
  exclusive = me ? warp_exclusive : T();
  if (mine > first) {
    T before = totals[first];
    for (unsigned int w = first + 1; w < mine; ++w)
      before = op(before, totals[w]);
    inclusive = op(before, warp_inclusive);
    exclusive = me ? op(before, warp_exclusive) : before;
  }
  __syncthreads();
}
} // namespace __drawbridge

/* Tiles larger than a warp have no shuffles across warps. */
template <unsigned int Size, typename ParentT, typename T, typename Op>
__device__ __forceinline__ T inclusive_scan(const thread_block_tile<Size, ParentT> &group, T value,
                                            Op op) {
  if constexpr (Size <= 32) {
    return inclusive_scan<thread_block_tile<Size, ParentT>, T, Op>(group, value, op);
  } else {
    T inclusive, exclusive;
    __drawbridge::large_tile_scan(group, value, op, inclusive, exclusive);
    return inclusive;
  }
}
template <unsigned int Size, typename ParentT, typename T, typename Op>
__device__ __forceinline__ T exclusive_scan(const thread_block_tile<Size, ParentT> &group, T value,
                                            Op op) {
  if constexpr (Size <= 32) {
    return exclusive_scan<thread_block_tile<Size, ParentT>, T, Op>(group, value, op);
  } else {
    T inclusive, exclusive;
    __drawbridge::large_tile_scan(group, value, op, inclusive, exclusive);
    return exclusive;
  }
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDACC__ */
#endif /* __DRAWBRIDGE_COOPERATIVE_GROUPS_SCAN_H__ */
