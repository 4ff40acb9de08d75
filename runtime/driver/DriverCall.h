// How every driver API entry point of libcuda reports its result.
//
// libcuda is built on the runtime API: each entry point checks its arguments, calls runtime
// functions and turns their cudaError_t into a CUresult. Runtime and driver codes with the same
// number mean the same thing; runtime codes the driver lacks are argument errors or internal
// ones. A driver call must not change what cudaGetLastError() returns, so driverCall() clears
// the runtime's per-thread last error again when the call found it clear.
#pragma once

#include "Contexts.h"
#include "cuda.h"
#include "cuda_runtime_api.h"

#include <utility>

namespace drawbridge::cudadriver {

// The driver's code for a runtime result.
CUresult toResult(cudaError_t error);

// Runs an entry point's body, which returns a CUresult, leaving the runtime's last error as
// the body found it.
template <typename Body> CUresult driverCall(Body &&body) {
  bool lastErrorWasClear = cudaPeekAtLastError() == cudaSuccess;
  CUresult result = std::forward<Body>(body)();
  if (lastErrorWasClear)
    cudaGetLastError();
  return result;
}

// For entry points whose work is one runtime call (`body` returns its cudaError_t) made in a
// usable current context.
template <typename Body> CUresult contextCall(Body &&body) {
  return driverCall([&] {
    if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
      return r;
    return toResult(body());
  });
}

// CUDA_SUCCESS for an ordinal that names a device, CUDA_ERROR_INVALID_DEVICE otherwise.
CUresult checkDevice(CUdevice dev);

// A device address as the runtime's pointer, and back.
inline void *pointer(CUdeviceptr p) { return reinterpret_cast<void *>(p); }
inline CUdeviceptr address(void *p) { return reinterpret_cast<CUdeviceptr>(p); }

} // namespace drawbridge::cudadriver
