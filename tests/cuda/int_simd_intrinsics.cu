// SIMD video intrinsics from the CUDA Math API (per-byte/per-halfword add, subtract,
// saturating add, averages, absolute difference, compares, min/max, sum of absolute
// differences) and the vector-typed overloads of __dp4a/__dp2a_lo/__dp2a_hi (char4/uchar4,
// short2/ushort2), against host references.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>

#define NRES 20

__global__ void simd(const unsigned *a, const unsigned *b, int n, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i];
  unsigned *o = out + i * NRES;
  o[0] = __vadd2(x, y);
  o[1] = __vadd4(x, y);
  o[2] = __vsub4(x, y);
  o[3] = __vabsdiffu4(x, y);
  o[4] = __vaddss4(x, y);
  o[5] = __vaddus2(x, y);
  o[6] = __vavgu4(x, y);
  o[7] = __vhaddu4(x, y);
  o[8] = __vcmpeq4(x, y);
  o[9] = __vcmpgtu2(x, y);
  o[10] = __vsetgtu4(x, y);
  o[11] = __vmaxs2(x, y);
  o[12] = __vminu4(x, y);
  o[13] = __vsadu4(x, y);
  o[14] = __vabsss4(x);
  o[15] = __vneg2(x);
  char4 ca = make_char4((signed char)x, (signed char)(x >> 8), (signed char)(x >> 16), (signed char)(x >> 24));
  char4 cb = make_char4((signed char)y, (signed char)(y >> 8), (signed char)(y >> 16), (signed char)(y >> 24));
  uchar4 ua = make_uchar4(x, x >> 8, x >> 16, x >> 24), ub = make_uchar4(y, y >> 8, y >> 16, y >> 24);
  o[16] = (unsigned)__dp4a(ca, cb, 7);
  o[17] = __dp4a(ua, ub, 7u);
  short2 sa = make_short2((short)x, (short)(x >> 16));
  o[18] = (unsigned)__dp2a_lo(sa, cb, -3);
  o[19] = (unsigned)__dp2a_hi(sa, cb, -3);
}

static unsigned lane(unsigned v, int k, int bits) { return (v >> (k * bits)) & ((1u << bits) - 1); }
static int slane(unsigned v, int k, int bits) { int u = lane(v, k, bits); return u >= (1 << (bits - 1)) ? u - (1 << bits) : u; }
template <typename F> static unsigned perLane(unsigned x, unsigned y, int bits, F f) {
  unsigned r = 0;
  for (int k = 0; k < 32 / bits; ++k) r |= ((unsigned)f(k) & ((1u << bits) - 1)) << (k * bits);
  return r;
}
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void reference(unsigned x, unsigned y, unsigned *o) {
  o[0] = perLane(x, y, 16, [&](int k) { return lane(x, k, 16) + lane(y, k, 16); });
  o[1] = perLane(x, y, 8, [&](int k) { return lane(x, k, 8) + lane(y, k, 8); });
  o[2] = perLane(x, y, 8, [&](int k) { return lane(x, k, 8) - lane(y, k, 8); });
  o[3] = perLane(x, y, 8, [&](int k) { int d = (int)lane(x, k, 8) - (int)lane(y, k, 8); return d < 0 ? -d : d; });
  o[4] = perLane(x, y, 8, [&](int k) { return clampi(slane(x, k, 8) + slane(y, k, 8), -128, 127); });
  o[5] = perLane(x, y, 16, [&](int k) { return clampi(lane(x, k, 16) + lane(y, k, 16), 0, 65535); });
  o[6] = perLane(x, y, 8, [&](int k) { return (lane(x, k, 8) + lane(y, k, 8) + 1) >> 1; });
  o[7] = perLane(x, y, 8, [&](int k) { return (lane(x, k, 8) + lane(y, k, 8)) >> 1; });
  o[8] = perLane(x, y, 8, [&](int k) { return lane(x, k, 8) == lane(y, k, 8) ? 0xff : 0; });
  o[9] = perLane(x, y, 16, [&](int k) { return lane(x, k, 16) > lane(y, k, 16) ? 0xffff : 0; });
  o[10] = perLane(x, y, 8, [&](int k) { return lane(x, k, 8) > lane(y, k, 8) ? 1 : 0; });
  o[11] = perLane(x, y, 16, [&](int k) { int p = slane(x, k, 16), q = slane(y, k, 16); return p > q ? p : q; });
  o[12] = perLane(x, y, 8, [&](int k) { unsigned p = lane(x, k, 8), q = lane(y, k, 8); return p < q ? p : q; });
  unsigned sad = 0;
  for (int k = 0; k < 4; ++k) { int d = (int)lane(x, k, 8) - (int)lane(y, k, 8); sad += d < 0 ? -d : d; }
  o[13] = sad;
  o[14] = perLane(x, 0, 8, [&](int k) { int v = slane(x, k, 8); return v == -128 ? 127 : (v < 0 ? -v : v); });
  o[15] = perLane(x, 0, 16, [&](int k) { return -(int)lane(x, k, 16); });
  int d = 7; unsigned u = 7;
  for (int k = 0; k < 4; ++k) { d += slane(x, k, 8) * slane(y, k, 8); u += lane(x, k, 8) * lane(y, k, 8); }
  o[16] = (unsigned)d; o[17] = u;
  o[18] = (unsigned)(-3 + slane(x, 0, 16) * slane(y, 0, 8) + slane(x, 1, 16) * slane(y, 1, 8));
  o[19] = (unsigned)(-3 + slane(x, 0, 16) * slane(y, 2, 8) + slane(x, 1, 16) * slane(y, 3, 8));
}

int main() {
  const unsigned edges[] = {0, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x01ff7f80u, 0x80007fffu, 0xffff0001u, 0x12345678u};
  const int ne = 8, nr = 3000, n = ne * ne + nr;
  unsigned *a, *b, *out;
  cudaMallocManaged(&a, n * sizeof(unsigned));
  cudaMallocManaged(&b, n * sizeof(unsigned));
  cudaMallocManaged(&out, n * NRES * sizeof(unsigned));
  int k = 0;
  for (int i = 0; i < ne; ++i)
    for (int j = 0; j < ne; ++j, ++k) { a[k] = edges[i]; b[k] = edges[j]; }
  unsigned s = 2463534242u;
  for (; k < n; ++k) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; a[k] = s; s ^= s << 13; s ^= s >> 17; s ^= s << 5; b[k] = s; }
  simd<<<(n + 127) / 128, 128>>>(a, b, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *names[NRES] = {"__vadd2", "__vadd4", "__vsub4", "__vabsdiffu4", "__vaddss4", "__vaddus2", "__vavgu4",
                                    "__vhaddu4", "__vcmpeq4", "__vcmpgtu2", "__vsetgtu4", "__vmaxs2", "__vminu4", "__vsadu4",
                                    "__vabsss4", "__vneg2", "__dp4a(char4)", "__dp4a(uchar4)", "__dp2a_lo(short2)", "__dp2a_hi(short2)"};
  int failures = 0, per[NRES] = {};
  for (int i = 0; i < n; ++i) {
    unsigned want[NRES];
    reference(a[i], b[i], want);
    for (int r = 0; r < NRES; ++r)
      if (out[i * NRES + r] != want[r]) {
        failures++;
        if (per[r]++ < 2) printf("%s(%#x, %#x): got %#x, expected %#x\n", names[r], a[i], b[i], out[i * NRES + r], want[r]);
      }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
