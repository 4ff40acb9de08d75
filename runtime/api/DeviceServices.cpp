// Functions that code generated from device code calls at run time: image registration,
// printf, assert, trap and the global timer (see include/drawbridge/device/ and
// compiler/cpu/LowerDeviceBuiltinsPass.cpp for the callers).
#include "CpuAbi.h"
#include "api/ApiCall.h"
#include "backends/cpu/GridLauncher.h"
#include "core/DevicePrintf.h"
#include "core/Registry.h"

#include <cstdint>
#include <cstdio>
#include <ctime>

using namespace drawbridge::runtime;

extern "C" {

void __drawbridge_register_cpu_image(const drawbridge::cpu_abi::CpuImage *image) {
  registry().addCpuImage(image);
}

int __drawbridge_vprintf(const char *format, const char *packedArguments) {
  return devicePrintf().print(format, packedArguments);
}

[[noreturn]] void __drawbridge_trap(void) { cpu::abandonBlock(cudaErrorLaunchFailure); }

// CUDA's message for a failed device assert, then the launch fails with cudaErrorAssert.
[[noreturn]] void __drawbridge_assert_fail(const char *expression, const char *file,
                                           unsigned int line, const char *function,
                                           unsigned int tidX, unsigned int tidY,
                                           unsigned int tidZ) {
  unsigned int block[3] = {0, 0, 0};
  cpu::currentBlockIndex(block);
  devicePrintf().flush();
  std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
               file, line, function, block[0], block[1], block[2], tidX, tidY, tidZ, expression);
  cpu::abandonBlock(cudaErrorAssert);
}

uint64_t __drawbridge_globaltimer(void) {
  timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1000000000ull + static_cast<uint64_t>(now.tv_nsec);
}

} // extern "C"
