// Every SIMD video intrinsic of the CUDA Math API, on edge patterns (0x80, 0x7f, 0xff lanes)
// and random words, against a host reference that works lane by lane on plain integers.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: checked 82 functions
// CHECK: PASS
#include <cstdio>
#include <cstdlib>

#define BINARY(X)                                                                              \
  X(__vabsdiffs2) X(__vabsdiffs4) X(__vabsdiffu2) X(__vabsdiffu4) X(__vadd2) X(__vadd4)           \
  X(__vaddss2) X(__vaddss4) X(__vaddus2) X(__vaddus4) X(__vavgs2) X(__vavgs4) X(__vavgu2)        \
  X(__vavgu4) X(__vcmpeq2) X(__vcmpeq4) X(__vcmpges2) X(__vcmpges4) X(__vcmpgeu2) X(__vcmpgeu4)  \
  X(__vcmpgts2) X(__vcmpgts4) X(__vcmpgtu2) X(__vcmpgtu4) X(__vcmples2) X(__vcmples4)            \
  X(__vcmpleu2) X(__vcmpleu4) X(__vcmplts2) X(__vcmplts4) X(__vcmpltu2) X(__vcmpltu4)            \
  X(__vcmpne2) X(__vcmpne4) X(__vhaddu2) X(__vhaddu4) X(__vmaxs2) X(__vmaxs4) X(__vmaxu2)        \
  X(__vmaxu4) X(__vmins2) X(__vmins4) X(__vminu2) X(__vminu4) X(__vsads2) X(__vsads4)            \
  X(__vsadu2) X(__vsadu4) X(__vseteq2) X(__vseteq4) X(__vsetges2) X(__vsetges4) X(__vsetgeu2)    \
  X(__vsetgeu4) X(__vsetgts2) X(__vsetgts4) X(__vsetgtu2) X(__vsetgtu4) X(__vsetles2)            \
  X(__vsetles4) X(__vsetleu2) X(__vsetleu4) X(__vsetlts2) X(__vsetlts4) X(__vsetltu2)            \
  X(__vsetltu4) X(__vsetne2) X(__vsetne4) X(__vsub2) X(__vsub4) X(__vsubss2) X(__vsubss4)        \
  X(__vsubus2) X(__vsubus4)
#define UNARY(X) X(__vabs2) X(__vabs4) X(__vabsss2) X(__vabsss4) X(__vneg2) X(__vneg4) X(__vnegss2) X(__vnegss4)

#define COUNT(f) +1
constexpr int kBinary = 0 BINARY(COUNT), kUnary = 0 UNARY(COUNT), kFunctions = kBinary + kUnary;

__global__ void evaluate(const unsigned *a, const unsigned *b, int n, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned *o = out + i * kFunctions;
#define CALL2(f) *o++ = f(a[i], b[i]);
#define CALL1(f) *o++ = f(a[i]);
  BINARY(CALL2)
  UNARY(CALL1)
}

// Host reference: name -> lanes, per-lane operation on (signed a, signed b, unsigned a, unsigned b).
static long long lane(const char *name, long long sa, long long sb, long long ua, long long ub, int bits, bool *sum) {
  long long smax = (1LL << (bits - 1)) - 1, smin = -(1LL << (bits - 1)), umax = (1LL << bits) - 1;
  auto sat_s = [&](long long v) { return v > smax ? smax : v < smin ? smin : v; };
  auto sat_u = [&](long long v) { return v > umax ? umax : v < 0 ? 0 : v; };
  auto is = [&](const char *prefix) { return strncmp(name, prefix, strlen(prefix)) == 0; };
  *sum = false;
  if (is("__vabsdiffs")) return llabs(sa - sb);
  if (is("__vabsdiffu")) return llabs(ua - ub);
  if (is("__vabsss")) return sat_s(llabs(sa));
  if (is("__vabs")) return llabs(sa);
  if (is("__vaddss")) return sat_s(sa + sb);
  if (is("__vaddus")) return sat_u(ua + ub);
  if (is("__vadd")) return ua + ub;
  if (is("__vavgs")) return (sa + sb + 1) >> 1;
  if (is("__vavgu")) return (ua + ub + 1) >> 1;
  if (is("__vhaddu")) return (ua + ub) >> 1;
  if (is("__vmaxs")) return sa > sb ? sa : sb;
  if (is("__vmaxu")) return ua > ub ? ua : ub;
  if (is("__vmins")) return sa < sb ? sa : sb;
  if (is("__vminu")) return ua < ub ? ua : ub;
  if (is("__vnegss")) return sat_s(-sa);
  if (is("__vneg")) return -sa;
  if (is("__vsads")) return *sum = true, llabs(sa - sb);
  if (is("__vsadu")) return *sum = true, llabs(ua - ub);
  if (is("__vsubss")) return sat_s(sa - sb);
  if (is("__vsubus")) return sat_u(ua - ub);
  if (is("__vsub")) return ua - ub;
  bool set = is("__vset");
  const char *rel = name + (set ? 6 : 6); // after "__vcmp" or "__vset"
  bool r = !strncmp(rel, "eq", 2)    ? ua == ub
           : !strncmp(rel, "ne", 2)  ? ua != ub
           : !strncmp(rel, "ges", 3) ? sa >= sb
           : !strncmp(rel, "geu", 3) ? ua >= ub
           : !strncmp(rel, "gts", 3) ? sa > sb
           : !strncmp(rel, "gtu", 3) ? ua > ub
           : !strncmp(rel, "les", 3) ? sa <= sb
           : !strncmp(rel, "leu", 3) ? ua <= ub
           : !strncmp(rel, "lts", 3) ? sa < sb
                                     : ua < ub;
  return r ? (set ? 1 : umax) : 0;
}

static unsigned reference(const char *name, unsigned a, unsigned b) {
  int lanes = name[strlen(name) - 1] - '0', bits = 32 / lanes;
  unsigned mask = bits == 16 ? 0xffffu : 0xffu, result = 0;
  for (int l = 0; l < lanes; ++l) {
    long long ua = (a >> (l * bits)) & mask, ub = (b >> (l * bits)) & mask;
    long long sa = ua >= (1LL << (bits - 1)) ? ua - (1LL << bits) : ua;
    long long sb = ub >= (1LL << (bits - 1)) ? ub - (1LL << bits) : ub;
    bool sum;
    long long v = lane(name, sa, sb, ua, ub, bits, &sum);
    result = sum ? result + (unsigned)v : result | (((unsigned)v & mask) << (l * bits));
  }
  return result;
}

#include <cstring>

int main() {
  const char *names[] = {
#define NAME(f) #f,
      BINARY(NAME) UNARY(NAME)};
  const unsigned edges[] = {0u, 0x80808080u, 0x7f7f7f7fu, 0xffffffffu, 0x80007fffu, 0x01ff80feu, 0x7fff8000u, 0x00010001u};
  const int nEdge = sizeof edges / sizeof edges[0], n = nEdge * nEdge + 2000;
  unsigned *a, *b, *out;
  cudaMallocManaged(&a, n * sizeof(unsigned));
  cudaMallocManaged(&b, n * sizeof(unsigned));
  cudaMallocManaged(&out, (size_t)n * kFunctions * sizeof(unsigned));
  unsigned s = 12345;
  for (int i = 0; i < n; ++i) {
    if (i < nEdge * nEdge) {
      a[i] = edges[i / nEdge], b[i] = edges[i % nEdge];
    } else {
      s = s * 1664525u + 1013904223u, a[i] = s;
      s = s * 1664525u + 1013904223u, b[i] = s;
    }
  }
  evaluate<<<(n + 127) / 128, 128>>>(a, b, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int i = 0; i < n; ++i)
    for (int f = 0; f < kFunctions; ++f) {
      unsigned want = f < kBinary ? reference(names[f], a[i], b[i]) : reference(names[f], a[i], 0);
      unsigned got = out[(size_t)i * kFunctions + f];
      if (got != want && failures++ < 10)
        printf("%s(%#x, %#x) = %#x, expected %#x\n", names[f], a[i], b[i], got, want);
    }
  printf("checked %d functions\n%s\n", kFunctions, failures ? "FAIL" : "PASS");
  return failures != 0;
}
