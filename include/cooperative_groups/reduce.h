/* cooperative_groups/reduce.h - cg::reduce over a tile or a coalesced group.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA C++ Programming
 * Guide. reduce(group, value, op) combines the value of every thread of the group with op and
 * gives every thread the result; op is one of the function objects below or any associative
 * binary callable. Tiles reduce by butterfly exchange, coalesced groups by rank.
 */
#ifndef __DRAWBRIDGE_COOPERATIVE_GROUPS_REDUCE_H__
#define __DRAWBRIDGE_COOPERATIVE_GROUPS_REDUCE_H__

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDACC__)

namespace cooperative_groups {

template <typename T> struct plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct less {
  __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
  __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  __device__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
  __device__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(T a, T b) const { return a ^ b; }
};

namespace __drawbridge {
/* op over the 32 lanes of the calling thread's warp, to every lane. */
template <typename T, typename Op> __device__ __forceinline__ T warp_reduce(T value, Op op) {
  for (unsigned int offset = 16; offset > 0; offset /= 2)
    value = op(value, shfl(0xffffffffu, value, (int)(lane() ^ offset), 32));
  return value;
}
} // namespace __drawbridge

/* Tiles of up to a warp reduce by a butterfly of shuffles; larger ones reduce each warp so,
 * then combine the warps' results, in order, through shared memory. */
template <typename T, unsigned int Size, typename ParentT, typename Op>
__device__ __forceinline__ T reduce(const thread_block_tile<Size, ParentT> &group, T value, Op op) {
  if constexpr (Size <= 32) {
    for (unsigned int offset = Size / 2; offset > 0; offset /= 2)
      value = op(value, group.shfl_xor(value, offset));
    return value;
  } else {
    T *slots = __drawbridge::warp_slots<T>();
    value = __drawbridge::warp_reduce(value, op);
    if (__drawbridge::lane() == 0)
      slots[__drawbridge::warp_in_block()] = value;
    __syncthreads();
    const unsigned int first = group.first_warp();
    T result = slots[first];
    for (unsigned int w = 1; w < Size / 32; ++w)
      result = op(result, slots[first + w]);
    __syncthreads();
    return result;
  }
}

template <typename T, typename Op>
__device__ __forceinline__ T reduce(const coalesced_group &group, T value, Op op) {
  const unsigned int rank = group.thread_rank(), size = group.size();
  for (unsigned int offset = 1; offset < size; offset *= 2) {
    T other = group.shfl_down(value, offset);
    if (rank + offset < size)
      value = op(value, other);
  }
  return group.shfl(value, 0);
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDACC__ */
#endif /* __DRAWBRIDGE_COOPERATIVE_GROUPS_REDUCE_H__ */
