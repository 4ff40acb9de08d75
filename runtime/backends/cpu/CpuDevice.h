// The CPU presented as CUDA device 0: its properties and attributes.
//
// Limits that code checks (threads per block, grid size, shared memory per block, warp size)
// are those of a compute capability 8.0 GPU, so programs take the same paths they take on
// real hardware; sizes that describe the machine (memory, cores, clock, caches) are the CPU's.
#pragma once

#include "cuda_runtime_api.h"

namespace drawbridge::runtime::cpu {

inline constexpr int kComputeMajor = 8;
inline constexpr int kComputeMinor = 0;
inline constexpr int kSharedMemPerBlock = 48 * 1024;
inline constexpr int kSharedMemPerBlockOptin = 163 * 1024;

const cudaDeviceProp &deviceProperties();
cudaError_t deviceAttribute(int *value, enum cudaDeviceAttr attr);

} // namespace drawbridge::runtime::cpu
