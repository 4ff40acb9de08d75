// Memory allocation of the driver API: device, pinned host and managed memory, all from the
// runtime, so pointers from either API may be used with the other.
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

extern "C" {

CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  return contextCall([&] { return cudaMemGetInfo(free, total); });
}

// Unlike cudaMalloc, a zero-byte allocation is an error.
CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  return driverCall([&] {
    if (!dptr || bytesize == 0)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
      return r;
    void *p = nullptr;
    CUresult result = toResult(cudaMalloc(&p, bytesize));
    if (result == CUDA_SUCCESS)
      *dptr = address(p);
    return result;
  });
}

CUresult cuMemFree_v2(CUdeviceptr dptr) {
  return contextCall([&] { return cudaFree(pointer(dptr)); });
}

CUresult cuMemAllocHost_v2(void **pp, size_t bytesize) {
  return contextCall([&] { return cudaMallocHost(pp, bytesize); });
}

CUresult cuMemFreeHost(void *p) {
  return contextCall([&] { return cudaFreeHost(p); });
}

// The CU_MEMHOSTALLOC_* flags have the values of the runtime's cudaHostAlloc* flags.
CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags) {
  return contextCall([&] { return cudaHostAlloc(pp, bytesize, Flags); });
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
  return driverCall([&] {
    if (!dptr || bytesize == 0 || (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST))
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
      return r;
    void *p = nullptr;
    CUresult result = toResult(cudaMallocManaged(&p, bytesize, flags));
    if (result == CUDA_SUCCESS)
      *dptr = address(p);
    return result;
  });
}

} // extern "C"
