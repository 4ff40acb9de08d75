// Copies and fills for libcuda's memory entry points, in the order the driver API gives them.
//
// An asynchronous copy or fill goes into a stream. A synchronous one follows the work of an
// implicit default stream, the legacy one or (for the _ptds entry points, which code built
// with --default-stream per-thread calls) the calling thread's per-thread default stream.
// Fills of 16- and 32-bit patterns, which the runtime API lacks, are a copy of one block of
// the pattern followed by device-to-device copies that double the filled part.
#pragma once

#include "cuda.h"
#include "cuda_runtime_api.h"

#include <cstddef>

namespace drawbridge::cudadriver {

struct Order {
  bool synchronous;
  // Asynchronous: the stream. Synchronous: CU_STREAM_PER_THREAD for the per-thread default
  // stream, anything else for the legacy one.
  CUstream stream;

  static Order legacySync() { return {true, nullptr}; }
  static Order perThreadSync() { return {true, CU_STREAM_PER_THREAD}; }
  static Order async(CUstream stream) { return {false, stream}; }
  // The _ptsz entry points: stream 0 is the calling thread's default stream.
  static Order perThreadAsync(CUstream stream) {
    return {false, stream ? stream : CU_STREAM_PER_THREAD};
  }
};

CUresult copy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind, Order order);

// Fills `count` elements of `elementSize` bytes (1, 2 or 4) at dst, which must be aligned to
// the element size, with the element at `element`.
CUresult fill(CUdeviceptr dst, const void *element, size_t elementSize, size_t count, Order order);

} // namespace drawbridge::cudadriver
