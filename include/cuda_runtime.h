/* cuda_runtime.h - the CUDA Runtime API for C++ and CUDA code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Drawbridge's nvcc includes this header in
 * every .cu file, as NVIDIA's does. It brings the C API (cuda_runtime_api.h), the vector
 * types and their make_ functions, the libraries' data-type enums (library_types.h, which
 * library headers such as curand.h expect to find declared), the C++ convenience overloads
 * the CUDA Runtime API documents (typed cudaMalloc, symbol copies by reference, kernel
 * attributes by function pointer, occupancy helpers), and, when compiling CUDA, everything
 * device code can call.
 */
#ifndef __DRAWBRIDGE_CUDA_RUNTIME_H__
#define __DRAWBRIDGE_CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#include "channel_descriptor.h"
#include "cuda_device_runtime_api.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "library_types.h"
#include "vector_functions.h"

#include "drawbridge/cuda_device.h"

#if defined(__cplusplus)

template <class T> static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                      unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                                                unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                                         unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                                       size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                       cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                                               cudaMemPool_t memPool,
                                                               cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaStreamAttachMemAsync(
    cudaStream_t stream, T *devPtr, size_t length = 0, unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}
static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

/* Symbols by reference. */
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbolAsync(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}

/* Kernels by function pointer. */
template <class T>
static __inline__ __host__ cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim,
                                                        void **args, size_t sharedMem = 0,
                                                        cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                                             T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr,
                                                            int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetCacheConfig(T *func,
                                                              enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static __inline__ __host__ cudaError_t cudaFuncSetSharedMemConfig(T *func,
                                                                  enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, T func, int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks,
                                                     blockSize);
}

/* The block size that maximises occupancy, and the grid size that fills the device with it.
   blockSizeToDynamicSMemSize maps a block size to the dynamic shared memory it needs. */
template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int device = 0;
  cudaError_t status = ::cudaGetDevice(&device);
  if (status != cudaSuccess)
    return status;
  int maxThreads = 0, multiprocessors = 0, warp = 0;
  ::cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, device);
  ::cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device);
  ::cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  struct cudaFuncAttributes attributes;
  status = ::cudaFuncGetAttributes(&attributes, (const void *)func);
  if (status != cudaSuccess)
    return status;
  int limit =
      attributes.maxThreadsPerBlock < maxThreads ? attributes.maxThreadsPerBlock : maxThreads;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestBlock = 0, bestThreads = -1, bestBlocksPerSM = 0;
  for (int size = (limit / warp) * warp; size > 0; size -= warp) {
    int blocksPerSM = 0;
    status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocksPerSM, (const void *)func, size, blockSizeToDynamicSMemSize(size), flags);
    if (status != cudaSuccess)
      return status;
    if (blocksPerSM * size > bestThreads) {
      bestThreads = blocksPerSM * size;
      bestBlock = size;
      bestBlocksPerSM = blocksPerSM;
    }
  }
  *blockSize = bestBlock;
  *minGridSize = bestBlocksPerSM * multiprocessors;
  return cudaSuccess;
}
template <typename UnaryFunction, class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit, 0);
}
class __drawbridge_constant_smem {
public:
  explicit __drawbridge_constant_smem(size_t bytes) : bytes(bytes) {}
  size_t operator()(int) const { return bytes; }

private:
  size_t bytes;
};
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __drawbridge_constant_smem(dynamicSMemSize), blockSizeLimit, 0);
}
template <class T>
static __inline__ __host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
    unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __drawbridge_constant_smem(dynamicSMemSize), blockSizeLimit,
      flags);
}

#endif /* __cplusplus */

#if defined(__CUDACC__)
/* What clang's <<<grid, block, sharedMem, stream>>> expands to: it needs cudaConfigureCall
   declared with defaults for the last two arguments, and calls __cudaPushCallConfiguration
   before the kernel's host stub, which pops the configuration and calls cudaLaunchKernel. */
__DRAWBRIDGE_EXTERN_C __host__ cudaError_t CUDARTAPI cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                                       size_t sharedMem = 0,
                                                                       cudaStream_t stream = 0);
__DRAWBRIDGE_EXTERN_C __host__ unsigned CUDARTAPI __cudaPushCallConfiguration(
    dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, struct CUstream_st *stream = 0);
#endif

#endif /* __DRAWBRIDGE_CUDA_RUNTIME_H__ */
