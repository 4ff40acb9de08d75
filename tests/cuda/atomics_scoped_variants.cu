// Every atomic function in its plain, _block and _system forms (compute capability 6.0 on),
// the signed long long atomicAnd/Or/Xor, and atomicAdd on float2 and float4 (9.0 on, each
// element atomic on its own): many threads of several blocks hit one cell per function and
// scope, and the final values are what the operations give in any order. SCOPED_OPERATIONS
// writes the calls for each scope: atomicAdd_block, atomicSub_block, atomicExch_block,
// atomicMin_block, atomicMax_block, atomicCAS_block, atomicAnd_block, atomicOr_block,
// atomicXor_block, atomicInc_block, atomicDec_block, and atomicAdd_system, atomicSub_system,
// atomicExch_system, atomicMin_system, atomicMax_system, atomicCAS_system, atomicAnd_system,
// atomicOr_system, atomicXor_system, atomicInc_system, atomicDec_system.
// RUN: %nvcc -arch=sm_90 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

constexpr int kBlocks = 8, kThreads = 128, kAll = kBlocks * kThreads;

struct Cells {
  int add, sub, exch, min, max, cas, andI, orI, xorI;
  unsigned inc, dec;
  unsigned long long addULL, casULL, exchULL;
  long long andLL, orLL, xorLL, minLL, maxLL;
  float addF, exchF;
  double addD;
  float2 add2;
  float4 add4;
};

// One set of operations in one scope; every thread of every block calls it once.
#define SCOPED_OPERATIONS(suffix)                                                                  \
  __device__ void operations##suffix(Cells *c, int g) {                                            \
    atomicAdd##suffix(&c->add, 2);                                                                 \
    atomicSub##suffix(&c->sub, 3);                                                                 \
    atomicExch##suffix(&c->exch, 7);                                                               \
    atomicMin##suffix(&c->min, g - 500);                                                           \
    atomicMax##suffix(&c->max, g * 3);                                                             \
    atomicCAS##suffix(&c->cas, 0, g + 1); /* only the first one finds 0 */                        \
    atomicAnd##suffix(&c->andI, ~(1 << (g % 31)));                                                 \
    atomicOr##suffix(&c->orI, 1 << (g % 31));                                                      \
    atomicXor##suffix(&c->xorI, 1 << (g % 4));                                                     \
    atomicInc##suffix(&c->inc, 99u);                                                               \
    atomicDec##suffix(&c->dec, 1000000u);                                                          \
    atomicAdd##suffix(&c->addULL, 1ull << 33);                                                     \
    atomicCAS##suffix(&c->casULL, 5ull, (unsigned long long)g + 100);                              \
    atomicExch##suffix(&c->exchULL, 11ull);                                                        \
    atomicAnd##suffix(&c->andLL, ~(1ll << (g % 63)));                                              \
    atomicOr##suffix(&c->orLL, 1ll << (g % 63));                                                   \
    atomicXor##suffix(&c->xorLL, 1ll << 40);                                                       \
    atomicMin##suffix(&c->minLL, -((long long)g << 20));                                           \
    atomicMax##suffix(&c->maxLL, (long long)g << 20);                                              \
    atomicAdd##suffix(&c->addF, 0.5f);                                                             \
    atomicExch##suffix(&c->exchF, 2.5f);                                                           \
    atomicAdd##suffix(&c->addD, 0.25);                                                             \
    atomicAdd##suffix(&c->add2, make_float2(1.0f, -2.0f));                                         \
    atomicAdd##suffix(&c->add4, make_float4(1.0f, 2.0f, 3.0f, 0.5f));                              \
  }
SCOPED_OPERATIONS()
SCOPED_OPERATIONS(_block)
SCOPED_OPERATIONS(_system)

__global__ void hammer(Cells *cells) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  operations(&cells[0], g);
  operations_block(&cells[1], g);
  operations_system(&cells[2], g);
}

int main() {
  Cells *cells;
  cudaMallocManaged(&cells, 3 * sizeof(Cells));
  for (int s = 0; s < 3; ++s) {
    Cells &c = cells[s];
    c = Cells{};
    c.min = 1 << 30, c.max = -1, c.andI = -1, c.dec = 500000u, c.casULL = 5ull, c.andLL = -1,
    c.minLL = 0, c.maxLL = 0;
  }
  hammer<<<kBlocks, kThreads>>>(cells);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  int failures = 0;
  const char *scopes[3] = {"", "_block", "_system"};
  for (int s = 0; s < 3; ++s) {
    const Cells &c = cells[s];
    auto expect = [&](bool ok, const char *what) {
      if (!ok && failures++ < 20)
        printf("%s%s: wrong result\n", what, scopes[s]);
    };
    expect(c.add == 2 * kAll, "atomicAdd");
    expect(c.sub == -3 * kAll, "atomicSub");
    expect(c.exch == 7, "atomicExch");
    expect(c.min == -500, "atomicMin");
    expect(c.max == 3 * (kAll - 1), "atomicMax");
    expect(c.cas >= 1 && c.cas <= kAll, "atomicCAS");
    expect(c.andI == (int)0x80000000, "atomicAnd");
    expect(c.orI == 0x7fffffff, "atomicOr");
    expect(c.xorI == 0, "atomicXor"); // each bit flipped kAll / 4 (an even number of) times
    expect(c.inc == kAll % 100, "atomicInc");
    expect(c.dec == 500000u - kAll, "atomicDec");
    expect(c.addULL == (unsigned long long)kAll << 33, "atomicAdd(unsigned long long)");
    expect(c.casULL >= 100 && c.casULL < 100 + kAll, "atomicCAS(unsigned long long)");
    expect(c.exchULL == 11, "atomicExch(unsigned long long)");
    expect(c.andLL == (long long)(1ull << 63), "atomicAnd(long long)");
    expect(c.orLL == 0x7fffffffffffffffll, "atomicOr(long long)");
    expect(c.xorLL == 0, "atomicXor(long long)");
    expect(c.minLL == -((long long)(kAll - 1) << 20), "atomicMin(long long)");
    expect(c.maxLL == (long long)(kAll - 1) << 20, "atomicMax(long long)");
    expect(c.addF == 0.5f * kAll, "atomicAdd(float)");
    expect(c.exchF == 2.5f, "atomicExch(float)");
    expect(c.addD == 0.25 * kAll, "atomicAdd(double)");
    expect(c.add2.x == kAll && c.add2.y == -2.0f * kAll, "atomicAdd(float2)");
    expect(c.add4.x == kAll && c.add4.y == 2.0f * kAll && c.add4.z == 3.0f * kAll &&
               c.add4.w == 0.5f * kAll,
           "atomicAdd(float4)");
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
