// Initialisation, version and device queries of the driver API, answered by the runtime's
// device management (one device, the CPU).
#include "DriverCall.h"

#include <cstring>

using namespace drawbridge::cudadriver;

namespace {

// The runtime's properties of a valid device.
CUresult properties(CUdevice dev, cudaDeviceProp &prop) {
  if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
    return r;
  return toResult(cudaGetDeviceProperties(&prop, dev));
}

} // namespace

extern "C" {

// The runtime is ready without initialisation, so there is nothing to do but check the flags.
CUresult cuInit(unsigned int Flags) { return Flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }

CUresult cuDriverGetVersion(int *driverVersion) {
  return driverCall([&] { return toResult(cudaDriverGetVersion(driverVersion)); });
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  return driverCall([&] {
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(ordinal); r != CUDA_SUCCESS)
      return r;
    *device = ordinal;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetCount(int *count) {
  return driverCall([&] { return toResult(cudaGetDeviceCount(count)); });
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  return driverCall([&] {
    if (!name || len <= 0)
      return CUDA_ERROR_INVALID_VALUE;
    cudaDeviceProp prop;
    if (CUresult r = properties(dev, prop); r != CUDA_SUCCESS)
      return r;
    size_t n = strnlen(prop.name, sizeof prop.name);
    if (n >= static_cast<size_t>(len))
      n = static_cast<size_t>(len) - 1;
    std::memcpy(name, prop.name, n);
    name[n] = '\0';
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) {
  return driverCall([&] {
    if (!uuid)
      return CUDA_ERROR_INVALID_VALUE;
    cudaDeviceProp prop;
    if (CUresult r = properties(dev, prop); r != CUDA_SUCCESS)
      return r;
    std::memcpy(uuid->bytes, prop.uuid.bytes, sizeof uuid->bytes);
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
  return driverCall([&] {
    if (!bytes)
      return CUDA_ERROR_INVALID_VALUE;
    cudaDeviceProp prop;
    if (CUresult r = properties(dev, prop); r != CUDA_SUCCESS)
      return r;
    *bytes = prop.totalGlobalMem;
    return CUDA_SUCCESS;
  });
}

// Driver and runtime attributes with the same number are the same query.
CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
  return driverCall([&] {
    if (!pi)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    return toResult(cudaDeviceGetAttribute(pi, static_cast<cudaDeviceAttr>(attrib), dev));
  });
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
  return driverCall([&] {
    if (!major || !minor)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    if (cudaError_t e = cudaDeviceGetAttribute(major, cudaDevAttrComputeCapabilityMajor, dev);
        e != cudaSuccess)
      return toResult(e);
    return toResult(cudaDeviceGetAttribute(minor, cudaDevAttrComputeCapabilityMinor, dev));
  });
}

} // extern "C"
