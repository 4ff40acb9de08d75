// A block reduction's first region prefetches the data of the block two ahead of it
// (PrefetchNextBlockPass). For the grid's last blocks those addresses lie past the data: here
// the array ends where an inaccessible page begins, and the kernel still runs and sums right,
// at one, two and three CPU threads. The ASM run checks that the region prefetches at all.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 %s -o %t/prefetch
// RUN: DRAWBRIDGE_CPU_THREADS=1 %t/prefetch | FileCheck %s
// RUN: DRAWBRIDGE_CPU_THREADS=2 %t/prefetch | FileCheck %s
// RUN: DRAWBRIDGE_CPU_THREADS=3 %t/prefetch | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/prefetch.o --keep --keep-dir %t
// RUN: %device %t/prefetch_past_the_data.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4
// RUN: llvm-objdump -d --no-show-raw-insn %t/device.o | FileCheck %s --check-prefix=ASM
// CHECK: sums 4096 blocks: PASS
// ASM-LABEL: blockSumsPKiPi.region0>:
// ASM: prefetcht0
// ASM-LABEL: blockSumsPKiPi.region1>:
#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

constexpr int THREADS = 256;

__global__ void blockSums(const int *in, int *out) {
  __shared__ int partial[THREADS];
  unsigned int tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  partial[tid] = in[i] + in[i + blockDim.x];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  const int blocks = 4096;
  const size_t count = size_t(blocks) * THREADS * 2, bytes = count * sizeof(int);
  const size_t page = sysconf(_SC_PAGESIZE);
  // The data, then a page nothing may touch.
  char *mapping = static_cast<char *>(
      mmap(nullptr, bytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (mapping == MAP_FAILED || mprotect(mapping + bytes, page, PROT_NONE) != 0) {
    std::printf("mmap failed\n");
    return 1;
  }
  int *in = reinterpret_cast<int *>(mapping);
  for (size_t k = 0; k < count; ++k)
    in[k] = int(k % 7) + 1;
  if (cudaHostRegister(in, bytes, cudaHostRegisterMapped) != cudaSuccess) {
    std::printf("cudaHostRegister failed\n");
    return 1;
  }
  int *out = nullptr;
  cudaMallocManaged(&out, blocks * sizeof(int));
  blockSums<<<blocks, THREADS>>>(in, out);
  cudaError_t err = cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (size_t k = size_t(b) * THREADS * 2; k < size_t(b + 1) * THREADS * 2; ++k)
      want += int(k % 7) + 1;
    bad += out[b] != want;
  }
  std::printf("sums %d blocks: %s\n", blocks, err == cudaSuccess && bad == 0 ? "PASS" : "FAIL");
  return 0;
}
