// Functions that code generated from device code calls at run time: image registration,
// printf, assert, trap and the global timer (see include/drawbridge/device/ and
// compiler/cpu/LowerDeviceBuiltinsPass.cpp for the callers).
#include "CpuAbi.h"
#include "api/ApiCall.h"
#include "api/DeviceLimits.h"
#include "backends/cpu/GridLauncher.h"
#include "core/DevicePrintf.h"
#include "core/Registry.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

using namespace drawbridge::runtime;

namespace {
std::atomic<size_t> gDeviceHeapUsed{0};
} // namespace

extern "C" {

void __drawbridge_register_cpu_image(const drawbridge::cpu_abi::CpuImage *image) {
  registry().addCpuImage(image);
}

int __drawbridge_vprintf(const char *format, const char *packedArguments) {
  return devicePrintf().print(format, packedArguments);
}

uint32_t __drawbridge_address_space_of(const void *pointer) { return cpu::addressSpaceOf(pointer); }

// grid_group::sync() (one call per block) and grid_group::is_valid().
void __drawbridge_grid_sync(void) {
  if (cpu::gridBarrier())
    return;
  std::fprintf(stderr, "drawbridge: grid_group::sync() needs a cooperative launch "
                       "(cudaLaunchCooperativeKernel); the launch fails\n");
  cpu::abandonBlock(cudaErrorLaunchFailure);
}

unsigned int __drawbridge_grid_is_cooperative(void) { return cpu::runningCooperativeGrid(); }

[[noreturn]] void __drawbridge_trap(void) { cpu::abandonBlock(cudaErrorLaunchFailure); }

// CUDA's message for a failed device assert; the thread ends, the rest of its block runs on
// (so every failing thread reports), then the launch fails with cudaErrorAssert.
[[noreturn]] void __drawbridge_assert_fail(const char *expression, const char *file,
                                           unsigned int line, const char *function,
                                           unsigned int tidX, unsigned int tidY,
                                           unsigned int tidZ) {
  unsigned int block[3] = {0, 0, 0};
  cpu::currentBlockIndex(block);
  devicePrintf().flush();
  std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
               file, line, function, block[0], block[1], block[2], tidX, tidY, tidZ, expression);
  unsigned int dim[3] = {1, 1, 1};
  cpu::currentBlockDim(dim);
  cpu::abandonThread(tidX + dim[0] * (tidY + dim[1] * tidZ), cudaErrorAssert);
}

// malloc, __nv_aligned_device_malloc and free in device code: a heap of
// cudaLimitMallocHeapSize bytes (8 MiB unless the program sets it), so device allocations fail
// with NULL where they would on a GPU. Each allocation is preceded by its size and the start of
// the host block it lies in, so free() needs no alignment to find them.
void *__drawbridge_device_aligned_malloc(size_t size, size_t align) {
  constexpr size_t kHeader = 2 * sizeof(void *);
  if (size == 0 || align == 0 || (align & (align - 1)) != 0)
    return nullptr;
  align = std::max(align, kHeader);
  size_t limit = deviceLimit(cudaLimitMallocHeapSize);
  size_t used = gDeviceHeapUsed.fetch_add(size, std::memory_order_relaxed);
  auto *block =
      used + size > limit ? nullptr : static_cast<char *>(std::malloc(size + align + kHeader));
  if (!block) {
    gDeviceHeapUsed.fetch_sub(size, std::memory_order_relaxed);
    return nullptr;
  }
  uintptr_t start = reinterpret_cast<uintptr_t>(block) + kHeader;
  char *pointer = reinterpret_cast<char *>((start + align - 1) & ~(uintptr_t)(align - 1));
  std::memcpy(pointer - kHeader, &size, sizeof size);
  std::memcpy(pointer - sizeof(void *), &block, sizeof block);
  return pointer;
}

void *__drawbridge_device_malloc(size_t size) {
  return __drawbridge_device_aligned_malloc(size, 2 * sizeof(void *));
}

void __drawbridge_device_free(void *pointer) {
  if (!pointer)
    return;
  char *p = static_cast<char *>(pointer), *block;
  size_t size;
  std::memcpy(&size, p - 2 * sizeof(void *), sizeof size);
  std::memcpy(&block, p - sizeof(void *), sizeof block);
  gDeviceHeapUsed.fetch_sub(size, std::memory_order_relaxed);
  std::free(block);
}

uint64_t __drawbridge_globaltimer(void) {
  timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1000000000ull + static_cast<uint64_t>(now.tv_nsec);
}

} // extern "C"
