// atomicAdd (int, unsigned, unsigned long long, float, double), atomicSub, atomicExch
// (int, unsigned, ull, float), atomicMin/Max (int, unsigned, long long, ull),
// atomicAnd/Or/Xor (int, unsigned, ull) and the _block/_system variants, with many threads of
// many blocks hitting a few addresses; final values and the returned old values are checked.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>
#include <algorithm>

struct Cells {
  int addI; unsigned addU; unsigned long long addULL; float addF; double addD;
  int subI; unsigned subU;
  int exI; unsigned exU; unsigned long long exULL; float exF;
  int minI, maxI; unsigned minU, maxU; long long minLL, maxLL; unsigned long long minULL, maxULL;
  int andI, orI, xorI; unsigned andU, orU, xorU; unsigned long long andULL, orULL, xorULL;
  int blkAdd, sysAdd; unsigned blkMax; unsigned long long sysOr; float blkAddF; double sysAddD;
  int blkShared; // per-block shared-memory result written back
};

__host__ __device__ unsigned hash(unsigned x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x; }

__global__ void hammer(Cells *c, int *oldAdd, int *oldExI, float *oldExF) {
  __shared__ int sh;
  if (threadIdx.x == 0) sh = 0;
  __syncthreads();
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = hash(g);
  oldAdd[g] = atomicAdd(&c->addI, 1);
  atomicAdd(&c->addU, 3u);
  atomicAdd(&c->addULL, 0x100000001ull);
  atomicAdd(&c->addF, (float)(g % 4) * 0.5f);  // all partial sums exact
  atomicAdd(&c->addD, (double)g * 0.25);
  atomicSub(&c->subI, g);
  atomicSub(&c->subU, 2u);
  oldExI[g] = atomicExch(&c->exI, g);
  atomicExch(&c->exU, (unsigned)g);
  atomicExch(&c->exULL, (unsigned long long)g << 32);
  oldExF[g] = atomicExch(&c->exF, (float)g + 0.5f);
  int si = (int)(h % 200001) - 100000;
  atomicMin(&c->minI, si);
  atomicMax(&c->maxI, si);
  atomicMin(&c->minU, h | 1u);
  atomicMax(&c->maxU, h >> 1);
  long long sll = ((long long)si << 31) + g;
  atomicMin(&c->minLL, sll);
  atomicMax(&c->maxLL, sll);
  unsigned long long ull = ((unsigned long long)h << 32) | g;
  atomicMin(&c->minULL, ull);
  atomicMax(&c->maxULL, ull);
  atomicAnd(&c->andI, ~(1 << (g % 31)) | (g & 1)); // clears bits of even threads
  atomicOr(&c->orI, 1 << (g % 31));
  atomicXor(&c->xorI, (int)h);
  atomicAnd(&c->andU, h | 0xf0f0f0f0u);
  atomicOr(&c->orU, h & 0x0f0f0f0fu);
  atomicXor(&c->xorU, h * 3u);
  atomicAnd(&c->andULL, ~(1ull << (g % 64)));
  atomicOr(&c->orULL, 1ull << ((g * 7) % 64));
  atomicXor(&c->xorULL, ull);
  atomicAdd_block(&sh, 2);
  atomicAdd_system(&c->sysAdd, 5);
  atomicMax_block(&c->blkMax, h); // _block on global memory is still atomic for the block
  atomicOr_system(&c->sysOr, 1ull << (g % 50));
  atomicAdd_block(&c->blkAddF, 1.0f);
  atomicAdd_system(&c->sysAddD, 2.0);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&c->blkShared, sh);
}

int main() {
  const int blocks = 40, threads = 256, n = blocks * threads;
  Cells *c;
  int *oldAdd, *oldExI;
  float *oldExF;
  cudaMallocManaged(&c, sizeof(Cells));
  cudaMallocManaged(&oldAdd, n * sizeof(int));
  cudaMallocManaged(&oldExI, n * sizeof(int));
  cudaMallocManaged(&oldExF, n * sizeof(float));
  Cells init = {};
  init.subI = 1000; init.subU = 5;
  init.exI = -1; init.exU = ~0u; init.exULL = ~0ull; init.exF = -1.0f;
  init.minI = 1 << 30; init.maxI = -(1 << 30); init.minU = ~0u; init.maxU = 0;
  init.minLL = 1ll << 62; init.maxLL = -(1ll << 62); init.minULL = ~0ull; init.maxULL = 0;
  init.andI = -1; init.andU = ~0u; init.andULL = ~0ull;
  init.xorI = 0x12345678; init.xorU = 0x9abcdef0u; init.xorULL = 0x0123456789abcdefull;
  *c = init;
  hammer<<<blocks, threads>>>(c, oldAdd, oldExI, oldExF);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  Cells w = init;
  for (int g = 0; g < n; ++g) {
    unsigned h = hash(g);
    w.addI += 1; w.addU += 3; w.addULL += 0x100000001ull; w.addF += (g % 4) * 0.5f; w.addD += g * 0.25;
    w.subI -= g; w.subU -= 2;
    int si = (int)(h % 200001) - 100000;
    w.minI = std::min(w.minI, si); w.maxI = std::max(w.maxI, si);
    w.minU = std::min(w.minU, h | 1u); w.maxU = std::max(w.maxU, h >> 1);
    long long sll = ((long long)si << 31) + g;
    w.minLL = std::min(w.minLL, sll); w.maxLL = std::max(w.maxLL, sll);
    unsigned long long ull = ((unsigned long long)h << 32) | g;
    w.minULL = std::min(w.minULL, ull); w.maxULL = std::max(w.maxULL, ull);
    w.andI &= ~(1 << (g % 31)) | (g & 1); w.orI |= 1 << (g % 31); w.xorI ^= (int)h;
    w.andU &= h | 0xf0f0f0f0u; w.orU |= h & 0x0f0f0f0fu; w.xorU ^= h * 3u;
    w.andULL &= ~(1ull << (g % 64)); w.orULL |= 1ull << ((g * 7) % 64); w.xorULL ^= ull;
    w.sysAdd += 5; w.blkMax = std::max(w.blkMax, h); w.sysOr |= 1ull << (g % 50);
    w.blkAddF += 1.0f; w.sysAddD += 2.0;
  }
  w.blkShared = 2 * n;
#define CHECK(f, fmt)                                                                                       \
  if (!(c->f == w.f) && failures++ < 12) printf(#f ": got " fmt ", expected " fmt "\n", c->f, w.f);
  CHECK(addI, "%d") CHECK(addU, "%u") CHECK(addULL, "%llu") CHECK(addF, "%g") CHECK(addD, "%g")
  CHECK(subI, "%d") CHECK(subU, "%u")
  CHECK(minI, "%d") CHECK(maxI, "%d") CHECK(minU, "%u") CHECK(maxU, "%u") CHECK(minLL, "%lld") CHECK(maxLL, "%lld")
  CHECK(minULL, "%llu") CHECK(maxULL, "%llu")
  CHECK(andI, "%#x") CHECK(orI, "%#x") CHECK(xorI, "%#x") CHECK(andU, "%#x") CHECK(orU, "%#x") CHECK(xorU, "%#x")
  CHECK(andULL, "%#llx") CHECK(orULL, "%#llx") CHECK(xorULL, "%#llx")
  CHECK(sysAdd, "%d") CHECK(blkMax, "%u") CHECK(sysOr, "%#llx") CHECK(blkAddF, "%g") CHECK(sysAddD, "%g")
  CHECK(blkShared, "%d")
  // atomicAdd(+1) returned every value 0..n-1 exactly once.
  std::vector<int> v(oldAdd, oldAdd + n);
  std::sort(v.begin(), v.end());
  for (int i = 0; i < n; ++i)
    if (v[i] != i) { if (failures++ < 12) printf("atomicAdd old values are not a permutation (at %d: %d)\n", i, v[i]); break; }
  // atomicExch: the returned old values plus the final value are the initial value plus every
  // thread's new value, each once (a chain).
  std::vector<long long> ex(oldExI, oldExI + n);
  ex.push_back(c->exI);
  std::sort(ex.begin(), ex.end());
  for (int i = 0; i <= n; ++i)
    if (ex[i] != i - 1) { if (failures++ < 12) printf("atomicExch(int) values are not a chain (at %d: %lld)\n", i, ex[i]); break; }
  std::vector<float> ef(oldExF, oldExF + n);
  ef.push_back(c->exF);
  std::sort(ef.begin(), ef.end());
  for (int i = 0; i <= n; ++i)
    if (ef[i] != (i == 0 ? -1.0f : (i - 1) + 0.5f)) { if (failures++ < 12) printf("atomicExch(float) values are not a chain (at %d: %g)\n", i, ef[i]); break; }
  if ((c->exU >= (unsigned)n || c->exULL >> 32 >= (unsigned long long)n || (c->exULL & 0xffffffffu)) && failures++ < 12)
    printf("atomicExch(unsigned/ull) final values not written by a thread: %u %#llx\n", c->exU, c->exULL);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
