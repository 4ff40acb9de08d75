// Runs a whole grid on the CPU: blocks are handed out dynamically to the worker pool, each
// participant reuses its own block memory (shared memory, frame, thread states, exchange
// slots) from launch to launch, and a fault inside device code (trap, failed assert, bad
// memory access) ends the launch with CUDA's error code instead of ending the process.
#pragma once

#include "CpuAbi.h"
#include "cuda_runtime_api.h"

#include <cstddef>

namespace drawbridge::runtime::cpu {

struct GridShape {
  dim3 grid;
  dim3 block;
  size_t dynamicSharedBytes = 0;
  // cudaLaunchCooperativeKernel: every block runs at once, so grid_group::sync() can wait for
  // all of them.
  bool cooperative = false;
};

// Runs every block; returns cudaSuccess or the error of the first block that faulted.
cudaError_t runGrid(const cpu_abi::KernelDesc &kernel, const GridShape &shape, void *const *args);

// Called from device code (through DeviceServices) to abandon the running block.
[[noreturn]] void abandonBlock(cudaError_t error);
// Ends one thread of the running block (linear index in the block); the block's other
// threads run to the end, then the launch fails with `error`. Fiber kernels abandon the block.
[[noreturn]] void abandonThread(uint32_t linearThread, cudaError_t error);
// Index of the block the calling thread is running (for assert messages).
bool currentBlockIndex(unsigned int index[3]);
bool currentBlockDim(unsigned int dim[3]);
// grid_group::sync(), once per block: returns when every block of the running cooperative
// launch has called it as often. False (and no wait) outside a cooperative launch.
bool gridBarrier();
bool runningCooperativeGrid();
// Which memory `address` is in, seen from the device thread the caller runs.
cpu_abi::AddressSpace addressSpaceOf(const void *address);

} // namespace drawbridge::runtime::cpu
