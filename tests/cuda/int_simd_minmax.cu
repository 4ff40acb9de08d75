// The integer minimum/maximum intrinsics CUDA 12 added to the Math API (__vimax3_*, __vimin3_*,
// __viaddmax_*, __viaddmin_*, the _relu forms, __vibmax_*, __vibmin_*), in device code and in
// host code, on edge words (lanes 0x8000, 0x7fff, 0xffff, 0) and random ones, against a
// reference that parses each name into its operation, lane type and ReLU.
// RUN: %nvcc -arch=sm_90 %s -o %t && %t | FileCheck %s
// CHECK: checked 36 functions
// CHECK: PASS
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define THREE(X)                                                                                   \
  X(__vimax3_s32) X(__vimax3_s32_relu) X(__vimax3_u32) X(__vimax3_s16x2) X(__vimax3_s16x2_relu)    \
  X(__vimax3_u16x2) X(__vimin3_s32) X(__vimin3_s32_relu) X(__vimin3_u32) X(__vimin3_s16x2)         \
  X(__vimin3_s16x2_relu) X(__vimin3_u16x2) X(__viaddmax_s32) X(__viaddmax_s32_relu)                \
  X(__viaddmax_u32) X(__viaddmax_s16x2) X(__viaddmax_s16x2_relu) X(__viaddmax_u16x2)               \
  X(__viaddmin_s32) X(__viaddmin_s32_relu) X(__viaddmin_u32) X(__viaddmin_s16x2)                   \
  X(__viaddmin_s16x2_relu) X(__viaddmin_u16x2)
#define TWO(X) X(__vimax_s32_relu) X(__vimin_s32_relu) X(__vimax_s16x2_relu) X(__vimin_s16x2_relu)
#define ONE_PREDICATE(X) X(__vibmax_s32) X(__vibmax_u32) X(__vibmin_s32) X(__vibmin_u32)
#define TWO_PREDICATES(X) X(__vibmax_s16x2) X(__vibmax_u16x2) X(__vibmin_s16x2) X(__vibmin_u16x2)
#define ALL(X) THREE(X) TWO(X) ONE_PREDICATE(X) TWO_PREDICATES(X)

#define NAME(f) #f,
static const char *kNames[] = {ALL(NAME)};
constexpr int kFunctions = sizeof kNames / sizeof kNames[0];

// Every function's result word, with its predicates in bits 32 and 33 of a 64-bit slot.
__host__ __device__ void evaluateAll(unsigned a, unsigned b, unsigned c, unsigned long long *o) {
  bool hi, lo;
#define CALL3(f) *o++ = (unsigned)f(a, b, c);
#define CALL2(f) *o++ = (unsigned)f(a, b);
#define CALL1P(f) *o++ = (unsigned)f(a, b, &lo) | (unsigned long long)lo << 32;
#define CALL2P(f)                                                                                  \
  *o++ = (unsigned)f(a, b, &hi, &lo) | (unsigned long long)lo << 32 | (unsigned long long)hi << 33;
  THREE(CALL3)
  TWO(CALL2)
  ONE_PREDICATE(CALL1P)
  TWO_PREDICATES(CALL2P)
}

__global__ void evaluate(const unsigned *a, const unsigned *b, const unsigned *c, int n,
                         unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    evaluateAll(a[i], b[i], c[i], out + (size_t)i * kFunctions);
}

// One lane: x, y, z as the lane's type (signed or not), bits wide.
static long long laneOp(const char *name, long long x, long long y, long long z, int bits,
                        bool isSigned, bool relu, bool *pred) {
  auto wrap = [&](long long v) {
    long long m = 1LL << bits;
    v = ((v % m) + m) % m;
    return isSigned && v >= m / 2 ? v - m : v;
  };
  long long r;
  if (strstr(name, "vimax3"))
    r = x > y ? (x > z ? x : z) : (y > z ? y : z);
  else if (strstr(name, "vimin3"))
    r = x < y ? (x < z ? x : z) : (y < z ? y : z);
  else if (strstr(name, "viaddmax"))
    r = wrap(x + y) > z ? wrap(x + y) : z;
  else if (strstr(name, "viaddmin"))
    r = wrap(x + y) < z ? wrap(x + y) : z;
  else if (strstr(name, "vibmax"))
    r = x >= y ? x : y, *pred = x >= y;
  else if (strstr(name, "vibmin"))
    r = x <= y ? x : y, *pred = x <= y;
  else if (strstr(name, "vimax"))
    r = x > y ? x : y;
  else
    r = x < y ? x : y;
  return relu && r < 0 ? 0 : r;
}

static unsigned long long reference(const char *name, unsigned a, unsigned b, unsigned c) {
  bool relu = strstr(name, "relu") != nullptr, isSigned = strstr(name, "_s") != nullptr;
  int bits = strstr(name, "16x2") ? 16 : 32;
  unsigned long long word = 0;
  for (int lane = 0; lane < 32 / bits; ++lane) {
    int shift = lane * bits;
    unsigned long long mask = bits == 32 ? 0xffffffffull : 0xffffull;
    auto get = [&](unsigned v) {
      long long u = (v >> shift) & mask;
      return isSigned && u >= (long long)(mask / 2 + 1) ? u - (long long)(mask + 1) : u;
    };
    bool pred = false;
    long long r = laneOp(name, get(a), get(b), get(c), bits, isSigned, relu, &pred);
    word |= ((unsigned long long)r & mask) << shift;
    if (pred)
      word |= 1ull << (32 + lane); // lane 0 is lo (bit 32), lane 1 hi (bit 33)
  }
  return word;
}

int main() {
  const unsigned edges[] = {0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0x7fff7fffu,
                            0x80008000u, 0xffff0000u, 0x0000ffffu, 0x7fff8000u, 0x00010001u};
  const int nEdges = sizeof edges / sizeof edges[0];
  const int n = nEdges * nEdges * nEdges + 20000;
  unsigned *a, *b, *c;
  unsigned long long *out;
  cudaMallocManaged(&a, n * sizeof(unsigned));
  cudaMallocManaged(&b, n * sizeof(unsigned));
  cudaMallocManaged(&c, n * sizeof(unsigned));
  cudaMallocManaged(&out, (size_t)n * kFunctions * sizeof(unsigned long long));
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < n; ++i) {
    if (i < nEdges * nEdges * nEdges) {
      a[i] = edges[i % nEdges], b[i] = edges[i / nEdges % nEdges], c[i] = edges[i / nEdges / nEdges];
    } else {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      a[i] = (unsigned)s, b[i] = (unsigned)(s >> 32), c[i] = (unsigned)(s >> 16);
    }
  }
  evaluate<<<(n + 127) / 128, 128>>>(a, b, c, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  int failures = 0;
  unsigned long long host[kFunctions];
  for (int i = 0; i < n; ++i) {
    evaluateAll(a[i], b[i], c[i], host);
    for (int f = 0; f < kFunctions; ++f) {
      unsigned long long want = reference(kNames[f], a[i], b[i], c[i]);
      unsigned long long device = out[(size_t)i * kFunctions + f];
      if ((device != want || host[f] != want) && failures++ < 10)
        printf("%s(%#x, %#x, %#x): device %#llx, host %#llx, expected %#llx\n", kNames[f], a[i],
               b[i], c[i], device, host[f], want);
    }
  }
  printf("checked %d functions\n%s\n", kFunctions, failures ? "FAIL" : "PASS");
  return failures != 0;
}
