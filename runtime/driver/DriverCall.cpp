// Result conversion and device checks for libcuda's entry points; see DriverCall.h.
#include "DriverCall.h"

namespace drawbridge::cudadriver {

CUresult toResult(cudaError_t error) {
  switch (static_cast<int>(error)) {
#define CU_RESULT(name, value)                                                                     \
  case value:                                                                                      \
    return name;
#include "drawbridge/cuda_driver_errors.def"
  default:
    // Runtime-only codes below 100 (invalid pointer, copy direction, configuration, ...)
    // reject an argument; anything else has no driver counterpart.
    return static_cast<int>(error) < 100 ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_UNKNOWN;
  }
}

CUresult checkDevice(CUdevice dev) {
  int count = 0;
  if (cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess)
    return toResult(e);
  return dev >= 0 && dev < count ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

} // namespace drawbridge::cudadriver
