/* cooperative_groups/memcpy_async.h - cg::memcpy_async and cg::wait.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA C++ Programming
 * Guide. The group's threads share the copy (thread r takes every size()-th chunk from r on:
 * 4-byte words when both pointers allow, else bytes); wait(group) then synchronises the
 * group, after which every thread sees the whole copy, as after the asynchronous copy on a
 * GPU.
 */
#ifndef __DRAWBRIDGE_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__
#define __DRAWBRIDGE_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDACC__)

namespace cooperative_groups {

template <typename Group>
__device__ __forceinline__ void memcpy_async(const Group &group, void *dst, const void *src,
                                             size_t bytes) {
  char *to = static_cast<char *>(dst);
  const char *from = static_cast<const char *>(src);
  const size_t rank = group.thread_rank(), step = group.size();
  const size_t words = bytes / 4;
  if ((reinterpret_cast<size_t>(to) | reinterpret_cast<size_t>(from)) % 4 == 0) {
    for (size_t i = rank; i < words; i += step)
      reinterpret_cast<unsigned int *>(to)[i] = reinterpret_cast<const unsigned int *>(from)[i];
    for (size_t i = words * 4 + rank; i < bytes; i += step)
      to[i] = from[i];
  } else {
    for (size_t i = rank; i < bytes; i += step)
      to[i] = from[i];
  }
}

template <typename Group> __device__ __forceinline__ void wait(const Group &group) { group.sync(); }

template <unsigned int NumStages, typename Group>
__device__ __forceinline__ void wait_prior(const Group &group) {
  group.sync();
}

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDACC__ */
#endif /* __DRAWBRIDGE_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__ */
