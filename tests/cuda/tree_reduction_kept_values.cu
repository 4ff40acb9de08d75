// A tree reduction over blockDim.x whose running sum lives across the loop's barrier, and a
// second per-thread value that only some threads change in each round. The sum before the
// loop and the sum after each step share one per-thread slot, and the threads that skip a step
// store nothing back (DemoteCrossSiteValues, FormThreadRegions): each thread's final values
// must still be its own, at power-of-two and other block sizes, with a tail block whose
// threads past n add nothing, and with threads that leave before the loop.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: block 32: PASS
// CHECK: block 96: PASS
// CHECK: block 256: PASS
// CHECK: block 1024: PASS
// CHECK: leavers 256: PASS
#include <cstdio>
#include <vector>

// out[block] = the block's sum; kept[thread] = the number of rounds in which the thread added,
// times 1000, plus its own input (which only those rounds' threads change).
__global__ void treeSum(const int *in, int *out, int *kept, int n) {
  extern __shared__ int partial[];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  int sum = i < n ? in[i] : 0;
  int mine = sum;
  partial[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sum += partial[tid + s];
      partial[tid] = sum;
      mine += 1000;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sum;
  if (i < n)
    kept[i] = mine;
}

// The same, where the threads of the block's upper quarter leave before the loop.
__global__ void treeSumWithLeavers(const int *in, int *out, int n) {
  __shared__ int partial[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  int sum = i < n ? in[i] : 0;
  partial[tid] = sum;
  __syncthreads();
  if (tid >= 192)
    return;
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (tid < s && tid + s < 192)
      sum += partial[tid + s];
    __syncthreads();
    if (tid < s)
      partial[tid] = sum;
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sum;
}

static int roundsAdding(unsigned tid, unsigned threads) {
  int rounds = 0;
  for (unsigned s = threads / 2; s > 0; s >>= 1)
    rounds += tid < s;
  return rounds;
}

int main() {
  const int n = 10000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = (i * 7919) % 1013 - 500;
  int *in, *out, *kept;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, (n / 32 + 1) * sizeof(int));
  cudaMalloc(&kept, n * sizeof(int));
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  for (int threads : {32, 96, 256, 1024}) {
    int blocks = (n + threads - 1) / threads;
    treeSum<<<blocks, threads, threads * sizeof(int)>>>(in, out, kept, n);
    std::vector<int> sums(blocks), keptHost(n);
    cudaMemcpy(sums.data(), out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(keptHost.data(), kept, n * sizeof(int), cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int b = 0; b < blocks; ++b) {
      // A block size that is not a power of two drops the odd thread of each halving, as the
      // kernel does on a GPU: the host follows the same tree.
      std::vector<int> tree(threads, 0);
      for (int t = 0; t < threads && b * threads + t < n; ++t)
        tree[t] = host[b * threads + t];
      for (int s = threads / 2; s > 0; s >>= 1)
        for (int t = 0; t < s; ++t)
          tree[t] += tree[t + s];
      ok &= sums[b] == tree[0];
    }
    for (int i = 0; i < n; ++i)
      ok &= keptHost[i] == host[i] + 1000 * roundsAdding(i % threads, threads);
    std::printf("block %d: %s\n", threads, ok ? "PASS" : "FAIL");
  }
  int blocks = (n + 255) / 256;
  treeSumWithLeavers<<<blocks, 256>>>(in, out, n);
  std::vector<int> sums(blocks);
  cudaMemcpy(sums.data(), out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int t = 0; t < 192 && b * 256 + t < n; ++t)
      expected += host[b * 256 + t];
    ok &= sums[b] == expected;
  }
  std::printf("leavers 256: %s\n", ok ? "PASS" : "FAIL");
  cudaFree(in);
  cudaFree(out);
  cudaFree(kept);
  return 0;
}
