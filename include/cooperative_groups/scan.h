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

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDACC__ */
#endif /* __DRAWBRIDGE_COOPERATIVE_GROUPS_SCAN_H__ */
