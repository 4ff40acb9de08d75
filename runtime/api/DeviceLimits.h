// The device limits set with cudaDeviceSetLimit, for the parts of the runtime that honour
// them (the device malloc heap).
#pragma once

#include "cuda_runtime_api.h"

#include <cstddef>

namespace drawbridge::runtime {

size_t deviceLimit(enum cudaLimit limit);

// CUDA fixes the printf buffer and malloc heap sizes once device code has used them;
// cudaDeviceSetLimit then fails with cudaErrorInvalidValue.
void fixDeviceLimit(enum cudaLimit limit);

} // namespace drawbridge::runtime
