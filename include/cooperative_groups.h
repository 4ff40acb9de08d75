/* cooperative_groups.h - thread groups: the block, the grid, warp tiles, coalesced threads.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA C++ Programming
 * Guide's description of cooperative groups. Every group is built on the warp and block
 * primitives (__syncthreads, __syncwarp and the *_sync collectives with the group's member
 * mask), which the CPU back end gives their exact meaning. Tiles of up to a warp use the warp
 * collectives; tiles of 64 to 1024 threads synchronise with a block barrier (every tile of the
 * block must reach it, as in the usual uniform code: a stricter barrier than CUDA's) and pass
 * values through per-tile slots in shared memory. grid_group::sync() needs a cooperative
 * launch (cudaLaunchCooperativeKernel), whose grid the runtime keeps small enough for every
 * block to be running at once. The split barriers (barrier_arrive / barrier_wait) wait in full
 * at barrier_wait, which every thread must reach anyway.
 *
 * cooperative_groups/reduce.h, scan.h and memcpy_async.h add the collective algorithms.
 */
#ifndef __DRAWBRIDGE_COOPERATIVE_GROUPS_H__
#define __DRAWBRIDGE_COOPERATIVE_GROUPS_H__

#if defined(__cplusplus) && defined(__CUDACC__)

#include "cuda_runtime.h"

extern "C" {
/* The runtime's side of a grid-wide barrier (one call per block) and whether the running
 * launch is cooperative. */
__device__ void __drawbridge_grid_sync(void);
__device__ unsigned int __drawbridge_grid_is_cooperative(void);
}

namespace cooperative_groups {

namespace __drawbridge {

__device__ __forceinline__ unsigned int lane() { return __nvvm_read_ptx_sreg_laneid(); }
__device__ __forceinline__ unsigned int lanes_below() { return __nvvm_read_ptx_sreg_lanemask_lt(); }

__device__ __forceinline__ unsigned int block_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned int block_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}

/* The lane of the rank-th set bit of mask (ranks count from the lowest lane). */
__device__ __forceinline__ unsigned int lane_of_rank(unsigned int mask, unsigned int rank) {
  for (unsigned int l = 0; l < 32; ++l)
    if ((mask >> l) & 1u) {
      if (rank == 0)
        return l;
      --rank;
    }
  return 32;
}

/* The bits of value at the lanes of mask, packed towards bit 0 (bit i: the i-th member). */
__device__ __forceinline__ unsigned int compress(unsigned int value, unsigned int mask) {
  unsigned int packed = 0, bit = 0;
  for (unsigned int l = 0; l < 32; ++l)
    if ((mask >> l) & 1u) {
      packed |= ((value >> l) & 1u) << bit;
      ++bit;
    }
  return packed;
}

/* A shuffle of any trivially copyable type, a 32-bit word at a time through `word`. */
template <typename T, typename Word> __device__ __forceinline__ T shfl_words(T var, Word word) {
  constexpr unsigned int words = (sizeof(T) + 3) / 4;
  unsigned int in[words] = {}, out[words];
  __builtin_memcpy(in, &var, sizeof(T));
  for (unsigned int i = 0; i < words; ++i)
    out[i] = word(in[i]);
  T result;
  __builtin_memcpy(&result, out, sizeof(T));
  return result;
}
template <typename T>
__device__ __forceinline__ T shfl(unsigned int mask, T var, int src, unsigned int width) {
  return shfl_words(var, [=](unsigned int w) { return __shfl_sync(mask, w, src, width); });
}
/* Down and up by delta within segments of width lanes, as __shfl_down_sync and __shfl_up_sync
 * (a source outside the segment gives the thread's own value), and so a constant delta stays a
 * constant distance the CPU lowering reads at, not a source lane per thread (tiles' shfl_xor
 * likewise goes through __shfl_xor_sync). */
template <typename T>
__device__ __forceinline__ T shfl_down(unsigned int mask, T var, unsigned int delta,
                                       unsigned int width) {
  T moved =
      shfl_words(var, [=](unsigned int w) { return __shfl_down_sync(mask, w, delta, width); });
  return delta < width ? moved : var;
}
template <typename T>
__device__ __forceinline__ T shfl_up(unsigned int mask, T var, unsigned int delta,
                                     unsigned int width) {
  T moved = shfl_words(var, [=](unsigned int w) { return __shfl_up_sync(mask, w, delta, width); });
  return delta < width ? moved : var;
}

enum class kind : unsigned int { block, tile, large_tile, coalesced, grid };

/* Per-block scratch for the collectives of tiles larger than a warp: one T per warp of the
 * block (a block has at most 32), addressed by the warp's index in the block. */
template <typename T> __device__ __forceinline__ T *warp_slots() {
  __shared__ __attribute__((aligned(16))) unsigned char slots[32 * sizeof(T)];
  return reinterpret_cast<T *>(slots);
}
__device__ __forceinline__ unsigned int warp_in_block() { return block_rank() / 32; }

} // namespace __drawbridge

/* Any group, known only at run time (tiled_partition with a run-time size returns one). */
class thread_group {
public:
  __device__ unsigned long long num_threads() const { return size_; }
  __device__ unsigned long long size() const { return size_; }
  __device__ unsigned long long thread_rank() const {
    return kind_ == __drawbridge::kind::block        ? __drawbridge::block_rank()
           : kind_ == __drawbridge::kind::large_tile ? __drawbridge::block_rank() % size_
                                                     : rank();
  }
  __device__ void sync() const {
    if (kind_ == __drawbridge::kind::block || kind_ == __drawbridge::kind::large_tile)
      __syncthreads();
    else
      __syncwarp(mask_);
  }
  __device__ bool is_valid() const { return true; }

protected:
  __device__ thread_group(__drawbridge::kind k, unsigned int mask, unsigned int size)
      : kind_(k), mask_(mask), size_(size) {}
  __device__ unsigned int rank() const { return __popc(mask_ & __drawbridge::lanes_below()); }

  __drawbridge::kind kind_;
  unsigned int mask_; /* the member lanes of the warp, for tiles and coalesced groups */
  unsigned int size_;

  friend __device__ thread_group tiled_partition(const thread_group &parent, unsigned int size);
};

/* The threads of the block. */
class thread_block : public thread_group {
public:
  __device__ static void sync() { __syncthreads(); }
  __device__ static unsigned int thread_rank() { return __drawbridge::block_rank(); }
  __device__ static unsigned int num_threads() { return __drawbridge::block_threads(); }
  __device__ static unsigned int size() { return __drawbridge::block_threads(); }
  __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ static dim3 group_dim() { return dim_threads(); }

  /* A split barrier: the wait completes the barrier (see the top of this file). */
  struct arrival_token {};
  __device__ static arrival_token barrier_arrive() { return arrival_token(); }
  __device__ static void barrier_wait(arrival_token &&) { __syncthreads(); }

private:
  __device__ thread_block()
      : thread_group(__drawbridge::kind::block, 0xffffffffu, __drawbridge::block_threads()) {}
  friend __device__ thread_block this_thread_block();
};

__device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

/* The scratch memory CUDA wants for tiles larger than a warp on compute capability 7.5 and
 * below; Drawbridge's tiles keep their own, so it is accepted and not needed. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {};
template <unsigned int MaxBlockSize>
__device__ __forceinline__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return this_thread_block();
}

/* All threads of the grid. */
class grid_group {
public:
  __device__ bool is_valid() const { return __drawbridge_grid_is_cooperative() != 0; }
  __device__ void sync() const {
    __syncthreads();
    if (__drawbridge::block_rank() == 0)
      __drawbridge_grid_sync();
    __syncthreads();
  }
  struct arrival_token {};
  __device__ arrival_token barrier_arrive() const { return arrival_token(); }
  __device__ void barrier_wait(arrival_token &&) const { sync(); }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long block_rank() const {
    return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  }
  __device__ unsigned long long num_threads() const {
    return num_blocks() * __drawbridge::block_threads();
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * __drawbridge::block_threads() + __drawbridge::block_rank();
  }
  __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 group_dim() const { return dim_blocks(); }
  __device__ dim3 dim_threads() const {
    return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z);
  }

private:
  __device__ grid_group() {}
  friend __device__ grid_group this_grid();
};

__device__ __forceinline__ grid_group this_grid() { return grid_group(); }

/* A tile of Size consecutive threads of the block (Size a power of two, at most 1024). */
template <unsigned int Size, typename ParentT = void> class thread_block_tile;

namespace __drawbridge {

/* What a tile knows of the group it was cut from: its index among the parent's tiles and how
 * many there are. */
struct meta_group {
  unsigned int rank, size;
};

/* Tiles of up to a warp: the warp collectives with the tile's lanes as member mask. */
template <unsigned int Size, bool InWarp = (Size <= 32)> class tile_base : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;

  __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ static constexpr unsigned int size() { return Size; }
  __device__ unsigned int thread_rank() const { return lane() & (Size - 1); }
  __device__ unsigned int meta_group_rank() const { return meta_.rank; }
  __device__ unsigned int meta_group_size() const { return meta_.size; }
  __device__ void sync() const { __syncwarp(mask_); }

  template <typename T> __device__ T shfl(T var, int srcRank) const {
    return __drawbridge::shfl(mask_, var, srcRank, Size);
  }
  template <typename T> __device__ T shfl_down(T var, unsigned int delta) const {
    return __drawbridge::shfl_down(mask_, var, delta, Size);
  }
  template <typename T> __device__ T shfl_up(T var, unsigned int delta) const {
    return __drawbridge::shfl_up(mask_, var, delta, Size);
  }
  template <typename T> __device__ T shfl_xor(T var, unsigned int laneMask) const {
    T moved = __drawbridge::shfl_words(
        var, [=, this](unsigned int w) { return __shfl_xor_sync(mask_, w, laneMask, Size); });
    return (thread_rank() ^ laneMask) < Size ? moved : var;
  }
  __device__ int any(int predicate) const { return __any_sync(mask_, predicate); }
  __device__ int all(int predicate) const { return __all_sync(mask_, predicate); }
  __device__ unsigned int ballot(int predicate) const {
    return __ballot_sync(mask_, predicate) >> first_lane();
  }
  template <typename T> __device__ unsigned int match_any(T value) const {
    return __match_any_sync(mask_, value) >> first_lane();
  }
  template <typename T> __device__ unsigned int match_all(T value, int &predicate) const {
    return __match_all_sync(mask_, value, &predicate) >> first_lane();
  }

protected:
  __device__ explicit tile_base(meta_group meta)
      : thread_group(kind::tile,
                     Size == 32 ? 0xffffffffu : ((1u << Size) - 1) << (lane() & ~(Size - 1)), Size),
        meta_(meta) {}
  __device__ unsigned int first_lane() const { return lane() & ~(Size - 1); }

  meta_group meta_;
};

/* Tiles of 64 to 1024 threads: whole warps of the block. Synchronisation is a block barrier;
 * a shuffle (from one source rank for the whole tile, as CUDA requires) and the votes go
 * through a slot per warp in shared memory. */
template <unsigned int Size> class tile_base<Size, false> : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;

  __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ static constexpr unsigned int size() { return Size; }
  __device__ unsigned int thread_rank() const { return block_rank() & (Size - 1); }
  __device__ unsigned int meta_group_rank() const { return meta_.rank; }
  __device__ unsigned int meta_group_size() const { return meta_.size; }
  __device__ void sync() const { __syncthreads(); }

  template <typename T> __device__ T shfl(T var, unsigned int srcRank) const {
    T *slot = warp_slots<T>() + first_warp();
    if (thread_rank() == srcRank)
      *slot = var;
    __syncthreads();
    T result = *slot;
    __syncthreads();
    return result;
  }
  __device__ int any(int predicate) const { return vote(predicate, false); }
  __device__ int all(int predicate) const { return vote(predicate, true); }

  /* The tile's first warp in the block, and each warp's slot index. */
  __device__ unsigned int first_warp() const { return (block_rank() & ~(Size - 1)) / 32; }

protected:
  __device__ explicit tile_base(meta_group meta)
      : thread_group(kind::large_tile, 0xffffffffu, Size), meta_(meta) {}

  __device__ int vote(int predicate, bool every) const {
    int *flag = warp_slots<int>() + first_warp();
    if (thread_rank() == 0)
      *flag = every;
    __syncthreads();
    if ((predicate != 0) != every)
      *flag = !every;
    __syncthreads();
    int result = *flag;
    __syncthreads();
    return result;
  }

  meta_group meta_;
};

/* The meta group of a tile of Size cut from a group of parentSize threads. */
__device__ __forceinline__ meta_group meta_of(unsigned int parentRank, unsigned int parentSize,
                                              unsigned int size) {
  return {parentRank / size, (parentSize + size - 1) / size};
}

} // namespace __drawbridge

template <unsigned int Size>
class thread_block_tile<Size, void> : public __drawbridge::tile_base<Size> {
  static_assert(Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0,
                "thread_block_tile sizes are powers of two up to 1024");

public:
  __device__ explicit thread_block_tile(__drawbridge::meta_group meta)
      : __drawbridge::tile_base<Size>(meta) {}
};

/* A tile that remembers the type of the group it was cut from; it converts to the plain one. */
template <unsigned int Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
public:
  __device__ explicit thread_block_tile(__drawbridge::meta_group meta)
      : thread_block_tile<Size, void>(meta) {}
};

template <unsigned int Size, typename ParentT>
__device__ __forceinline__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent) {
  return thread_block_tile<Size, ParentT>(__drawbridge::meta_of(
      (unsigned int)parent.thread_rank(), (unsigned int)parent.num_threads(), Size));
}

/* The threads of a warp that are running together now, or a subset of them. */
class coalesced_group : public thread_group {
public:
  __device__ unsigned int num_threads() const { return size_; }
  __device__ unsigned int size() const { return size_; }
  __device__ unsigned int thread_rank() const { return rank(); }
  __device__ unsigned int meta_group_rank() const { return meta_rank_; }
  __device__ unsigned int meta_group_size() const { return meta_size_; }
  __device__ void sync() const { __syncwarp(mask_); }

  template <typename T> __device__ T shfl(T var, unsigned int srcRank) const {
    return __drawbridge::shfl(mask_, var, (int)__drawbridge::lane_of_rank(mask_, srcRank), 32);
  }
  template <typename T> __device__ T shfl_down(T var, unsigned int delta) const {
    unsigned int rank = thread_rank() + delta;
    return shfl(var, rank < size_ ? rank : thread_rank());
  }
  template <typename T> __device__ T shfl_up(T var, unsigned int delta) const {
    unsigned int rank = thread_rank();
    return shfl(var, rank >= delta ? rank - delta : rank);
  }
  __device__ int any(int predicate) const { return __any_sync(mask_, predicate); }
  __device__ int all(int predicate) const { return __all_sync(mask_, predicate); }
  __device__ unsigned int ballot(int predicate) const {
    return __drawbridge::compress(__ballot_sync(mask_, predicate), mask_);
  }
  template <typename T> __device__ unsigned int match_any(T value) const {
    return __drawbridge::compress(__match_any_sync(mask_, value), mask_);
  }
  template <typename T> __device__ unsigned int match_all(T value, int &predicate) const {
    return __drawbridge::compress(__match_all_sync(mask_, value, &predicate), mask_);
  }

  /* The member lanes of the warp (Drawbridge's; NVIDIA keeps the same inside). */
  __device__ unsigned int __lanes() const { return mask_; }

  __device__ coalesced_group(unsigned int mask, unsigned int metaRank = 0,
                             unsigned int metaSize = 1)
      : thread_group(__drawbridge::kind::coalesced, mask, __popc(mask)), meta_rank_(metaRank),
        meta_size_(metaSize) {}

private:
  unsigned int meta_rank_, meta_size_;
};

__device__ __forceinline__ coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/* Tiles of a run-time size (a power of two up to 1024) of a block or tile. */
__device__ __forceinline__ thread_group tiled_partition(const thread_group &parent,
                                                        unsigned int size) {
  (void)parent;
  if (size > 32)
    return thread_group(__drawbridge::kind::large_tile, 0xffffffffu, size);
  unsigned int first = __drawbridge::lane() & ~(size - 1);
  unsigned int mask = size == 32 ? 0xffffffffu : ((1u << size) - 1) << first;
  return thread_group(__drawbridge::kind::tile, mask, size);
}

/* Consecutive ranks of a coalesced group, size at a time. */
__device__ __forceinline__ coalesced_group tiled_partition(const coalesced_group &parent,
                                                           unsigned int size) {
  unsigned int tile = parent.thread_rank() / size, mask = 0, lanes = parent.__lanes();
  for (unsigned int rank = 0, l = 0; l < 32; ++l)
    if ((lanes >> l) & 1u) {
      if (rank / size == tile)
        mask |= 1u << l;
      ++rank;
    }
  return coalesced_group(mask, tile, (parent.size() + size - 1) / size);
}

/* The threads of a group with the same label, and the two halves by a predicate. */
template <typename Label>
__device__ __forceinline__ coalesced_group labeled_partition(const coalesced_group &parent,
                                                             Label label) {
  return coalesced_group(__match_any_sync(parent.__lanes(), label));
}
template <unsigned int Size, typename ParentT, typename Label>
__device__ __forceinline__ coalesced_group
labeled_partition(const thread_block_tile<Size, ParentT> &tile, Label label) {
  static_assert(Size <= 32, "labeled_partition takes tiles of up to a warp");
  unsigned int first = __drawbridge::lane() & ~(Size - 1);
  unsigned int mask = Size == 32 ? 0xffffffffu : ((1u << Size) - 1) << first;
  (void)tile;
  return coalesced_group(__match_any_sync(mask, label));
}
__device__ __forceinline__ coalesced_group binary_partition(const coalesced_group &parent,
                                                            bool predicate) {
  unsigned int yes = __ballot_sync(parent.__lanes(), predicate);
  return coalesced_group(predicate ? yes : parent.__lanes() & ~yes, predicate ? 1 : 0, 2);
}
template <unsigned int Size, typename ParentT>
__device__ __forceinline__ coalesced_group
binary_partition(const thread_block_tile<Size, ParentT> &tile, bool predicate) {
  static_assert(Size <= 32, "binary_partition takes tiles of up to a warp");
  unsigned int first = __drawbridge::lane() & ~(Size - 1);
  unsigned int mask = Size == 32 ? 0xffffffffu : ((1u << Size) - 1) << first;
  (void)tile;
  unsigned int yes = __ballot_sync(mask, predicate);
  return coalesced_group(predicate ? yes : mask & ~yes, predicate ? 1 : 0, 2);
}

/* The free forms of the members every group has. */
template <typename Group> __device__ __forceinline__ void sync(const Group &group) { group.sync(); }
template <typename Group>
__device__ __forceinline__ unsigned long long thread_rank(const Group &group) {
  return group.thread_rank();
}
template <typename Group>
__device__ __forceinline__ unsigned long long group_size(const Group &group) {
  return group.num_threads();
}

/* invoke_one: one thread of the group (its rank 0) calls fn; invoke_one_broadcast also hands
 * the result to every thread of the group, through a shuffle (a slot in shared memory for the
 * whole block). */
template <typename Group, typename Fn, typename... Args>
__device__ __forceinline__ void invoke_one(const Group &group, Fn &&fn, Args &&...args) {
  if (group.thread_rank() == 0)
    fn(static_cast<Args &&>(args)...);
}
template <typename Group, typename Fn, typename... Args>
__device__ __forceinline__ auto invoke_one_broadcast(const Group &group, Fn &&fn, Args &&...args)
    -> decltype(fn(static_cast<Args &&>(args)...)) {
  decltype(fn(static_cast<Args &&>(args)...)) result{};
  if (group.thread_rank() == 0)
    result = fn(static_cast<Args &&>(args)...);
  return group.shfl(result, 0);
}
template <typename Fn, typename... Args>
__device__ __forceinline__ auto invoke_one_broadcast(const thread_block &, Fn &&fn, Args &&...args)
    -> decltype(fn(static_cast<Args &&>(args)...)) {
  using Result = decltype(fn(static_cast<Args &&>(args)...));
  Result *slot = __drawbridge::warp_slots<Result>();
  if (__drawbridge::block_rank() == 0)
    *slot = fn(static_cast<Args &&>(args)...);
  __syncthreads();
  Result result = *slot;
  __syncthreads();
  return result;
}

/* The names CUDA 11 gave tiles larger than a warp. */
namespace experimental {
using cooperative_groups::block_tile_memory;
using cooperative_groups::this_thread_block;
using cooperative_groups::tiled_partition;
} // namespace experimental

} // namespace cooperative_groups

#endif /* __cplusplus && __CUDACC__ */
#endif /* __DRAWBRIDGE_COOPERATIVE_GROUPS_H__ */
