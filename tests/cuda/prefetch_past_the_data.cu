// A block reduction's first region prefetches the data of the block two ahead of it
// (PrefetchNextBlockPass), a scaling kernel's the lines it will write there too, for writing,
// and a tile transpose's write-back (a later region each block runs once, whose rows store
// pieces of four output rows) the lines the block two ahead will store. For the grid's last
// blocks those addresses lie past the data: here each array ends where an inaccessible page
// begins, and the kernels still run and give the right answers, at one, two and three CPU
// threads. The ASM run checks that the regions prefetch at all, into
// L2 (prefetcht1) for reading.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 %s -o %t/prefetch
// RUN: DRAWBRIDGE_CPU_THREADS=1 %t/prefetch | FileCheck %s
// RUN: DRAWBRIDGE_CPU_THREADS=2 %t/prefetch | FileCheck %s
// RUN: DRAWBRIDGE_CPU_THREADS=3 %t/prefetch | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/prefetch.o --keep --keep-dir %t
// RUN: %device %t/prefetch_past_the_data.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=skylake-avx512
// RUN: llvm-objdump -d --no-show-raw-insn %t/device.o | FileCheck %s --check-prefix=ASM
// CHECK: sums 4096 blocks: PASS
// CHECK: scales 4096 blocks: PASS
// CHECK: transposes 256 tiles: PASS
// ASM-LABEL: blockSumsPKiPi.region0>:
// ASM: prefetcht1
// ASM-LABEL: blockSumsPKiPi.region1>:
// ASM-LABEL: scalePKiPi.region0>:
// ASM-DAG: prefetcht1
// ASM-DAG: prefetchw
// ASM-LABEL: transposeTilesPKiPii.region1>:
// ASM: prefetchw
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

__global__ void scale(const int *in, int *out) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 3 * in[i];
}

constexpr int TILE = 32, TILE_ROWS = 8;

__global__ void transposeTiles(const int *in, int *out, int n) {
  __shared__ int tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += TILE_ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// `bytes` of memory followed by a page nothing may touch; null if it cannot be mapped.
int *beforeInaccessiblePage(size_t bytes) {
  const size_t page = sysconf(_SC_PAGESIZE);
  char *mapping = static_cast<char *>(
      mmap(nullptr, bytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (mapping == MAP_FAILED || mprotect(mapping + bytes, page, PROT_NONE) != 0)
    return nullptr;
  return reinterpret_cast<int *>(mapping);
}

int main() {
  const int blocks = 4096;
  const size_t count = size_t(blocks) * THREADS * 2, bytes = count * sizeof(int);
  int *in = beforeInaccessiblePage(bytes);
  int *scaled = beforeInaccessiblePage(bytes / 2);
  if (!in || !scaled) {
    std::printf("mmap failed\n");
    return 1;
  }
  for (size_t k = 0; k < count; ++k)
    in[k] = int(k % 7) + 1;
  if (cudaHostRegister(in, bytes, cudaHostRegisterMapped) != cudaSuccess ||
      cudaHostRegister(scaled, bytes / 2, cudaHostRegisterMapped) != cudaSuccess) {
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

  // One element a thread: the last blocks' write-ahead lines are the inaccessible page.
  scale<<<blocks, THREADS>>>(in, scaled);
  err = cudaDeviceSynchronize();
  bad = 0;
  for (size_t k = 0; k < count / 2; ++k)
    bad += scaled[k] != 3 * in[k];
  std::printf("scales %d blocks: %s\n", blocks, err == cudaSuccess && bad == 0 ? "PASS" : "FAIL");

  // The tiles of the output's last rows prefetch the rows two tiles further down: past it.
  const int n = 512, tiles = n / TILE;
  int *transposed = beforeInaccessiblePage(size_t(n) * n * sizeof(int));
  if (!transposed || cudaHostRegister(transposed, size_t(n) * n * sizeof(int),
                                      cudaHostRegisterMapped) != cudaSuccess) {
    std::printf("transposed buffer failed\n");
    return 1;
  }
  transposeTiles<<<dim3(tiles, tiles), dim3(TILE, TILE_ROWS)>>>(in, transposed, n);
  err = cudaDeviceSynchronize();
  bad = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      bad += transposed[size_t(c) * n + r] != in[size_t(r) * n + c];
  std::printf("transposes %d tiles: %s\n", tiles * tiles,
              err == cudaSuccess && bad == 0 ? "PASS" : "FAIL");
  return 0;
}
