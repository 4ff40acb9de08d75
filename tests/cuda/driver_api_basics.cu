// libcuda, the driver API subset of cuda.h, linked with -lcuda: device queries agree with the
// runtime's, contexts stack and retain as the driver API specifies, allocations, copies and
// 8/16/32-bit fills (synchronous and in a stream) work, streams, events and device pointers
// pass freely between the two APIs, error names and strings, and a failing driver call leaves
// cudaGetLastError() alone. The calls reach the versioned symbols (cuMemAlloc_v2, ...) and,
// built with --default-stream per-thread, their per-thread variants.
//
// libcuda.so lives in the toolkit's lib64 (and lib64/stubs, where NVIDIA ships its link-time
// stub); nvcc links that name -lcuda give the program a run path to lib64.
// RUN: %nvcc %s -o %t -lcuda
// RUN: %t | FileCheck %s
// RUN: llvm-nm -u %t | FileCheck %s --check-prefix=SYMBOLS
// RUN: %nvcc %s -o %t.shared -lcuda -cudart shared && %t.shared | FileCheck %s
// RUN: %nvcc %s -o %t.stub -L%toolkit/lib64/stubs -lcuda
// RUN: %t.stub | FileCheck %s
// RUN: %nvcc %s -o %t.ptds -lcuda --default-stream per-thread
// RUN: %t.ptds | FileCheck %s
// RUN: llvm-nm -u %t.ptds | FileCheck %s --check-prefix=PTDS
// A C program that uses only the driver API.
// RUN: %nvcc %S/Inputs/driver_api_from_c.c -o %t.c -lcuda
// RUN: %t.c | FileCheck %s --check-prefix=C
// CHECK: PASS
// C: driver API from C: PASS
// SYMBOLS-DAG: U cuCtxCreate_v2{{$}}
// SYMBOLS-DAG: U cuMemAlloc_v2{{$}}
// SYMBOLS-DAG: U cuMemcpyHtoD_v2{{$}}
// SYMBOLS-DAG: U cuMemsetD32_v2{{$}}
// SYMBOLS-DAG: U cuStreamSynchronize{{$}}
// PTDS-DAG: U cuMemcpyHtoD_v2_ptds
// PTDS-DAG: U cuMemsetD32_v2_ptds
// PTDS-DAG: U cuMemsetD16Async_ptsz
// PTDS-DAG: U cuStreamSynchronize_ptsz
// PTDS-DAG: U cuEventRecord_ptsz
#include <cuda.h>

#include <cstdio>
#include <cstring>
#include <vector>

static_assert(CUDA_VERSION == CUDART_VERSION, "driver and runtime API follow one release");
static_assert(sizeof(CUdeviceptr) == sizeof(void *), "CUdeviceptr holds a pointer");

static int failures = 0;

#define EXPECT_RESULT(call, expected)                                                              \
  do {                                                                                             \
    CUresult got_ = (call);                                                                        \
    if (got_ != (expected)) {                                                                      \
      const char *name_ = nullptr;                                                                 \
      cuGetErrorName(got_, &name_);                                                                \
      printf("FAIL line %d: %s returned %s (%d), expected %s\n", __LINE__, #call,                  \
             name_ ? name_ : "?", (int)got_, #expected);                                           \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#define EXPECT_OK(call) EXPECT_RESULT(call, CUDA_SUCCESS)
#define EXPECT_TRUE(cond, ...)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s: ", __LINE__, #cond);                                               \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

__global__ void addOne(unsigned *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

static void checkDevices() {
  EXPECT_OK(cuInit(0));
  EXPECT_RESULT(cuInit(1), CUDA_ERROR_INVALID_VALUE);
  int version = 0;
  EXPECT_OK(cuDriverGetVersion(&version));
  EXPECT_TRUE(version == CUDA_VERSION, "%d", version);

  int count = 0, runtimeCount = 0;
  EXPECT_OK(cuDeviceGetCount(&count));
  cudaGetDeviceCount(&runtimeCount);
  EXPECT_TRUE(count == runtimeCount && count >= 1, "%d devices, runtime %d", count, runtimeCount);
  CUdevice dev = -1;
  EXPECT_OK(cuDeviceGet(&dev, 0));
  EXPECT_TRUE(dev == 0, "device %d", dev);
  EXPECT_RESULT(cuDeviceGet(&dev, count), CUDA_ERROR_INVALID_DEVICE);
  EXPECT_RESULT(cuDeviceGet(nullptr, 0), CUDA_ERROR_INVALID_VALUE);

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  char name[256];
  EXPECT_OK(cuDeviceGetName(name, sizeof name, 0));
  EXPECT_TRUE(strcmp(name, prop.name) == 0, "'%s' vs '%s'", name, prop.name);
  char shortName[5];
  EXPECT_OK(cuDeviceGetName(shortName, sizeof shortName, 0));
  EXPECT_TRUE(strlen(shortName) == 4 && strncmp(shortName, prop.name, 4) == 0, "'%s'", shortName);
  EXPECT_RESULT(cuDeviceGetName(name, sizeof name, count), CUDA_ERROR_INVALID_DEVICE);
  size_t total = 0;
  EXPECT_OK(cuDeviceTotalMem(&total, 0));
  EXPECT_TRUE(total == prop.totalGlobalMem, "%zu vs %zu", total, prop.totalGlobalMem);
  CUuuid uuid;
  EXPECT_OK(cuDeviceGetUuid(&uuid, 0));
  EXPECT_TRUE(memcmp(uuid.bytes, prop.uuid.bytes, 16) == 0, "uuid");

  int value = 0, runtimeValue = 0;
  EXPECT_OK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0));
  EXPECT_TRUE(value == prop.maxThreadsPerBlock, "%d", value);
  EXPECT_OK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0));
  EXPECT_TRUE(value == 32, "%d", value);
  EXPECT_OK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
  cudaDeviceGetAttribute(&runtimeValue, cudaDevAttrMultiProcessorCount, 0);
  EXPECT_TRUE(value == runtimeValue, "%d vs %d", value, runtimeValue);
  EXPECT_OK(
      cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, 0));
  EXPECT_TRUE(value == 0, "%d", value);
  EXPECT_RESULT(cuDeviceGetAttribute(&value, (CUdevice_attribute)0, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_RESULT(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, count),
                CUDA_ERROR_INVALID_DEVICE);
  int major = 0, minor = 0;
  EXPECT_OK(cuDeviceComputeCapability(&major, &minor, 0));
  EXPECT_TRUE(major == prop.major && minor == prop.minor, "%d.%d", major, minor);
  EXPECT_OK(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0));
  EXPECT_TRUE(value == major, "%d", value);
}

static void checkContexts() {
  CUcontext primary = nullptr, again = nullptr, current = nullptr;
  EXPECT_OK(cuDevicePrimaryCtxRetain(&primary, 0));
  EXPECT_OK(cuDevicePrimaryCtxRetain(&again, 0));
  EXPECT_TRUE(primary && primary == again, "one primary context");
  unsigned flags = 99;
  int active = 0;
  EXPECT_OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_TRUE(flags == 0 && active == 1, "flags %u active %d", flags, active);
  EXPECT_OK(cuCtxSetCurrent(primary));
  EXPECT_OK(cuCtxGetCurrent(&current));
  EXPECT_TRUE(current == primary, "primary is current");

  CUcontext a = nullptr, b = nullptr, popped = nullptr;
  EXPECT_OK(cuCtxCreate(&a, CU_CTX_SCHED_BLOCKING_SYNC, 0));
  EXPECT_TRUE(a && a != primary, "a new context");
  EXPECT_OK(cuCtxGetCurrent(&current));
  EXPECT_TRUE(current == a, "cuCtxCreate makes it current");
  CUdevice dev = -1;
  EXPECT_OK(cuCtxGetDevice(&dev));
  EXPECT_TRUE(dev == 0, "%d", dev);
  EXPECT_OK(cuCtxSynchronize());
  EXPECT_OK(cuCtxPopCurrent(&popped));
  EXPECT_TRUE(popped == a, "popped a");
  EXPECT_OK(cuCtxGetCurrent(&current));
  EXPECT_TRUE(current == primary, "back to the context below");
  EXPECT_OK(cuCtxPushCurrent(a));
  EXPECT_OK(cuCtxDestroy(a));
  EXPECT_OK(cuCtxGetCurrent(&current));
  EXPECT_TRUE(current == primary, "destroying the current context pops it");
  EXPECT_RESULT(cuCtxPushCurrent(a), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_RESULT(cuCtxDestroy(a), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_RESULT(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);
  EXPECT_RESULT(cuCtxCreate(&b, CU_CTX_SCHED_SPIN | CU_CTX_SCHED_YIELD, 0),
                CUDA_ERROR_INVALID_VALUE);
  EXPECT_RESULT(cuCtxCreate(&b, 0, 1000), CUDA_ERROR_INVALID_DEVICE);

  // A context destroyed while below the top of the stack is unusable once it is on top again.
  EXPECT_OK(cuCtxCreate(&a, 0, 0));
  EXPECT_OK(cuCtxCreate(&b, 0, 0));
  EXPECT_OK(cuCtxDestroy(a));
  EXPECT_OK(cuCtxDestroy(b));
  CUdeviceptr p = 0;
  EXPECT_RESULT(cuMemAlloc(&p, 64), CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_OK(cuCtxPopCurrent(&popped));
  EXPECT_TRUE(popped == a, "the destroyed context");
  EXPECT_OK(cuCtxSetCurrent(nullptr));
  EXPECT_RESULT(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);

  EXPECT_OK(cuCtxSetCurrent(primary));
  EXPECT_OK(cuDevicePrimaryCtxRelease(0));
  EXPECT_OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
  EXPECT_TRUE(active == 1, "still retained once");
}

static void checkMemory() {
  size_t free = 0, total = 0;
  EXPECT_OK(cuMemGetInfo(&free, &total));
  EXPECT_TRUE(free > 0 && free <= total, "%zu of %zu", free, total);
  CUdeviceptr d = 0;
  EXPECT_RESULT(cuMemAlloc(&d, 0), CUDA_ERROR_INVALID_VALUE);

  // Fills of each width, larger than one pattern block and of odd length, then copies.
  const size_t n = 300001;
  EXPECT_OK(cuMemAlloc(&d, n * 4));
  std::vector<unsigned> h(n);
  EXPECT_OK(cuMemsetD32(d, 0xdeadbeefu, n));
  EXPECT_OK(cuMemcpyDtoH(h.data(), d, n * 4));
  bool ok = true;
  for (size_t i = 0; i < n; ++i)
    ok &= h[i] == 0xdeadbeefu;
  EXPECT_TRUE(ok, "cuMemsetD32");
  EXPECT_OK(cuMemsetD16(d + 4, 0x1234, 3));
  EXPECT_OK(cuMemsetD8(d + 12, 0x7f, 5));
  EXPECT_OK(cuMemsetD32(d + 24, 0x05050505u, 1));
  EXPECT_OK(cuMemcpyDtoH(h.data(), d, 32));
  EXPECT_TRUE(
      h[0] == 0xdeadbeefu && h[1] == 0x12341234u && h[2] == 0xdead1234u && h[3] == 0x7f7f7f7fu &&
          h[4] == 0xdeadbe7fu && h[5] == 0xdeadbeefu && h[6] == 0x05050505u && h[7] == 0xdeadbeefu,
      "mixed fills %08x %08x %08x %08x %08x %08x %08x", h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
  EXPECT_RESULT(cuMemsetD32(d + 2, 0, 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT_RESULT(cuMemsetD16(d + 1, 0, 1), CUDA_ERROR_INVALID_VALUE);

  for (size_t i = 0; i < n; ++i)
    h[i] = (unsigned)(i * 2654435761u);
  CUdeviceptr e = 0;
  EXPECT_OK(cuMemAlloc(&e, n * 4));
  EXPECT_OK(cuMemcpyHtoD(d, h.data(), n * 4));
  EXPECT_OK(cuMemcpyDtoD(e, d, n * 4));
  std::vector<unsigned> back(n);
  EXPECT_OK(cuMemcpy((CUdeviceptr)back.data(), e, n * 4));
  EXPECT_TRUE(back == h, "HtoD, DtoD, unified copy");

  // A failing driver call is not the runtime's last error.
  cudaGetLastError();
  unsigned notDevice[4];
  EXPECT_RESULT(cuMemcpyHtoD((CUdeviceptr)notDevice, h.data(), sizeof notDevice),
                CUDA_ERROR_INVALID_VALUE);
  EXPECT_TRUE(cudaGetLastError() == cudaSuccess, "runtime last error untouched");

  EXPECT_OK(cuMemFree(e));
  EXPECT_OK(cuMemFree(d));

  void *pinned = nullptr;
  EXPECT_OK(cuMemAllocHost(&pinned, 4096));
  unsigned int hostFlags = 99;
  EXPECT_TRUE(cudaHostGetFlags(&hostFlags, pinned) == cudaSuccess,
              "pinned memory is the runtime's");
  EXPECT_OK(cuMemFreeHost(pinned));
  EXPECT_OK(cuMemHostAlloc(&pinned, 4096, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  EXPECT_OK(cuMemFreeHost(pinned));
  CUdeviceptr managed = 0;
  EXPECT_RESULT(cuMemAllocManaged(&managed, 64, 0), CUDA_ERROR_INVALID_VALUE);
  EXPECT_OK(cuMemAllocManaged(&managed, 64, CU_MEM_ATTACH_GLOBAL));
  ((int *)managed)[3] = 42;
  EXPECT_OK(cuMemFree(managed));
}

// Streams, events and pointers pass between the APIs; stream work runs in order.
static void checkStreamsAndEvents() {
  const int n = 100000;
  CUstream stream = nullptr;
  EXPECT_OK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  unsigned flags = 99;
  EXPECT_TRUE(cudaStreamGetFlags(stream, &flags) == cudaSuccess && flags == cudaStreamNonBlocking,
              "flags %u", flags);
  CUevent start = nullptr, stop = nullptr, untimed = nullptr;
  EXPECT_OK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  EXPECT_OK(cuEventCreate(&stop, CU_EVENT_BLOCKING_SYNC));
  EXPECT_OK(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING));

  unsigned *buffer = nullptr;
  cudaMalloc(&buffer, n * sizeof(unsigned));
  CUdeviceptr d = (CUdeviceptr)buffer;
  std::vector<unsigned> h(n);
  EXPECT_OK(cuEventRecord(start, stream));
  EXPECT_OK(cuMemsetD16Async(d, 0x0102, 2 * n, stream));
  addOne<<<(n + 255) / 256, 256, 0, stream>>>(buffer, n);
  EXPECT_OK(cuMemsetD8Async(d, 9, 4, stream));
  EXPECT_OK(cuMemcpyDtoHAsync(h.data(), d, n * sizeof(unsigned), stream));
  EXPECT_OK(cuEventRecord(untimed, stream));
  EXPECT_OK(cuEventRecord(stop, stream));
  EXPECT_OK(cuEventSynchronize(stop));
  EXPECT_OK(cuEventQuery(stop));
  EXPECT_OK(cuStreamSynchronize(stream));
  EXPECT_OK(cuStreamQuery(stream));
  EXPECT_TRUE(h[0] == 0x09090909u && h[1] == 0x01020103u && h[n - 1] == 0x01020103u,
              "%08x %08x %08x", h[0], h[1], h[n - 1]);
  float ms = -1;
  EXPECT_OK(cuEventElapsedTime(&ms, start, stop));
  EXPECT_TRUE(ms >= 0, "%f ms", ms);
  EXPECT_RESULT(cuEventElapsedTime(&ms, start, untimed), CUDA_ERROR_INVALID_HANDLE);

  CUstream other = nullptr;
  EXPECT_OK(cuStreamCreateWithPriority(&other, 0, 0));
  const unsigned marker = 0xabcd0123u;
  EXPECT_OK(cuMemcpyHtoDAsync(d, &marker, sizeof marker, other));
  EXPECT_OK(cuEventRecord(stop, other));
  EXPECT_OK(cuStreamWaitEvent(stream, stop, 0));
  EXPECT_OK(cuMemcpyDtoDAsync(d + 4, d, sizeof(unsigned), stream));
  EXPECT_TRUE(cudaStreamSynchronize(stream) == cudaSuccess, "runtime synchronises a CUstream");
  unsigned first2[2];
  EXPECT_OK(cuMemcpyDtoH(first2, d, sizeof first2));
  EXPECT_TRUE(first2[0] == marker && first2[1] == marker, "%08x %08x", first2[0], first2[1]);
  EXPECT_OK(cuMemcpyAsync((CUdeviceptr)h.data(), d, sizeof(unsigned), 0));
  EXPECT_OK(cuStreamSynchronize(0));
  EXPECT_OK(cuMemsetD32Async(d, 7, n, 0));
  EXPECT_OK(cuCtxSynchronize());
  EXPECT_OK(cuMemFree(d));

  EXPECT_OK(cuEventDestroy(start));
  EXPECT_OK(cuEventDestroy(stop));
  EXPECT_OK(cuEventDestroy(untimed));
  EXPECT_OK(cuStreamDestroy(other));
  EXPECT_OK(cuStreamDestroy(stream));
}

static void checkErrors() {
  const char *s = nullptr;
  EXPECT_OK(cuGetErrorName(CUDA_ERROR_INVALID_VALUE, &s));
  EXPECT_TRUE(s && strcmp(s, "CUDA_ERROR_INVALID_VALUE") == 0, "%s", s);
  EXPECT_OK(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &s));
  EXPECT_TRUE(s && strcmp(s, "invalid argument") == 0, "%s", s);
  EXPECT_OK(cuGetErrorString(CUDA_SUCCESS, &s));
  EXPECT_TRUE(s && strcmp(s, "no error") == 0, "%s", s);
  EXPECT_OK(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &s));
  EXPECT_TRUE(s && strcmp(s, "out of memory") == 0, "%s", s);
  EXPECT_OK(cuGetErrorName(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, &s));
  EXPECT_OK(cuGetErrorString(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, &s));
  EXPECT_TRUE(s && *s, "a message for a driver-only code");
  EXPECT_OK(cuGetErrorName(CUDA_ERROR_UNKNOWN, &s));
  EXPECT_TRUE(s && strcmp(s, "CUDA_ERROR_UNKNOWN") == 0, "%s", s);
  s = "unchanged";
  EXPECT_RESULT(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
  EXPECT_TRUE(s == nullptr, "unknown code gives no name");
  EXPECT_RESULT(cuGetErrorString((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
  EXPECT_RESULT(cuGetErrorString(CUDA_SUCCESS, nullptr), CUDA_ERROR_INVALID_VALUE);
}

int main() {
  checkDevices();
  checkContexts();
  checkMemory();
  checkStreamsAndEvents();
  checkErrors();
  if (failures == 0)
    printf("PASS\n");
  else
    printf("FAIL: %d failures\n", failures);
  return failures != 0;
}
