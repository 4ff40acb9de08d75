// Kernel launches and kernel attributes.
//
// <<<grid, block, shared, stream>>> reaches cudaLaunchKernel through the configuration stack
// clang's host code pushes and the kernel's stub pops. A launch checks its configuration the
// way CUDA does (returning cudaErrorInvalidConfiguration and friends, never crashing), copies
// the arguments, since the caller's may change as soon as the launch returns, and queues the
// grid on its stream. A fault inside the kernel becomes the context's sticky error, reported
// by the next synchronising call as on a GPU.
#include "api/ApiCall.h"
#include "api/DeviceLimits.h"
#include "backends/cpu/CpuDevice.h"
#include "backends/cpu/GridLauncher.h"
#include "core/DevicePrintf.h"
#include "core/Registry.h"
#include "core/Streams.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

using namespace drawbridge::runtime;

namespace {

struct CallConfiguration {
  dim3 grid;
  dim3 block;
  size_t sharedMem;
  cudaStream_t stream;
};

thread_local std::vector<CallConfiguration> tConfigurations;

// A launch's own copy of the kernel arguments, each at a 16-byte aligned offset.
class ArgumentCopy {
public:
  ArgumentCopy(const drawbridge::cpu_abi::KernelDesc &k, void **args) {
    size_t total = 0;
    std::vector<size_t> offsets;
    for (uint32_t i = 0; i < k.numParams; ++i) {
      offsets.push_back(total);
      total += (k.paramSizes[i] + 15) / 16 * 16;
    }
    Storage.reset(static_cast<char *>(std::aligned_alloc(16, total ? total : 16)));
    for (uint32_t i = 0; i < k.numParams; ++i) {
      std::memcpy(Storage.get() + offsets[i], args[i], k.paramSizes[i]);
      Pointers.push_back(Storage.get() + offsets[i]);
    }
  }
  void *const *pointers() const { return Pointers.data(); }

private:
  struct Free {
    void operator()(char *p) const { std::free(p); }
  };
  std::unique_ptr<char, Free> Storage;
  std::vector<void *> Pointers;
};

cudaError_t checkConfiguration(const RegisteredKernel &k, dim3 grid, dim3 block, size_t sharedMem) {
  const cudaDeviceProp &p = cpu::deviceProperties();
  uint64_t threads = static_cast<uint64_t>(block.x) * block.y * block.z;
  if (block.x == 0 || block.y == 0 || block.z == 0 || grid.x == 0 || grid.y == 0 || grid.z == 0) {
    debugLog("launch of %s: a grid or block dimension is zero", k.deviceName.c_str());
    return cudaErrorInvalidConfiguration;
  }
  if (block.x > static_cast<unsigned>(p.maxThreadsDim[0]) ||
      block.y > static_cast<unsigned>(p.maxThreadsDim[1]) ||
      block.z > static_cast<unsigned>(p.maxThreadsDim[2]) ||
      threads > static_cast<uint64_t>(p.maxThreadsPerBlock)) {
    debugLog("launch of %s: block (%u,%u,%u) exceeds the limits (1024 threads, 1024x1024x64)",
             k.deviceName.c_str(), block.x, block.y, block.z);
    return cudaErrorInvalidConfiguration;
  }
  if (grid.x > static_cast<unsigned>(p.maxGridSize[0]) ||
      grid.y > static_cast<unsigned>(p.maxGridSize[1]) ||
      grid.z > static_cast<unsigned>(p.maxGridSize[2])) {
    debugLog("launch of %s: grid (%u,%u,%u) exceeds the limits", k.deviceName.c_str(), grid.x,
             grid.y, grid.z);
    return cudaErrorInvalidConfiguration;
  }
  if (k.desc->maxThreadsPerBlock && threads > k.desc->maxThreadsPerBlock) {
    debugLog("launch of %s: %llu threads per block exceed its __launch_bounds__ of %u",
             k.deviceName.c_str(), static_cast<unsigned long long>(threads),
             k.desc->maxThreadsPerBlock);
    return cudaErrorLaunchOutOfResources;
  }
  if (sharedMem > static_cast<size_t>(k.settings.maxDynamicSharedBytes) ||
      k.desc->staticSharedBytes + sharedMem > cpu::kSharedMemPerBlockOptin) {
    debugLog("launch of %s: %zu bytes of dynamic shared memory exceed the kernel's limit of %d "
             "(raise it with cudaFuncSetAttribute)",
             k.deviceName.c_str(), sharedMem, k.settings.maxDynamicSharedBytes);
    return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

cudaError_t launch(const void *func, dim3 grid, dim3 block, void **args, size_t sharedMem,
                   cudaStream_t handle, bool cooperative = false) {
  RegisteredKernel *k = registry().kernel(func);
  if (!k)
    return cudaErrorInvalidDeviceFunction;
  if (cudaError_t e = checkConfiguration(*k, grid, block, sharedMem); e != cudaSuccess)
    return e;
  if (k->desc->numParams && !args)
    return cudaErrorInvalidValue;
  std::shared_ptr<Stream> stream = streams().resolve(handle, perThreadDefaultStream());
  if (!stream)
    return cudaErrorInvalidResourceHandle;

  // A launch is one of the points where earlier device printf output appears.
  devicePrintf().flush();
  if (k->desc->flags & drawbridge::cpu_abi::KernelUsesPrintf)
    fixDeviceLimit(cudaLimitPrintfFifoSize);
  if (k->desc->flags & drawbridge::cpu_abi::KernelUsesMalloc)
    fixDeviceLimit(cudaLimitMallocHeapSize);
  auto arguments = std::make_shared<ArgumentCopy>(*k->desc, args);
  cpu::GridShape shape{grid, block, sharedMem, cooperative};
  const drawbridge::cpu_abi::KernelDesc *desc = k->desc;
  stream->enqueue([desc, shape, arguments] {
    if (deviceFaulted() || stickyError() != cudaSuccess)
      return;
    if (cudaError_t e = cpu::runGrid(*desc, shape, arguments->pointers()); e != cudaSuccess)
      recordDeviceFault(e);
  });
  static const bool blocking = [] {
    const char *env = std::getenv("CUDA_LAUNCH_BLOCKING");
    return env && env[0] == '1';
  }();
  if (blocking) {
    stream->synchronize();
    return observeDeviceFaults();
  }
  return cudaSuccess;
}

} // namespace

extern "C" {

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                     struct CUstream_st *stream) {
  tConfigurations.push_back({gridDim, blockDim, sharedMem, stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                       void *stream) {
  if (tConfigurations.empty())
    return cudaErrorMissingConfiguration;
  CallConfiguration c = tConfigurations.back();
  tConfigurations.pop_back();
  *gridDim = c.grid;
  *blockDim = c.block;
  *sharedMem = c.sharedMem;
  *static_cast<cudaStream_t *>(stream) = c.stream;
  return cudaSuccess;
}

cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, cudaStream_t stream) {
  __cudaPushCallConfiguration(gridDim, blockDim, sharedMem, stream);
  return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream) {
  return apiCall([&] { return launch(func, gridDim, blockDim, args, sharedMem, stream); });
}

// Every block of a cooperative grid must be running at once for grid_group::sync(): at most
// the resident blocks per multiprocessor (the occupancy query's answer) times the
// multiprocessors, as CUDA checks.
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream) {
  return apiCall([&] {
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    if (cudaError_t e = checkConfiguration(*k, gridDim, blockDim, sharedMem); e != cudaSuccess)
      return e;
    int perMultiprocessor = 0;
    int threads = static_cast<int>(blockDim.x * blockDim.y * blockDim.z);
    if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, func,
                                                                      threads, sharedMem);
        e != cudaSuccess)
      return e;
    uint64_t blocks = static_cast<uint64_t>(gridDim.x) * gridDim.y * gridDim.z;
    uint64_t resident = static_cast<uint64_t>(perMultiprocessor) *
                        static_cast<uint64_t>(cpu::deviceProperties().multiProcessorCount);
    if (blocks > resident) {
      debugLog("cooperative launch of %s: %llu blocks, but at most %llu can run at once",
               k->deviceName.c_str(), static_cast<unsigned long long>(blocks),
               static_cast<unsigned long long>(resident));
      return cudaErrorCooperativeLaunchTooLarge;
    }
    return launch(func, gridDim, blockDim, args, sharedMem, stream, /*cooperative=*/true);
  });
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  return apiCall([&] {
    if (!attr)
      return cudaErrorInvalidValue;
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    std::memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = k->desc->staticSharedBytes;
    attr->localSizeBytes = k->desc->localBytesPerThread;
    attr->maxThreadsPerBlock =
        k->desc->maxThreadsPerBlock ? static_cast<int>(k->desc->maxThreadsPerBlock) : 1024;
    attr->numRegs = 32;
    // The binary is built for this device; the PTX version is the architecture compiled for.
    attr->binaryVersion = cpu::kComputeMajor * 10 + cpu::kComputeMinor;
    attr->ptxVersion =
        k->image->ptxVersion ? static_cast<int>(k->image->ptxVersion) : attr->binaryVersion;
    attr->maxDynamicSharedSizeBytes = k->settings.maxDynamicSharedBytes;
    attr->preferredShmemCarveout = k->settings.preferredSharedCarveout;
    attr->requiredClusterWidth = k->settings.requiredClusterWidth;
    return cudaSuccess;
  });
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value) {
  return apiCall([&] {
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
      if (value < 0 ||
          static_cast<size_t>(value) + k->desc->staticSharedBytes > cpu::kSharedMemPerBlockOptin)
        return cudaErrorInvalidValue;
      k->settings.maxDynamicSharedBytes = value;
      return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      if (value < -1 || value > 100)
        return cudaErrorInvalidValue;
      k->settings.preferredSharedCarveout = value;
      return cudaSuccess;
    case cudaFuncAttributeRequiredClusterWidth:
      k->settings.requiredClusterWidth = value;
      return cudaSuccess;
    case cudaFuncAttributeClusterDimMustBeSet:
    case cudaFuncAttributeRequiredClusterHeight:
    case cudaFuncAttributeRequiredClusterDepth:
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
    case cudaFuncAttributeClusterSchedulingPolicyPreference:
      return cudaSuccess;
    default:
      return cudaErrorInvalidValue;
    }
  });
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig) {
  return apiCall([&] {
    if (!registry().kernel(func))
      return cudaErrorInvalidDeviceFunction;
    return cacheConfig >= cudaFuncCachePreferNone && cacheConfig <= cudaFuncCachePreferEqual
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config) {
  return apiCall([&] {
    if (!registry().kernel(func))
      return cudaErrorInvalidDeviceFunction;
    return config >= cudaSharedMemBankSizeDefault && config <= cudaSharedMemBankSizeEightByte
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

cudaError_t cudaFuncGetName(const char **name, const void *func) {
  return apiCall([&] {
    if (!name)
      return cudaErrorInvalidValue;
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    *name = k->deviceName.c_str();
    return cudaSuccess;
  });
}

// Each CPU worker (a "multiprocessor") runs one block at a time, so one block is resident per
// multiprocessor when it fits at all. Persistent kernels sized with this answer (a grid of
// multiProcessorCount * numBlocks that synchronises through global memory) then have every
// block running at once, as they need.
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags) {
  return apiCall([&] {
    if (!numBlocks || blockSize <= 0 || (flags & ~cudaOccupancyDisableCachingOverride))
      return cudaErrorInvalidValue;
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    const cudaDeviceProp &p = cpu::deviceProperties();
    int maxThreads = k->desc->maxThreadsPerBlock ? static_cast<int>(k->desc->maxThreadsPerBlock)
                                                 : p.maxThreadsPerBlock;
    if (blockSize > maxThreads) {
      *numBlocks = 0;
      return cudaSuccess;
    }
    size_t shared = k->desc->staticSharedBytes + dynamicSMemSize;
    *numBlocks = shared <= p.sharedMemPerMultiprocessor ? p.maxBlocksPerMultiProcessor : 0;
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                      int numBlocks, int blockSize) {
  return apiCall([&] {
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
      return cudaErrorInvalidValue;
    RegisteredKernel *k = registry().kernel(func);
    if (!k)
      return cudaErrorInvalidDeviceFunction;
    const cudaDeviceProp &p = cpu::deviceProperties();
    size_t perBlock = std::min(p.sharedMemPerBlockOptin, p.sharedMemPerMultiprocessor / numBlocks);
    *dynamicSmemSize =
        perBlock > k->desc->staticSharedBytes ? perBlock - k->desc->staticSharedBytes : 0;
    return cudaSuccess;
  });
}

} // extern "C"
