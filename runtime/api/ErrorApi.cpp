// cudaGetLastError, cudaPeekAtLastError, cudaGetErrorName and cudaGetErrorString.
// Names and strings come from include/drawbridge/cuda_errors.def, the one list of error codes.
#include "api/ApiCall.h"

using namespace drawbridge::runtime;

namespace {

const char *const kUnrecognized = "unrecognized error code";

} // namespace

extern "C" {

cudaError_t cudaGetLastError(void) { return takeLastError(); }

cudaError_t cudaPeekAtLastError(void) { return peekLastError(); }

const char *cudaGetErrorName(cudaError_t error) {
  switch (static_cast<int>(error)) {
#define CUDA_ERROR(name, value, description)                                                       \
  case value:                                                                                      \
    return #name;
#include "drawbridge/cuda_errors.def"
  default:
    return kUnrecognized;
  }
}

const char *cudaGetErrorString(cudaError_t error) {
  switch (static_cast<int>(error)) {
#define CUDA_ERROR(name, value, description)                                                       \
  case value:                                                                                      \
    return description;
#include "drawbridge/cuda_errors.def"
  default:
    return kUnrecognized;
  }
}

} // extern "C"
