// The registry of kernels, variables and device images; see Registry.h.
#include "core/Registry.h"

#include "FatBinary.h"
#include "api/ApiCall.h"
#include "core/Memory.h"

#include <cstring>

namespace drawbridge::runtime {

Registry &registry() {
  // Never destroyed: registration functions run from static constructors and destructors of
  // user objects, in an order nothing controls.
  static Registry *instance = new Registry;
  return *instance;
}

const FatBinary *Registry::addFatBinary(const void *data) {
  auto *module = new FatBinary{fatbin::cpuImageId(data)};
  std::lock_guard<std::mutex> lock(Mutex);
  FatBinaries.push_back(module);
  return module;
}

const FatBinary *Registry::addLinkedModule(const char *imageId) {
  auto *module = new FatBinary{imageId};
  std::lock_guard<std::mutex> lock(Mutex);
  FatBinaries.push_back(module);
  return module;
}

void Registry::addKernel(const FatBinary *module, const void *hostStub, const char *deviceName) {
  std::lock_guard<std::mutex> lock(Mutex);
  RegisteredKernel &k = Kernels[hostStub];
  k.hostStub = hostStub;
  k.module = module;
  k.deviceName = deviceName;
}

void Registry::addVariable(const FatBinary *module, void *hostShadow, const char *deviceName,
                           size_t size, bool constant, bool managed) {
  std::lock_guard<std::mutex> lock(Mutex);
  RegisteredVariable &v = Variables[hostShadow];
  v.hostShadow = hostShadow;
  v.module = module;
  v.deviceName = deviceName;
  v.size = size;
  v.constant = constant;
  v.managed = managed;
  v.deviceAddress = findVariableStorage(v);
}

void Registry::addCpuImage(const cpu_abi::CpuImage *image) {
  if (image->version != cpu_abi::kImageVersion) {
    std::fprintf(stderr,
                 "drawbridge: device code built for CPU image version %u, this runtime reads "
                 "version %u; rebuild the program with this toolkit's nvcc\n",
                 image->version, cpu_abi::kImageVersion);
    return;
  }
  // Device variables are device memory: cudaPointerGetAttributes, copies and memsets on
  // addresses from cudaGetSymbolAddress must see them as such.
  for (uint32_t i = 0; i < image->numVars; ++i)
    if (!image->vars[i].redirect)
      memory().addStatic(image->vars[i].address, image->vars[i].size,
                         image->vars[i].flags & cpu_abi::VarConstant);
  std::lock_guard<std::mutex> lock(Mutex);
  Images[image->id] = image;
  bindManagedVariables();
}

const cpu_abi::KernelDesc *Registry::findKernelCode(const RegisteredKernel &k) {
  auto it = Images.find(k.module->imageId);
  if (it == Images.end()) {
    debugLog("no CPU device code was linked for the translation unit of kernel %s",
             k.deviceName.c_str());
    return nullptr;
  }
  const cpu_abi::CpuImage *image = it->second;
  for (uint32_t i = 0; i < image->numKernels; ++i)
    if (k.deviceName == image->kernels[i].name)
      return &image->kernels[i];
  debugLog("kernel %s is registered but its CPU code is missing", k.deviceName.c_str());
  return nullptr;
}

void *Registry::findVariableStorage(RegisteredVariable &v) {
  auto it = Images.find(v.module->imageId);
  if (it == Images.end())
    return nullptr;
  const cpu_abi::CpuImage *image = it->second;
  for (uint32_t i = 0; i < image->numVars; ++i) {
    const cpu_abi::VarDesc &desc = image->vars[i];
    if (v.deviceName != desc.name)
      continue;
    if (!desc.redirect)
      return desc.address;
    // __managed__: host and device share the host side's copy, which starts with the
    // variable's initial value.
    if (*desc.redirect != v.hostShadow) {
      std::memcpy(v.hostShadow, desc.address, v.size);
      *desc.redirect = v.hostShadow;
    }
    v.managed = true;
    return v.hostShadow;
  }
  return nullptr;
}

void Registry::bindManagedVariables() {
  for (auto &[shadow, v] : Variables)
    if (!v.deviceAddress)
      v.deviceAddress = findVariableStorage(v);
}

RegisteredKernel *Registry::kernel(const void *hostStub) {
  std::lock_guard<std::mutex> lock(Mutex);
  auto it = Kernels.find(hostStub);
  if (it == Kernels.end())
    return nullptr;
  RegisteredKernel &k = it->second;
  if (!k.desc) {
    k.desc = findKernelCode(k);
    if (k.desc)
      k.image = Images[k.module->imageId];
    // CUDA's default: dynamic shared memory up to 48 KiB minus the kernel's static share.
    if (k.desc)
      k.settings.maxDynamicSharedBytes =
          k.desc->staticSharedBytes < kDefaultSharedBytes
              ? static_cast<int>(kDefaultSharedBytes - k.desc->staticSharedBytes)
              : 0;
  }
  return k.desc ? &k : nullptr;
}

RegisteredVariable *Registry::variable(const void *hostShadow) {
  std::lock_guard<std::mutex> lock(Mutex);
  auto it = Variables.find(hostShadow);
  if (it == Variables.end())
    return nullptr;
  RegisteredVariable &v = it->second;
  if (!v.deviceAddress)
    v.deviceAddress = findVariableStorage(v);
  return v.deviceAddress ? &v : nullptr;
}

} // namespace drawbridge::runtime
