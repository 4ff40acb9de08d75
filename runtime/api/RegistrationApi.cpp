// The registration entry points clang's host code calls from each translation unit's module
// constructor: one fat binary, then its kernels and device variables. Signatures follow what
// clang's CUDA host code generation emits.
#include "api/ApiCall.h"
#include "core/Registry.h"

#include <cstdio>

using namespace drawbridge::runtime;

namespace {

// The structure clang emits as __cuda_fatbin_wrapper and passes by address.
struct FatBinaryWrapper {
  int magic;
  int version;
  const void *data;
  void *reserved;
};

void reportUnsupported(const char *what, const char *name) {
  std::fprintf(stderr, "drawbridge: %s '%s' is not supported on the CPU target yet\n", what, name);
}

} // namespace

extern "C" {

void **__cudaRegisterFatBinary(void *fatCubin) {
  auto *wrapper = static_cast<FatBinaryWrapper *>(fatCubin);
  const FatBinary *module = registry().addFatBinary(wrapper->data);
  return reinterpret_cast<void **>(const_cast<FatBinary *>(module));
}

void __cudaRegisterFatBinaryEnd(void **fatCubinHandle) { (void)fatCubinHandle; }

// Modules stay registered until the process ends: static destructors of other translation
// units may still launch kernels while this one unregisters.
void __cudaUnregisterFatBinary(void **fatCubinHandle) { (void)fatCubinHandle; }

void __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun, char *deviceFun,
                            const char *deviceName, int threadLimit, void *tid, void *bid,
                            void *bDim, void *gDim, int *wSize) {
  (void)deviceFun;
  (void)threadLimit;
  (void)tid;
  (void)bid;
  (void)bDim;
  (void)gDim;
  (void)wSize;
  registry().addKernel(reinterpret_cast<const FatBinary *>(fatCubinHandle), hostFun, deviceName);
}

void __cudaRegisterVar(void **fatCubinHandle, char *hostVar, char *deviceAddress,
                       const char *deviceName, int ext, size_t size, int constant, int global) {
  (void)deviceAddress;
  (void)ext;
  (void)global;
  registry().addVariable(reinterpret_cast<const FatBinary *>(fatCubinHandle), hostVar, deviceName,
                         static_cast<size_t>(size), constant != 0, false);
}

void __cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtrAddress, char *deviceAddress,
                              const char *deviceName, int ext, int size, int constant, int global) {
  (void)deviceAddress;
  (void)ext;
  (void)global;
  registry().addVariable(reinterpret_cast<const FatBinary *>(fatCubinHandle), hostVarPtrAddress,
                         deviceName, static_cast<size_t>(size), constant != 0, true);
}

void __cudaRegisterTexture(void **fatCubinHandle, const void *hostVar, const void **deviceAddress,
                           const char *deviceName, int dim, int norm, int ext) {
  (void)fatCubinHandle;
  (void)hostVar;
  (void)deviceAddress;
  (void)dim;
  (void)norm;
  (void)ext;
  reportUnsupported("texture reference", deviceName);
}

void __cudaRegisterSurface(void **fatCubinHandle, const void *hostVar, const void **deviceAddress,
                           const char *deviceName, int dim, int ext) {
  (void)fatCubinHandle;
  (void)hostVar;
  (void)deviceAddress;
  (void)dim;
  (void)ext;
  reportUnsupported("surface reference", deviceName);
}

// Called by the __cudaRegisterLinkedBinary<module id> functions a device link defines: the
// translation unit's registration function registers its kernels and variables against the
// linked image.
void __drawbridge_register_linked_binary(void (*registerGlobals)(void **), void *fatbinWrapper,
                                         const char *imageId, const char *moduleId) {
  (void)fatbinWrapper;
  (void)moduleId;
  const FatBinary *module = registry().addLinkedModule(imageId);
  registerGlobals(reinterpret_cast<void **>(const_cast<FatBinary *>(module)));
}

char __cudaInitModule(void **fatCubinHandle) {
  (void)fatCubinHandle;
  return 0;
}

} // extern "C"
