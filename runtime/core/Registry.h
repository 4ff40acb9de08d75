// What the program's translation units registered: fat binaries, kernels and device
// variables from the host side (__cudaRegister*), and CPU device images from the device
// side (__drawbridge_register_cpu_image). The two sides meet through the image id in the fat
// binary; both orders of registration work, and lookups resolve lazily.
#pragma once

#include "CpuAbi.h"
#include "cuda_runtime_api.h"

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace drawbridge::runtime {

struct FatBinary {
  std::string imageId;
};

inline constexpr uint32_t kDefaultSharedBytes = 48 * 1024;

// Per-kernel settings made through cudaFuncSetAttribute / cudaFuncSetCacheConfig.
struct KernelSettings {
  int maxDynamicSharedBytes = kDefaultSharedBytes;
  int preferredSharedCarveout = -1;
  int requiredClusterWidth = 0;
};

struct RegisteredKernel {
  const void *hostStub = nullptr;
  const FatBinary *module = nullptr;
  std::string deviceName;
  const cpu_abi::KernelDesc *desc = nullptr; // found on first use
  const cpu_abi::CpuImage *image = nullptr;  // the image holding desc
  KernelSettings settings;
};

struct RegisteredVariable {
  void *hostShadow = nullptr;
  const FatBinary *module = nullptr;
  std::string deviceName;
  size_t size = 0;
  bool constant = false;
  bool managed = false;
  void *deviceAddress = nullptr; // found on first use
};

class Registry {
public:
  const FatBinary *addFatBinary(const void *data);
  // A -rdc translation unit, registered against the device link's image.
  const FatBinary *addLinkedModule(const char *imageId);
  void addKernel(const FatBinary *module, const void *hostStub, const char *deviceName);
  void addVariable(const FatBinary *module, void *hostShadow, const char *deviceName, size_t size,
                   bool constant, bool managed);
  void addCpuImage(const cpu_abi::CpuImage *image);

  // The kernel registered for a host stub, with its descriptor; nullptr if unknown (or if
  // its device code is missing, which debugLog explains).
  RegisteredKernel *kernel(const void *hostStub);
  // The variable whose host shadow contains `address`, with its device address.
  RegisteredVariable *variable(const void *hostShadow);

private:
  const cpu_abi::KernelDesc *findKernelCode(const RegisteredKernel &k);
  void *findVariableStorage(RegisteredVariable &v);
  // Resolves variables whose image arrived after them; binds __managed__ ones (see
  // cpu_abi::VarDesc::redirect) before any kernel or host code can use them.
  void bindManagedVariables();

  std::mutex Mutex;
  std::vector<const FatBinary *> FatBinaries;
  std::unordered_map<const void *, RegisteredKernel> Kernels;
  std::unordered_map<const void *, RegisteredVariable> Variables;
  std::unordered_map<std::string, const cpu_abi::CpuImage *> Images;
};

Registry &registry();

} // namespace drawbridge::runtime
