// Page-locked host memory and pointer queries: cudaMallocHost/cudaHostAlloc/cudaFreeHost,
// mapped memory through cudaHostGetDevicePointer used by a kernel, cudaHostRegister and
// cudaHostUnregister (already/not registered errors), and cudaPointerGetAttributes for device,
// pinned, registered, managed and unregistered pointers (including interior pointers).
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdlib>

#include "Inputs/expect.h"

__global__ void scale(int *p, int n, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= factor;
}

static void checkAttributes(int line, const void *ptr, cudaMemoryType type, const void *devPtr,
                            const void *hostPtr, int device) {
  cudaPointerAttributes a;
  a.type = (cudaMemoryType)77;
  a.device = 77;
  a.devicePointer = a.hostPointer = (void *)0x77;
  cudaError_t e = cudaPointerGetAttributes(&a, ptr);
  if (e != cudaSuccess) {
    printf("FAIL line %d: cudaPointerGetAttributes(%p) returned %s\n", line, ptr,
           cudaGetErrorName(e));
    ++failures;
    return;
  }
  if (a.type != type || a.devicePointer != devPtr || a.hostPointer != hostPtr ||
      a.device != device) {
    printf("FAIL line %d: attributes of %p: type %d device %d devicePointer %p hostPointer %p; "
           "expected type %d device %d devicePointer %p hostPointer %p\n",
           line, ptr, (int)a.type, a.device, a.devicePointer, a.hostPointer, (int)type, device,
           devPtr, hostPtr);
    ++failures;
  }
}

int main() {
  const int n = 1000;

  // cudaMallocHost memory is usable from the host and, with unified addressing, from kernels.
  int *pinned = nullptr;
  EXPECT_OK(cudaMallocHost(&pinned, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    pinned[i] = i;
  checkAttributes(__LINE__, pinned, cudaMemoryTypeHost, pinned, pinned, 0);
  checkAttributes(__LINE__, pinned + 10, cudaMemoryTypeHost, pinned + 10, pinned + 10, 0);
  int *dp = nullptr;
  EXPECT_OK(cudaHostGetDevicePointer((void **)&dp, pinned, 0));
  EXPECT_TRUE(dp != nullptr, "no device pointer for cudaMallocHost memory");
  scale<<<(n + 127) / 128, 128>>>(dp, n, 2);
  EXPECT_OK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += pinned[i] != 2 * i;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after a kernel wrote cudaMallocHost memory", wrong);
  EXPECT_ERR(cudaHostGetDevicePointer((void **)&dp, pinned, 1), cudaErrorInvalidValue);
  EXPECT_OK(cudaFreeHost(pinned));
  EXPECT_OK(cudaFreeHost(nullptr));
  cudaGetLastError();

  // cudaHostAlloc with each flag; mapped memory through its device pointer.
  for (unsigned flags : {cudaHostAllocDefault, cudaHostAllocPortable, cudaHostAllocMapped,
                         cudaHostAllocWriteCombined, cudaHostAllocMapped | cudaHostAllocPortable}) {
    int *h = nullptr;
    EXPECT_OK(cudaHostAlloc(&h, n * sizeof(int), flags));
    if (!h)
      continue;
    unsigned got = 0;
    EXPECT_OK(cudaHostGetFlags(&got, h));
    EXPECT_TRUE((got & flags) == flags, "cudaHostGetFlags gave 0x%x for flags 0x%x", got, flags);
    for (int i = 0; i < n; ++i)
      h[i] = i;
    int *d = nullptr;
    EXPECT_OK(cudaHostGetDevicePointer((void **)&d, h, 0));
    scale<<<(n + 127) / 128, 128>>>(d, n, 3);
    EXPECT_OK(cudaDeviceSynchronize());
    wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += h[i] != 3 * i;
    EXPECT_TRUE(wrong == 0, "flags 0x%x: %d elements wrong", flags, wrong);
    checkAttributes(__LINE__, h, cudaMemoryTypeHost, d, h, 0);
    EXPECT_OK(cudaFreeHost(h));
  }
  int *bad = nullptr;
  EXPECT_ERR(cudaHostAlloc(&bad, 64, 0x80000000u), cudaErrorInvalidValue);
  cudaGetLastError();

  // Registering pageable memory.
  int *pageable = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; ++i)
    pageable[i] = i;
  void *dpp = nullptr;
  EXPECT_ERR(cudaHostGetDevicePointer(&dpp, pageable, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostUnregister(pageable), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  EXPECT_OK(cudaHostRegister(pageable, n * sizeof(int), cudaHostRegisterMapped));
  EXPECT_ERR(cudaHostRegister(pageable, n * sizeof(int), cudaHostRegisterMapped),
             cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_ERR(cudaHostRegister(pageable + 100, 16, cudaHostRegisterDefault),
             cudaErrorHostMemoryAlreadyRegistered);
  cudaGetLastError();
  int *d = nullptr;
  EXPECT_OK(cudaHostGetDevicePointer((void **)&d, pageable, 0));
  checkAttributes(__LINE__, pageable, cudaMemoryTypeHost, d, pageable, 0);
  scale<<<(n + 127) / 128, 128>>>(d, n, 5);
  EXPECT_OK(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += pageable[i] != 5 * i;
  EXPECT_TRUE(wrong == 0, "%d elements wrong in registered memory", wrong);
  EXPECT_OK(cudaHostUnregister(pageable));
  EXPECT_ERR(cudaHostUnregister(pageable), cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  // Once unregistered it is plain host memory again. CUDA does not check unregistered
  // memory, so hostPointer is the pointer itself (the field's documentation says it may be
  // invalid for that reason).
  {
    cudaPointerAttributes a;
    EXPECT_OK(cudaPointerGetAttributes(&a, pageable));
    EXPECT_TRUE(a.type == cudaMemoryTypeUnregistered, "type %d", (int)a.type);
    EXPECT_TRUE(a.hostPointer == pageable, "hostPointer %p, expected %p", a.hostPointer,
                pageable);
  }

  // Device and managed memory.
  int *dev = nullptr, *managed = nullptr;
  EXPECT_OK(cudaMalloc(&dev, n * sizeof(int)));
  EXPECT_OK(cudaMallocManaged(&managed, n * sizeof(int)));
  checkAttributes(__LINE__, dev, cudaMemoryTypeDevice, dev, nullptr, 0);
  checkAttributes(__LINE__, dev + n - 1, cudaMemoryTypeDevice, dev + n - 1, nullptr, 0);
  checkAttributes(__LINE__, managed, cudaMemoryTypeManaged, managed, managed, 0);
  checkAttributes(__LINE__, managed + 3, cudaMemoryTypeManaged, managed + 3, managed + 3, 0);
  {
    // A stack variable is unregistered host memory.
    int local = 0;
    cudaPointerAttributes a;
    EXPECT_OK(cudaPointerGetAttributes(&a, &local));
    EXPECT_TRUE(a.type == cudaMemoryTypeUnregistered, "type %d", (int)a.type);
    EXPECT_TRUE(a.hostPointer == &local, "hostPointer %p, expected %p", a.hostPointer,
                (void *)&local);
  }
  EXPECT_ERR(cudaPointerGetAttributes(nullptr, dev), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_OK(cudaFree(dev));
  EXPECT_OK(cudaFree(managed));
  // After cudaFree the address is no longer device memory.
  {
    cudaPointerAttributes a;
    EXPECT_OK(cudaPointerGetAttributes(&a, dev));
    EXPECT_TRUE(a.type == cudaMemoryTypeUnregistered, "freed memory has type %d", (int)a.type);
  }

  free(pageable);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
