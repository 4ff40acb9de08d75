// Device 0's properties; see CpuDevice.h.
#include "backends/cpu/CpuDevice.h"

#include "backends/cpu/WorkerPool.h"
#include "core/Memory.h"

#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

namespace drawbridge::runtime::cpu {

namespace {

std::string cpuModelName() {
  std::string name = "x86-64";
  if (FILE *f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, f))
      if (std::strncmp(line, "model name", 10) == 0) {
        if (const char *colon = std::strchr(line, ':')) {
          name = colon + 1;
          while (!name.empty() && (name.front() == ' ' || name.front() == '\t'))
            name.erase(name.begin());
          while (!name.empty() && (name.back() == '\n' || name.back() == ' '))
            name.pop_back();
        }
        break;
      }
    std::fclose(f);
  }
  return name;
}

int cpuClockKHz() {
  int khz = 2000000;
  if (FILE *f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    double mhz = 0;
    while (std::fgets(line, sizeof line, f))
      if (std::sscanf(line, "cpu MHz : %lf", &mhz) == 1) {
        khz = static_cast<int>(mhz * 1000);
        break;
      }
    std::fclose(f);
  }
  return khz;
}

int lastLevelCacheBytes() {
  long bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (bytes <= 0)
    bytes = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return bytes > 0 && bytes < INT_MAX ? static_cast<int>(bytes) : 4 << 20;
}

cudaDeviceProp makeProperties() {
  cudaDeviceProp p;
  std::memset(&p, 0, sizeof p);
  std::snprintf(p.name, sizeof p.name, "Drawbridge CPU (%s)", cpuModelName().c_str());
  std::memcpy(p.uuid.bytes, "DrawbridgeCPU-00", 16);
  size_t total = 0, available = 0;
  systemMemory(&total, &available);
  p.totalGlobalMem = total;
  p.sharedMemPerBlock = kSharedMemPerBlock;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = INT_MAX;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = INT_MAX;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.clockRate = cpuClockKHz();
  p.totalConstMem = 65536;
  p.major = kComputeMajor;
  p.minor = kComputeMinor;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.deviceOverlap = 1;
  p.cooperativeLaunch = 1; // every block of a small enough grid runs at once
  p.multiProcessorCount = static_cast<int>(WorkerPool::instance().size());
  p.kernelExecTimeoutEnabled = 0;
  p.integrated = 1; // device memory is host memory
  p.canMapHostMemory = 1;
  p.computeMode = cudaComputeModeDefault;
  p.surfaceAlignment = 512;
  p.concurrentKernels = 1;
  p.asyncEngineCount = 1;
  p.unifiedAddressing = 1;
  p.memoryClockRate = p.clockRate;
  p.memoryBusWidth = 64;
  p.l2CacheSize = lastLevelCacheBytes();
  // A worker runs one block at a time: see cudaOccupancyMaxActiveBlocksPerMultiprocessor.
  p.maxThreadsPerMultiProcessor = 1024;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = 164 * 1024;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.hostNativeAtomicSupported = 1;
  p.singleToDoublePrecisionPerfRatio = 2;
  p.pageableMemoryAccess = 1;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.sharedMemPerBlockOptin = kSharedMemPerBlockOptin;
  p.pageableMemoryAccessUsesHostPageTables = 1;
  p.directManagedMemAccessFromHost = 1;
  p.maxBlocksPerMultiProcessor = 1;
  p.reservedSharedMemPerBlock = 0;
  p.hostRegisterSupported = 1;
  p.hostRegisterReadOnlySupported = 1;
  p.memoryPoolsSupported = 1;
  p.unifiedFunctionPointers = 1;
  return p;
}

} // namespace

const cudaDeviceProp &deviceProperties() {
  static const cudaDeviceProp properties = makeProperties();
  return properties;
}

cudaError_t deviceAttribute(int *value, enum cudaDeviceAttr attr) {
  const cudaDeviceProp &p = deviceProperties();
  auto clamp = [](size_t v) { return v > INT_MAX ? INT_MAX : static_cast<int>(v); };
  switch (attr) {
  case cudaDevAttrMaxThreadsPerBlock:
    *value = p.maxThreadsPerBlock;
    break;
  case cudaDevAttrMaxBlockDimX:
    *value = p.maxThreadsDim[0];
    break;
  case cudaDevAttrMaxBlockDimY:
    *value = p.maxThreadsDim[1];
    break;
  case cudaDevAttrMaxBlockDimZ:
    *value = p.maxThreadsDim[2];
    break;
  case cudaDevAttrMaxGridDimX:
    *value = p.maxGridSize[0];
    break;
  case cudaDevAttrMaxGridDimY:
    *value = p.maxGridSize[1];
    break;
  case cudaDevAttrMaxGridDimZ:
    *value = p.maxGridSize[2];
    break;
  case cudaDevAttrMaxSharedMemoryPerBlock:
    *value = clamp(p.sharedMemPerBlock);
    break;
  case cudaDevAttrTotalConstantMemory:
    *value = clamp(p.totalConstMem);
    break;
  case cudaDevAttrWarpSize:
    *value = p.warpSize;
    break;
  case cudaDevAttrMaxPitch:
    *value = clamp(p.memPitch);
    break;
  case cudaDevAttrMaxRegistersPerBlock:
    *value = p.regsPerBlock;
    break;
  case cudaDevAttrClockRate:
    *value = p.clockRate;
    break;
  case cudaDevAttrTextureAlignment:
    *value = clamp(p.textureAlignment);
    break;
  case cudaDevAttrGpuOverlap:
    *value = p.deviceOverlap;
    break;
  case cudaDevAttrMultiProcessorCount:
    *value = p.multiProcessorCount;
    break;
  case cudaDevAttrKernelExecTimeout:
    *value = p.kernelExecTimeoutEnabled;
    break;
  case cudaDevAttrIntegrated:
    *value = p.integrated;
    break;
  case cudaDevAttrCanMapHostMemory:
    *value = p.canMapHostMemory;
    break;
  case cudaDevAttrComputeMode:
    *value = p.computeMode;
    break;
  case cudaDevAttrSurfaceAlignment:
    *value = clamp(p.surfaceAlignment);
    break;
  case cudaDevAttrConcurrentKernels:
    *value = p.concurrentKernels;
    break;
  case cudaDevAttrEccEnabled:
    *value = p.ECCEnabled;
    break;
  case cudaDevAttrPciBusId:
    *value = p.pciBusID;
    break;
  case cudaDevAttrPciDeviceId:
    *value = p.pciDeviceID;
    break;
  case cudaDevAttrPciDomainId:
    *value = p.pciDomainID;
    break;
  case cudaDevAttrTccDriver:
    *value = p.tccDriver;
    break;
  case cudaDevAttrMemoryClockRate:
    *value = p.memoryClockRate;
    break;
  case cudaDevAttrGlobalMemoryBusWidth:
    *value = p.memoryBusWidth;
    break;
  case cudaDevAttrL2CacheSize:
    *value = p.l2CacheSize;
    break;
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    *value = p.maxThreadsPerMultiProcessor;
    break;
  case cudaDevAttrAsyncEngineCount:
    *value = p.asyncEngineCount;
    break;
  case cudaDevAttrUnifiedAddressing:
    *value = p.unifiedAddressing;
    break;
  case cudaDevAttrTexturePitchAlignment:
    *value = clamp(p.texturePitchAlignment);
    break;
  case cudaDevAttrComputeCapabilityMajor:
    *value = p.major;
    break;
  case cudaDevAttrComputeCapabilityMinor:
    *value = p.minor;
    break;
  case cudaDevAttrStreamPrioritiesSupported:
    *value = p.streamPrioritiesSupported;
    break;
  case cudaDevAttrGlobalL1CacheSupported:
    *value = p.globalL1CacheSupported;
    break;
  case cudaDevAttrLocalL1CacheSupported:
    *value = p.localL1CacheSupported;
    break;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *value = clamp(p.sharedMemPerMultiprocessor);
    break;
  case cudaDevAttrMaxRegistersPerMultiprocessor:
    *value = p.regsPerMultiprocessor;
    break;
  case cudaDevAttrManagedMemory:
    *value = p.managedMemory;
    break;
  case cudaDevAttrIsMultiGpuBoard:
    *value = p.isMultiGpuBoard;
    break;
  case cudaDevAttrMultiGpuBoardGroupID:
    *value = p.multiGpuBoardGroupID;
    break;
  case cudaDevAttrHostNativeAtomicSupported:
    *value = p.hostNativeAtomicSupported;
    break;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio:
    *value = p.singleToDoublePrecisionPerfRatio;
    break;
  case cudaDevAttrPageableMemoryAccess:
    *value = p.pageableMemoryAccess;
    break;
  case cudaDevAttrConcurrentManagedAccess:
    *value = p.concurrentManagedAccess;
    break;
  case cudaDevAttrComputePreemptionSupported:
    *value = p.computePreemptionSupported;
    break;
  case cudaDevAttrCanUseHostPointerForRegisteredMem:
    *value = p.canUseHostPointerForRegisteredMem;
    break;
  case cudaDevAttrCooperativeLaunch:
    *value = p.cooperativeLaunch;
    break;
  case cudaDevAttrCooperativeMultiDeviceLaunch:
    *value = p.cooperativeMultiDeviceLaunch;
    break;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    *value = clamp(p.sharedMemPerBlockOptin);
    break;
  case cudaDevAttrHostRegisterSupported:
    *value = p.hostRegisterSupported;
    break;
  case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
    *value = p.pageableMemoryAccessUsesHostPageTables;
    break;
  case cudaDevAttrDirectManagedMemAccessFromHost:
    *value = p.directManagedMemAccessFromHost;
    break;
  case cudaDevAttrMaxBlocksPerMultiprocessor:
    *value = p.maxBlocksPerMultiProcessor;
    break;
  case cudaDevAttrMaxPersistingL2CacheSize:
    *value = p.persistingL2CacheMaxSize;
    break;
  case cudaDevAttrMaxAccessPolicyWindowSize:
    *value = p.accessPolicyMaxWindowSize;
    break;
  case cudaDevAttrReservedSharedMemoryPerBlock:
    *value = clamp(p.reservedSharedMemPerBlock);
    break;
  case cudaDevAttrHostRegisterReadOnlySupported:
    *value = p.hostRegisterReadOnlySupported;
    break;
  case cudaDevAttrMemoryPoolsSupported:
    *value = p.memoryPoolsSupported;
    break;
  case cudaDevAttrClusterLaunch:
    *value = p.clusterLaunch;
    break;
  case cudaDevAttrMemSyncDomainCount:
    *value = 1;
    break;
  case cudaDevAttrNumaConfig:
    *value = 0;
    break;
  case cudaDevAttrNumaId:
    *value = -1;
    break;
  case cudaDevAttrHostNumaId:
    *value = 0;
    break;
  default:
    if (attr < 1 || attr >= cudaDevAttrMax)
      return cudaErrorInvalidValue;
    // Texture, surface and interop limits: the CPU target has none of these features.
    *value = 0;
    break;
  }
  return cudaSuccess;
}

} // namespace drawbridge::runtime::cpu
