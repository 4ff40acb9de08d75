// Device management, version queries and profiler control. There is one device, the CPU
// (backends/cpu/CpuDevice.h); calls that name another device fail as CUDA's do.
#include "api/ApiCall.h"
#include "api/DeviceLimits.h"
#include "backends/cpu/CpuDevice.h"
#include "core/DevicePrintf.h"
#include "core/Memory.h"
#include "core/Streams.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

using namespace drawbridge::runtime;

namespace {

constexpr int kDeviceCount = 1;

struct DeviceSettings {
  std::mutex Mutex;
  unsigned int flags = cudaDeviceScheduleAuto;
  enum cudaFuncCache cacheConfig = cudaFuncCachePreferNone;
  enum cudaSharedMemConfig sharedMemConfig = cudaSharedMemBankSizeFourByte;
  size_t limits[7] = {1024, 1 << 20, 8 << 20, 2, 2048, 32, 0};
  bool fixed[7] = {};
};

DeviceSettings &settings() {
  static DeviceSettings *s = new DeviceSettings;
  return *s;
}

bool validDevice(int device) { return device >= 0 && device < kDeviceCount; }

} // namespace

size_t drawbridge::runtime::deviceLimit(enum cudaLimit limit) {
  std::lock_guard<std::mutex> lock(settings().Mutex);
  return settings().limits[limit];
}

void drawbridge::runtime::fixDeviceLimit(enum cudaLimit limit) {
  std::lock_guard<std::mutex> lock(settings().Mutex);
  settings().fixed[limit] = true;
}

extern "C" {

cudaError_t cudaGetDeviceCount(int *count) {
  return apiCallAlways([&] {
    if (!count)
      return cudaErrorInvalidValue;
    *count = kDeviceCount;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDevice(int *device) {
  return apiCallAlways([&] {
    if (!device)
      return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaSetDevice(int device) {
  return apiCall([&] { return validDevice(device) ? cudaSuccess : cudaErrorInvalidDevice; });
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  return apiCall([&] {
    if (!validDevice(device))
      return cudaErrorInvalidDevice;
    return flags == 0 ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaSetValidDevices(int *deviceArr, int len) {
  return apiCall([&] {
    for (int i = 0; i < len; ++i)
      if (!deviceArr || !validDevice(deviceArr[i]))
        return cudaErrorInvalidDevice;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
  return apiCallAlways([&] {
    if (!prop)
      return cudaErrorInvalidValue;
    if (!validDevice(device))
      return cudaErrorInvalidDevice;
    *prop = cpu::deviceProperties();
    return cudaSuccess;
  });
}

cudaError_t cudaGetDeviceProperties_v2(struct cudaDeviceProp *prop, int device) {
  return cudaGetDeviceProperties(prop, device);
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device) {
  return apiCallAlways([&] {
    if (!value)
      return cudaErrorInvalidValue;
    if (!validDevice(device))
      return cudaErrorInvalidDevice;
    return cpu::deviceAttribute(value, attr);
  });
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) {
  return apiCall([&] {
    if (!device || !prop)
      return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSynchronize(void) {
  return apiCallAlways([] {
    streams().synchronizeAll();
    return observeDeviceFaults();
  });
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaDeviceReset(void) {
  return apiCallAlways([] {
    streams().synchronizeAll();
    memory().releaseAll();
    {
      std::lock_guard<std::mutex> lock(settings().Mutex);
      std::fill(std::begin(settings().fixed), std::end(settings().fixed), false);
    }
    clearStickyError();
    takeLastError();
    return cudaSuccess;
  });
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  return apiCall([&] {
    constexpr unsigned int kValid =
        cudaDeviceScheduleMask | cudaDeviceMapHost | cudaDeviceLmemResizeToMax;
    if (flags & ~kValid)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    settings().flags = flags;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags) {
  return apiCall([&] {
    if (!flags)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    *flags = settings().flags | cudaDeviceMapHost;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit) {
  return apiCall([&] {
    if (!pValue)
      return cudaErrorInvalidValue;
    if (limit < 0 || limit > cudaLimitPersistingL2CacheSize)
      return cudaErrorUnsupportedLimit;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    *pValue = settings().limits[limit];
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  return apiCall([&] {
    if (limit < 0 || limit > cudaLimitPersistingL2CacheSize)
      return cudaErrorUnsupportedLimit;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    if (settings().fixed[limit])
      return cudaErrorInvalidValue;
    settings().limits[limit] = value;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig) {
  return apiCall([&] {
    if (!pCacheConfig)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    *pCacheConfig = settings().cacheConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig) {
  return apiCall([&] {
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    settings().cacheConfig = cacheConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig) {
  return apiCall([&] {
    if (!pConfig)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    *pConfig = settings().sharedMemConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config) {
  return apiCall([&] {
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> lock(settings().Mutex);
    settings().sharedMemConfig = config;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  return apiCall([&] {
    if (leastPriority)
      *leastPriority = 0;
    if (greatestPriority)
      *greatestPriority = -5;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  return apiCall([&] {
    if (!pciBusId || len <= 0)
      return cudaErrorInvalidValue;
    if (!validDevice(device))
      return cudaErrorInvalidDevice;
    std::snprintf(pciBusId, static_cast<size_t>(len), "0000:00:00.0");
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  return apiCall([&] {
    if (!device || !pciBusId)
      return cudaErrorInvalidValue;
    if (std::strcmp(pciBusId, "0000:00:00.0") != 0 && std::strcmp(pciBusId, "00:00.0") != 0)
      return cudaErrorInvalidDevice;
    *device = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
  return apiCall([&] {
    if (!canAccessPeer)
      return cudaErrorInvalidValue;
    if (!validDevice(device) || !validDevice(peerDevice))
      return cudaErrorInvalidDevice;
    *canAccessPeer = 0; // a device is not its own peer
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
  return apiCall([&] {
    if (flags != 0)
      return cudaErrorInvalidValue;
    return cudaErrorInvalidDevice; // the only device cannot be its own peer
  });
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  return apiCall([&] {
    return validDevice(peerDevice) ? cudaErrorPeerAccessNotEnabled : cudaErrorInvalidDevice;
  });
}

cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
                                      int dstDevice) {
  return apiCall([&] {
    if (!value)
      return cudaErrorInvalidValue;
    if (!validDevice(srcDevice) || !validDevice(dstDevice) || srcDevice == dstDevice)
      return cudaErrorInvalidDevice;
    *value = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaDriverGetVersion(int *driverVersion) {
  return apiCallAlways([&] {
    if (!driverVersion)
      return cudaErrorInvalidValue;
    *driverVersion = DRAWBRIDGE_CUDA_VERSION;
    return cudaSuccess;
  });
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) {
  return apiCallAlways([&] {
    if (!runtimeVersion)
      return cudaErrorInvalidValue;
    *runtimeVersion = DRAWBRIDGE_CUDA_VERSION;
    return cudaSuccess;
  });
}

// There is no profiler to start or stop on the CPU target; CUDA succeeds without one too.
cudaError_t cudaProfilerStart(void) {
  return apiCall([] { return cudaSuccess; });
}
cudaError_t cudaProfilerStop(void) {
  return apiCall([] { return cudaSuccess; });
}

} // extern "C"
