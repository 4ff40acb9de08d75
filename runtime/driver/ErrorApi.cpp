// cuGetErrorName and cuGetErrorString. Names come from drawbridge/cuda_driver_errors.def.
// Messages are the runtime's for the code with the same number (cudaGetErrorString), which
// for most codes is the text NVIDIA's driver gives too; the two driver codes without a runtime
// counterpart have their own.
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

namespace {

const char *resultName(CUresult error) {
  switch (error) {
#define CU_RESULT(name, value)                                                                     \
  case name:                                                                                       \
    return #name;
#include "drawbridge/cuda_driver_errors.def"
  }
  return nullptr;
}

const char *resultMessage(CUresult error) {
  switch (error) {
  case CUDA_ERROR_CONTEXT_ALREADY_CURRENT:
    return "context already current";
  case CUDA_ERROR_KEY_ROTATION:
    return "key rotation sequence failed";
  default:
    return cudaGetErrorString(static_cast<cudaError_t>(error));
  }
}

// Unknown codes give CUDA_ERROR_INVALID_VALUE and a null string, as the driver API specifies.
CUresult describe(CUresult error, const char **pStr, const char *(*text)(CUresult)) {
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  if (!resultName(error)) {
    *pStr = nullptr;
    return CUDA_ERROR_INVALID_VALUE;
  }
  *pStr = text(error);
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult cuGetErrorName(CUresult error, const char **pStr) {
  return describe(error, pStr, resultName);
}

CUresult cuGetErrorString(CUresult error, const char **pStr) {
  return describe(error, pStr, resultMessage);
}

} // extern "C"
