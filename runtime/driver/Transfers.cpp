// Copies and fills through the runtime API; see Transfers.h.
#include "Transfers.h"
#include "DriverCall.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace drawbridge::cudadriver {

namespace {

// The pattern block a multi-byte fill starts with: a multiple of every element size.
constexpr size_t kPatternBlock = 64 * 1024;

cudaError_t runtimeCopy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind,
                        Order order) {
  if (!order.synchronous)
    return cudaMemcpyAsync(dst, src, bytes, kind, order.stream);
  if (order.stream == CU_STREAM_PER_THREAD)
    return cudaMemcpy_ptsz(dst, src, bytes, kind);
  return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t runtimeMemset(void *dst, int value, size_t bytes, Order order) {
  if (!order.synchronous)
    return cudaMemsetAsync(dst, value, bytes, order.stream);
  if (order.stream == CU_STREAM_PER_THREAD)
    return cudaMemset_ptsz(dst, value, bytes);
  return cudaMemset(dst, value, bytes);
}

} // namespace

CUresult copy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind, Order order) {
  if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
    return r;
  return toResult(runtimeCopy(dst, src, bytes, kind, order));
}

CUresult fill(CUdeviceptr dst, const void *element, size_t elementSize, size_t count, Order order) {
  if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
    return r;
  if (dst % elementSize != 0 || count > SIZE_MAX / elementSize)
    return CUDA_ERROR_INVALID_VALUE;
  const auto *bytes = static_cast<const unsigned char *>(element);
  size_t total = count * elementSize;
  if (std::all_of(bytes, bytes + elementSize, [&](unsigned char b) { return b == bytes[0]; }))
    return toResult(runtimeMemset(pointer(dst), bytes[0], total, order));

  size_t block = std::min(total, kPatternBlock);
  std::vector<unsigned char> pattern(block);
  for (size_t i = 0; i < block; ++i)
    pattern[i] = bytes[i % elementSize];
  if (cudaError_t e =
          runtimeCopy(pointer(dst), pattern.data(), block, cudaMemcpyHostToDevice, order);
      e != cudaSuccess)
    return toResult(e);
  for (size_t done = block; done < total;) {
    size_t n = std::min(done, total - done);
    if (cudaError_t e =
            runtimeCopy(pointer(dst + done), pointer(dst), n, cudaMemcpyDeviceToDevice, order);
        e != cudaSuccess)
      return toResult(e);
    done += n;
  }
  return CUDA_SUCCESS;
}

} // namespace drawbridge::cudadriver
