// Managed memory used directly by host and device code in turn (cudaMallocManaged with both
// attach flags, size 0 -> cudaErrorInvalidValue), and stream-ordered allocation:
// cudaMallocAsync memory used by later work on the same stream, cudaFreeAsync after it, the
// pool attribute, and errors for bad arguments.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#include "Inputs/expect.h"

struct Node {
  int value;
  Node *next;
};

__global__ void square(long long *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = p[i] * p[i];
}

// Follows a linked list built by the host in managed memory and sums it.
__global__ void sumList(const Node *head, int *out) {
  int s = 0;
  for (const Node *n = head; n; n = n->next)
    s += n->value;
  *out = s;
}

__global__ void iota(int *p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = base + i;
}

__global__ void sumInto(const int *p, int n, unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, (unsigned long long)p[i]);
}

int main() {
  // Managed memory, host then device then host, several rounds.
  const int n = 4097;
  long long *m = nullptr;
  EXPECT_OK(cudaMallocManaged(&m, n * sizeof(long long)));
  for (int i = 0; i < n; ++i)
    m[i] = i - 2000;
  square<<<(n + 255) / 256, 256>>>(m, n);
  EXPECT_OK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += m[i] != (long long)(i - 2000) * (i - 2000);
  EXPECT_TRUE(wrong == 0, "%d elements wrong after the kernel", wrong);
  for (int i = 0; i < n; ++i)
    m[i] = 3;
  square<<<(n + 255) / 256, 256>>>(m, n);
  square<<<(n + 255) / 256, 256>>>(m, n);
  EXPECT_OK(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += m[i] != 81;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after two kernels", wrong);

  // Pointers inside managed memory are valid on both sides.
  Node *nodes = nullptr;
  int *sum = nullptr;
  EXPECT_OK(cudaMallocManaged(&nodes, 10 * sizeof(Node), cudaMemAttachHost));
  EXPECT_OK(cudaMallocManaged(&sum, sizeof(int), cudaMemAttachGlobal));
  for (int i = 0; i < 10; ++i)
    nodes[i] = Node{i * i, i + 1 < 10 ? &nodes[i + 1] : nullptr};
  *sum = -1;
  sumList<<<1, 1>>>(nodes, sum);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*sum == 285, "list sum %d, expected 285", *sum);
  // cudaMemset and cudaMemcpy work on managed memory.
  // (cudaMemset may be asynchronous with respect to the host, hence the synchronisation.)
  EXPECT_OK(cudaMemset(sum, 0, sizeof(int)));
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*sum == 0, "managed memory after cudaMemset: %d", *sum);
  int seven = 7;
  EXPECT_OK(cudaMemcpy(sum, &seven, sizeof(int), cudaMemcpyHostToDevice));
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*sum == 7, "managed memory after cudaMemcpy: %d", *sum);

  void *z = nullptr;
  EXPECT_ERR(cudaMallocManaged(&z, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMallocManaged(&z, 64, 0x100), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_OK(cudaFree(m));
  EXPECT_OK(cudaFree(nodes));
  EXPECT_OK(cudaFree(sum));

  // Stream-ordered allocation.
  int pools = 0;
  EXPECT_OK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, 0));
  EXPECT_TRUE(pools == 1, "cudaDevAttrMemoryPoolsSupported is %d", pools);
  cudaStream_t s;
  EXPECT_OK(cudaStreamCreate(&s));
  unsigned long long *total = nullptr;
  EXPECT_OK(cudaMallocManaged(&total, sizeof *total));
  *total = 0;
  const int k = 10000;
  for (int round = 0; round < 5; ++round) {
    int *a = nullptr;
    EXPECT_OK(cudaMallocAsync((void **)&a, k * sizeof(int), s));
    EXPECT_TRUE(a != nullptr, "cudaMallocAsync gave a null pointer");
    iota<<<(k + 255) / 256, 256, 0, s>>>(a, k, round);
    sumInto<<<(k + 255) / 256, 256, 0, s>>>(a, k, total);
    EXPECT_OK(cudaFreeAsync(a, s));
  }
  EXPECT_OK(cudaStreamSynchronize(s));
  unsigned long long expect = 0;
  for (int round = 0; round < 5; ++round)
    expect += (unsigned long long)k * round + (unsigned long long)k * (k - 1) / 2;
  EXPECT_TRUE(*total == expect, "sum over cudaMallocAsync buffers %llu, expected %llu", *total,
              expect);

  // The allocation can be used from another stream once ordered after the allocation.
  cudaStream_t s2;
  cudaEvent_t allocated;
  EXPECT_OK(cudaStreamCreate(&s2));
  EXPECT_OK(cudaEventCreateWithFlags(&allocated, cudaEventDisableTiming));
  int *b = nullptr;
  EXPECT_OK(cudaMallocAsync((void **)&b, 256 * sizeof(int), s));
  EXPECT_OK(cudaEventRecord(allocated, s));
  EXPECT_OK(cudaStreamWaitEvent(s2, allocated, 0));
  iota<<<1, 256, 0, s2>>>(b, 256, 1);
  int hb[256] = {};
  EXPECT_OK(cudaMemcpyAsync(hb, b, sizeof hb, cudaMemcpyDeviceToHost, s2));
  EXPECT_OK(cudaFreeAsync(b, s2));
  EXPECT_OK(cudaStreamSynchronize(s2));
  wrong = 0;
  for (int i = 0; i < 256; ++i)
    wrong += hb[i] != i + 1;
  EXPECT_TRUE(wrong == 0, "%d elements wrong using the allocation from another stream", wrong);

  // cudaMallocAsync on the default stream and cudaFree (synchronous) of it.
  int *c = nullptr;
  EXPECT_OK(cudaMallocAsync((void **)&c, 64, 0));
  EXPECT_OK(cudaMemsetAsync(c, 0, 64, 0));
  EXPECT_OK(cudaFree(c));

  // Bad arguments.
  EXPECT_ERR(cudaMallocAsync(nullptr, 64, s), cudaErrorInvalidValue);
  int onStack = 0;
  EXPECT_ERR(cudaFreeAsync(&onStack, s), cudaErrorInvalidValue);
  cudaGetLastError();

  EXPECT_OK(cudaEventDestroy(allocated));
  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaStreamDestroy(s2));
  EXPECT_OK(cudaFree(total));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
