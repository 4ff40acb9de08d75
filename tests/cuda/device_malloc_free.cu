// Device-side heap: per-thread malloc/free (16-byte aligned, distinct, usable), a block-shared
// allocation passed through shared memory, memory allocated in one kernel and read and freed
// in a later one, the heap size limit (cudaDeviceSetLimit) and malloc returning NULL when the
// heap cannot satisfy a request, __nv_aligned_device_malloc (any power-of-two alignment, NULL
// for one that is not, freed with free). (new/delete and memcpy/memset: device_new_delete_memcpy.cu.)
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>

struct Node { int value; Node *next; };

__global__ void perThread(int *bad) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int n = 1 + g % 37;
  int *p = (int *)malloc(n * sizeof(int));
  if (!p) { atomicAdd(bad, 1000); return; }
  if ((uintptr_t)p % 16) atomicAdd(bad, 1);
  for (int i = 0; i < n; ++i) p[i] = g * 100 + i;
  __syncthreads(); // other threads write their own blocks meanwhile: no overlap allowed
  for (int i = 0; i < n; ++i) if (p[i] != g * 100 + i) { atomicAdd(bad, 1); break; }
  free(p);
}

__global__ void blockShared(int *bad) {
  __shared__ int *buf;
  if (threadIdx.x == 0) buf = (int *)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  if (!buf) { if (threadIdx.x == 0) atomicAdd(bad, 1000); return; }
  buf[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  if (buf[blockDim.x - 1 - threadIdx.x] != (int)(blockDim.x - 1 - threadIdx.x) * 3) atomicAdd(bad, 1);
  __syncthreads();
  if (threadIdx.x == 0) free(buf);
}

__global__ void buildLists(Node **heads, int len) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  Node *head = nullptr;
  for (int i = 0; i < len; ++i) {
    Node *nd = (Node *)malloc(sizeof(Node));
    nd->value = g * 1000 + i;
    nd->next = head;
    head = nd;
  }
  heads[g] = head;
}

__global__ void consumeLists(Node **heads, long long *sums) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  long long s = 0;
  Node *nd = heads[g];
  while (nd) {
    s += nd->value;
    Node *next = nd->next;
    free(nd);
    nd = next;
  }
  sums[g] = s;
}

__global__ void aligned(int *bad) {
  for (size_t align = 1; align <= 8192; align *= 2) {
    size_t size = 1 + (threadIdx.x * 37 + align) % 300;
    char *p = (char *)__nv_aligned_device_malloc(size, align);
    if (!p || (uintptr_t)p % align) { atomicAdd(bad, 1); continue; }
    for (size_t i = 0; i < size; ++i) p[i] = (char)(i + threadIdx.x);
    __syncthreads();
    for (size_t i = 0; i < size; ++i) if (p[i] != (char)(i + threadIdx.x)) { atomicAdd(bad, 1); break; }
    free(p);
  }
  if (__nv_aligned_device_malloc(16, 24) || __nv_aligned_device_malloc(16, 0)) atomicAdd(bad, 100);
}

__global__ void tooBig(unsigned long long *result) {
  void *p = malloc((size_t)1 << 40); // 1 TiB cannot come from an 8 MiB heap
  result[0] = (unsigned long long)(uintptr_t)p;
  void *q = malloc(1 << 30);         // nor 1 GiB
  result[1] = (unsigned long long)(uintptr_t)q;
  if (p) free(p);
  if (q) free(q);
  void *r = malloc(1024);            // a small request still works
  result[2] = r != nullptr;
  free(r);
}

int main() {
  int failures = 0;
  size_t heap = 0;
  if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20) != cudaSuccess) { printf("set heap limit failed\n"); failures++; }
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  if (heap < (64u << 20)) { printf("heap limit %zu\n", heap); failures++; }
  int *bad;
  cudaMallocManaged(&bad, sizeof(int));
  *bad = 0;
  perThread<<<16, 128>>>(bad);
  blockShared<<<8, 200>>>(bad);
  aligned<<<4, 64>>>(bad);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  if (*bad) { printf("malloc checks: %d problems\n", *bad); failures++; }
  const int lists = 256, len = 20;
  Node **heads;
  long long *sums;
  cudaMalloc(&heads, lists * sizeof(Node *));
  cudaMallocManaged(&sums, lists * sizeof(long long));
  buildLists<<<lists / 64, 64>>>(heads, len);
  consumeLists<<<lists / 32, 32>>>(heads, sums); // different launch shape: memory outlives the kernel
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  for (int g = 0; g < lists; ++g) {
    long long want = (long long)g * 1000 * len + len * (len - 1) / 2;
    if (sums[g] != want && failures++ < 10) printf("list %d: sum %lld, expected %lld\n", g, sums[g], want);
  }
  // CUDA: the heap size cannot change once a kernel used malloc, so the NULL check runs on the
  // current (64 MiB) heap.
  unsigned long long *res;
  cudaMallocManaged(&res, 3 * sizeof(unsigned long long));
  tooBig<<<1, 1>>>(res);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  if ((res[0] || res[1] || !res[2]) && failures++ < 10)
    printf("oversized malloc returned %#llx / %#llx, small malloc %s\n", res[0], res[1], res[2] ? "ok" : "failed");
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
