// Inline PTX assembly runs on the CPU with the results the PTX ISA defines: each instruction
// family that CUDA libraries and tuned kernels write by hand (CUB's lane ids, predicated
// shuffles, non-coherent loads and bit-field extracts; carry chains; byte permutes; video
// instructions; conversions with their rounding and saturation; atomics; exit) is checked
// against a reference written here from the ISA's definitions, edge cases included (fields
// past the top bit, shifts by the width or more, NaN to integer, guarded stores).
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O0 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

static int failures = 0;
template <typename T> void expect(const char *what, int i, T got, T want) {
  if (std::memcmp(&got, &want, sizeof(T)) != 0 && failures++ < 20)
    printf("FAIL %s [%d]: got 0x%llx want 0x%llx\n", what, i, (unsigned long long)got,
           (unsigned long long)want);
}

// ---- integer and bit instructions, one thread per input triple ----
struct IntResults {
  uint32_t bfeU, bfi, prmt, lop3Xor, lop3Majority, brev, popc64, clz, bfindU, bfindS, bfindShift,
      mulHiS, shl, shrU, vshr, vadd, dp4a, sad, mul24, minS, maxU, div, rem, cnot;
  int32_t bfeS, shrS;
  uint64_t mulWide, shr64, madWide;
};

__global__ void integerOps(const uint32_t *in, IntResults *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
  IntResults r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r.bfeU) : "r"(a), "r"(b), "r"(c));
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r.bfeS) : "r"(a), "r"(b), "r"(c));
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r.bfi) : "r"(a), "r"(c), "r"(b), "r"(b >> 8));
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r.prmt) : "r"(a), "r"(c), "r"(b));
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r.lop3Xor) : "r"(a), "r"(b), "r"(c));
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(r.lop3Majority) : "r"(a), "r"(b), "r"(c));
  asm("brev.b32 %0, %1;" : "=r"(r.brev) : "r"(a));
  asm("popc.b64 %0, %1;" : "=r"(r.popc64) : "l"((uint64_t)a << 32 | c));
  asm("clz.b32 %0, %1;" : "=r"(r.clz) : "r"(b));
  asm("bfind.u32 %0, %1;" : "=r"(r.bfindU) : "r"(c));
  asm("bfind.s32 %0, %1;" : "=r"(r.bfindS) : "r"(a));
  asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r.bfindShift) : "r"(c));
  asm("mul.hi.s32 %0, %1, %2;" : "=r"(r.mulHiS) : "r"(a), "r"(c));
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(r.mulWide) : "r"(a), "r"(c));
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(r.madWide) : "r"(a), "r"(c), "l"((uint64_t)b));
  asm("shl.b32 %0, %1, %2;" : "=r"(r.shl) : "r"(a), "r"(b & 63));
  asm("shr.u32 %0, %1, %2;" : "=r"(r.shrU) : "r"(a), "r"(b & 63));
  asm("shr.s32 %0, %1, %2;" : "=r"(r.shrS) : "r"(a), "r"(b & 63));
  asm("shr.u64 %0, %1, %2;" : "=l"(r.shr64) : "l"((uint64_t)a << 32 | c), "r"(b & 127));
  asm("vshr.u32.u32.u32.clamp.add %0, %1, %2, %3;" : "=r"(r.vshr) : "r"(a), "r"(b & 63), "r"(c));
  asm("vadd.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r.vadd) : "r"(a), "r"(b), "r"(c));
  asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(r.dp4a) : "r"(a), "r"(b), "r"(c));
  asm("sad.s32 %0, %1, %2, %3;" : "=r"(r.sad) : "r"(a), "r"(b), "r"(c));
  asm("mul24.lo.s32 %0, %1, %2;" : "=r"(r.mul24) : "r"(a), "r"(c));
  asm("min.s32 %0, %1, %2;" : "=r"(r.minS) : "r"(a), "r"(b));
  asm("max.u32 %0, %1, %2;" : "=r"(r.maxU) : "r"(a), "r"(b));
  asm("div.s32 %0, %1, %2;" : "=r"(r.div) : "r"(a), "r"(c & 0x7fffffff | 1));
  asm("rem.s32 %0, %1, %2;" : "=r"(r.rem) : "r"(a), "r"(c & 0x7fffffff | 1));
  asm("cnot.b32 %0, %1;" : "=r"(r.cnot) : "r"(b & 1));
  out[i] = r;
}

uint32_t bit(uint64_t x, unsigned i) { return (x >> i) & 1; }

IntResults integerReference(uint32_t a, uint32_t b, uint32_t c) {
  IntResults r{};
  unsigned pos = b & 0xff, len = c & 0xff;
  uint32_t sbit = len == 0 ? 0 : bit(a, std::min(pos + len - 1, 31u));
  r.bfeU = 0;
  uint32_t s = 0;
  for (unsigned i = 0; i < 32; ++i) {
    bool inside = i < len && pos + i <= 31;
    r.bfeU |= (inside ? bit(a, pos + i) : 0) << i;
    s |= (inside ? bit(a, pos + i) : sbit) << i;
  }
  r.bfeS = (int32_t)s;
  r.bfi = c;
  unsigned ilen = (b >> 8) & 0xff;
  for (unsigned i = 0; i < ilen && pos + i <= 31; ++i)
    r.bfi = (r.bfi & ~(1u << (pos + i))) | bit(a, i) << (pos + i);
  uint64_t bytes = (uint64_t)c << 32 | a;
  for (unsigned k = 0; k < 4; ++k) {
    unsigned sel = (b >> (4 * k)) & 0xf;
    uint32_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8)
      byte = (byte & 0x80) ? 0xff : 0;
    r.prmt |= byte << (8 * k);
  }
  r.lop3Xor = a ^ b ^ c;
  r.lop3Majority = (a & b) | (a & c) | (b & c);
  for (unsigned i = 0; i < 32; ++i)
    r.brev |= bit(a, i) << (31 - i);
  r.popc64 = __builtin_popcountll((uint64_t)a << 32 | c);
  r.clz = b ? __builtin_clz(b) : 32;
  r.bfindU = c ? 31 - __builtin_clz(c) : 0xffffffff;
  uint32_t na = (int32_t)a < 0 ? ~a : a;
  r.bfindS = na ? 31 - __builtin_clz(na) : 0xffffffff;
  r.bfindShift = c ? __builtin_clz(c) : 0xffffffff;
  r.mulHiS = (uint32_t)(((int64_t)(int32_t)a * (int32_t)c) >> 32);
  r.mulWide = (uint64_t)a * c;
  r.madWide = (uint64_t)((int64_t)(int32_t)a * (int32_t)c + (int64_t)b);
  unsigned sh = b & 63;
  r.shl = sh >= 32 ? 0 : a << sh;
  r.shrU = sh >= 32 ? 0 : a >> sh;
  r.shrS = (int32_t)a >> std::min(sh, 31u);
  unsigned sh64 = b & 127;
  r.shr64 = sh64 >= 64 ? 0 : ((uint64_t)a << 32 | c) >> sh64;
  r.vshr = (sh >= 32 ? 0 : a >> sh) + c;
  r.vadd = a + b + c;
  r.dp4a = c;
  for (unsigned k = 0; k < 4; ++k)
    r.dp4a += (int32_t)(int8_t)(a >> (8 * k)) * (int32_t)(uint8_t)(b >> (8 * k));
  int32_t sa = (int32_t)a, sb = (int32_t)b;
  r.sad = c + (uint32_t)(sa > sb ? (int64_t)sa - sb : (int64_t)sb - sa);
  auto low24 = [](uint32_t x) { return (int64_t)((int32_t)(x << 8) >> 8); };
  r.mul24 = (uint32_t)(low24(a) * low24(c));
  r.minS = (uint32_t)std::min(sa, sb);
  r.maxU = std::max(a, b);
  r.div = (uint32_t)(sa / (int32_t)(c & 0x7fffffff | 1));
  r.rem = (uint32_t)(sa % (int32_t)(c & 0x7fffffff | 1));
  r.cnot = (b & 1) == 0;
  return r;
}

// ---- carry chains: 128-bit add and subtract, 32x32+64 through mad.cc ----
struct Wide {
  uint32_t limb[4];
};
struct CarryResults {
  Wide sum, difference;
  uint32_t madLo, madHi;
};

__global__ void carryOps(const Wide *x, const Wide *y, CarryResults *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Wide a = x[i], b = y[i];
  CarryResults r;
  asm("add.cc.u32 %0, %4, %8;\n\t"
      "addc.cc.u32 %1, %5, %9;\n\t"
      "addc.cc.u32 %2, %6, %10;\n\t"
      "addc.u32 %3, %7, %11;"
      : "=r"(r.sum.limb[0]), "=r"(r.sum.limb[1]), "=r"(r.sum.limb[2]), "=r"(r.sum.limb[3])
      : "r"(a.limb[0]), "r"(a.limb[1]), "r"(a.limb[2]), "r"(a.limb[3]), "r"(b.limb[0]),
        "r"(b.limb[1]), "r"(b.limb[2]), "r"(b.limb[3]));
  asm("sub.cc.u32 %0, %4, %8;\n\t"
      "subc.cc.u32 %1, %5, %9;\n\t"
      "subc.cc.u32 %2, %6, %10;\n\t"
      "subc.u32 %3, %7, %11;"
      : "=r"(r.difference.limb[0]), "=r"(r.difference.limb[1]), "=r"(r.difference.limb[2]),
        "=r"(r.difference.limb[3])
      : "r"(a.limb[0]), "r"(a.limb[1]), "r"(a.limb[2]), "r"(a.limb[3]), "r"(b.limb[0]),
        "r"(b.limb[1]), "r"(b.limb[2]), "r"(b.limb[3]));
  asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\t"
      "madc.hi.u32 %1, %2, %3, %5;"
      : "=r"(r.madLo), "=r"(r.madHi)
      : "r"(a.limb[0]), "r"(b.limb[0]), "r"(a.limb[1]), "r"(b.limb[1]));
  out[i] = r;
}

// ---- conversions, comparisons and float arithmetic ----
struct FloatResults {
  int32_t rzi, rni, rmi, s8, satU8;
  uint32_t half, isNan, select, both;
  float back, fma, sqrt, minimum, negAbs;
  double quotient;
};

__global__ void floatOps(const float *in, const int32_t *ints, FloatResults *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float f = in[i], g = in[(i + 1) % n];
  int32_t k = ints[i];
  FloatResults r;
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(r.rzi) : "f"(f));
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r.rni) : "f"(f));
  asm("cvt.rmi.s32.f32 %0, %1;" : "=r"(r.rmi) : "f"(f));
  asm("cvt.s32.s8 %0, %1;" : "=r"(r.s8) : "r"(k));
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(r.satU8) : "r"(k));
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  r.half = h;
  asm("cvt.f32.f16 %0, %1;" : "=f"(r.back) : "h"(h));
  asm("{ .reg .pred p; testp.notanumber.f32 p, %1; selp.u32 %0, 1, 0, p; }"
      : "=r"(r.isNan)
      : "f"(f));
  asm("{ .reg .pred p; setp.lt.s32 p, %1, 0; selp.b32 %0, %2, %3, p; }"
      : "=r"(r.select)
      : "r"(k), "r"(11), "r"(22));
  asm("{ .reg .pred p, q; setp.gt.f32 p, %1, 0f00000000; setp.gt.and.f32 q, %2, 0f00000000, p;"
      " selp.u32 %0, 1, 0, q; }"
      : "=r"(r.both)
      : "f"(f), "f"(g));
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r.fma) : "f"(f), "f"(g), "f"(1.0f));
  asm("sqrt.rn.f32 %0, %1;" : "=f"(r.sqrt) : "f"(fabsf(f)));
  asm("min.f32 %0, %1, %2;" : "=f"(r.minimum) : "f"(f), "f"(g));
  asm("{ .reg .f32 t; abs.f32 t, %1; neg.f32 %0, t; }" : "=f"(r.negAbs) : "f"(f));
  asm("div.rn.f64 %0, %1, %2;" : "=d"(r.quotient) : "d"((double)f), "d"(3.0));
  out[i] = r;
}

int32_t saturatingInt(double v) {
  if (v != v)
    return 0;
  if (v >= 2147483647.0)
    return 2147483647;
  if (v <= -2147483648.0)
    return -2147483647 - 1;
  return (int32_t)v;
}

FloatResults floatReference(float f, float g, int32_t k) {
  FloatResults r{};
  r.rzi = saturatingInt(std::trunc(f));
  r.rni = saturatingInt(std::nearbyint(f));
  r.rmi = saturatingInt(std::floor(f));
  r.s8 = (int8_t)k;
  r.satU8 = k < 0 ? 0 : k > 255 ? 255 : k;
  _Float16 half = (_Float16)f;
  std::memcpy(&r.half, &half, 2);
  r.back = (float)half;
  r.isNan = f != f;
  r.select = k < 0 ? 11 : 22;
  r.both = f > 0 && g > 0;
  r.fma = std::fmaf(f, g, 1.0f);
  r.sqrt = std::sqrt(std::fabs(f));
  r.minimum = std::fmin(f, g);
  r.negAbs = -std::fabs(f);
  r.quotient = (double)f / 3.0;
  return r;
}

// ---- warps: CUB's predicated shuffle reduction and scan, ballots, lane registers ----
struct WarpResults {
  uint32_t lane, laneMaskLt, suffixSum, prefixSum, broadcast, butterfly, ballot, active;
  uint64_t wideSuffixSum;
};

__global__ void warpOps(const uint32_t *in, WarpResults *out) {
  unsigned t = threadIdx.x;
  uint32_t x = in[t], down = x, up = x;
  uint64_t wide = (uint64_t)x << 20 | x;
  WarpResults r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r.lane));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r.laneMaskLt));
  for (int offset = 1; offset < 32; offset *= 2) {
    asm volatile("{ .reg .u32 r0; .reg .pred p;"
                 "  shfl.sync.down.b32 r0|p, %1, %2, %3, %4;"
                 "  @p add.u32 r0, r0, %1;"
                 "  mov.u32 %0, r0; }"
                 : "=r"(down)
                 : "r"(down), "r"(offset), "r"(31), "r"(0xffffffff));
    asm volatile("{ .reg .u32 r0; .reg .pred p;"
                 "  shfl.sync.up.b32 r0|p, %1, %2, %3, %4;"
                 "  @p add.u32 r0, r0, %1;"
                 "  mov.u32 %0, r0; }"
                 : "=r"(up)
                 : "r"(up), "r"(offset), "r"(0), "r"(0xffffffff));
    asm volatile("{ .reg .u32 lo, hi; .reg .pred p;"
                 "  mov.b64 {lo, hi}, %1;"
                 "  shfl.sync.down.b32 lo|p, lo, %2, %3, %4;"
                 "  shfl.sync.down.b32 hi|p, hi, %2, %3, %4;"
                 "  mov.b64 %0, {lo, hi};"
                 "  @p add.u64 %0, %0, %1; }"
                 : "=l"(wide)
                 : "l"(wide), "r"(offset), "r"(31), "r"(0xffffffff));
  }
  r.suffixSum = down;
  r.prefixSum = up;
  r.wideSuffixSum = wide;
  asm volatile("shfl.sync.idx.b32 %0, %1, 3, 0x1f, 0xffffffff;" : "=r"(r.broadcast) : "r"(x));
  asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=r"(r.butterfly) : "r"(x));
  asm volatile("{ .reg .pred p; .reg .u32 bit; and.b32 bit, %1, 1; setp.ne.u32 p, bit, 0;"
               "  vote.sync.ballot.b32 %0, p, 0xffffffff; }"
               : "=r"(r.ballot)
               : "r"(x));
  asm volatile("activemask.b32 %0;" : "=r"(r.active));
  out[t] = r;
}

// ---- memory: vector loads and stores, atomics, guarded stores, exit ----
__global__ void memoryOps(const uint64_t *pairs, float4 *quads, uint32_t *counter, uint32_t *odd,
                          uint32_t *casSlot) {
  unsigned t = threadIdx.x;
  uint64_t lo, hi;
  asm volatile("ld.global.nc.v2.u64 {%0, %1}, [%2];" : "=l"(lo), "=l"(hi) : "l"(pairs + 2 * t));
  float a = (float)lo, b = (float)hi;
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(quads + t), "f"(a), "f"(b),
               "f"(a + b), "f"(a * b)
               : "memory");
  uint32_t before;
  asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(before) : "l"(counter), "r"(1u));
  asm volatile("red.global.add.u32 [%0], %1;" ::"l"(counter + 1), "r"(t));
  asm volatile(
      "{ .reg .pred p; setp.ne.u32 p, %1, 0; @p st.global.u32 [%0+4], %2; }" ::"l"(odd + 2 * t),
      "r"(t & 1), "r"(t + 100)
      : "memory");
  uint32_t seen;
  asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;"
               : "=r"(seen)
               : "l"(casSlot), "r"(0u), "r"(t + 1));
  (void)before;
  (void)seen;
}

__global__ void exitOps(uint32_t *out, int everyone) {
  __shared__ uint32_t tile[64];
  unsigned t = threadIdx.x;
  tile[t] = t * 3;
  __syncthreads();
  if (everyone) {
    out[t] = tile[63 - t];
    asm volatile("exit;");
  }
  if (t & 1)
    asm volatile("exit;");
  out[t] = 7;
}

int main() {
  const int n = 512;
  uint32_t *in;
  IntResults *ints;
  cudaMallocManaged(&in, 3 * n * sizeof(uint32_t));
  cudaMallocManaged(&ints, n * sizeof(IntResults));
  uint32_t seed = 12345;
  auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  const uint32_t edges[] = {0, 1, 31, 32, 33, 0x7fffffff, 0x80000000, 0xffffffff, 255, 256};
  for (int i = 0; i < 3 * n; ++i)
    in[i] = i < 3 * 40 ? edges[(i * 7 + i / 10) % 10] ^ (i % 3 == 1 ? next() & 0x3f00 : 0) : next();
  integerOps<<<n / 128, 128>>>(in, ints, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) {
    IntResults w = integerReference(in[3 * i], in[3 * i + 1], in[3 * i + 2]), g = ints[i];
#define CHECK_FIELD(f) expect(#f, i, g.f, w.f)
    CHECK_FIELD(bfeU);
    CHECK_FIELD(bfeS);
    CHECK_FIELD(bfi);
    CHECK_FIELD(prmt);
    CHECK_FIELD(lop3Xor);
    CHECK_FIELD(lop3Majority);
    CHECK_FIELD(brev);
    CHECK_FIELD(popc64);
    CHECK_FIELD(clz);
    CHECK_FIELD(bfindU);
    CHECK_FIELD(bfindS);
    CHECK_FIELD(bfindShift);
    CHECK_FIELD(mulHiS);
    CHECK_FIELD(mulWide);
    CHECK_FIELD(madWide);
    CHECK_FIELD(shl);
    CHECK_FIELD(shrU);
    CHECK_FIELD(shrS);
    CHECK_FIELD(shr64);
    CHECK_FIELD(vshr);
    CHECK_FIELD(vadd);
    CHECK_FIELD(dp4a);
    CHECK_FIELD(sad);
    CHECK_FIELD(mul24);
    CHECK_FIELD(minS);
    CHECK_FIELD(maxU);
    CHECK_FIELD(div);
    CHECK_FIELD(rem);
    CHECK_FIELD(cnot);
  }

  Wide *x, *y;
  CarryResults *carries;
  cudaMallocManaged(&x, n * sizeof(Wide));
  cudaMallocManaged(&y, n * sizeof(Wide));
  cudaMallocManaged(&carries, n * sizeof(CarryResults));
  for (int i = 0; i < n; ++i)
    for (int l = 0; l < 4; ++l) {
      x[i].limb[l] = i % 4 == 0 ? 0xffffffff : next();
      y[i].limb[l] = i % 4 == 1 ? 0xffffffff : i % 4 == 2 ? (l == 0) : next();
    }
  carryOps<<<n / 128, 128>>>(x, y, carries, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) {
    unsigned __int128 a = 0, b = 0;
    for (int l = 3; l >= 0; --l) {
      a = a << 32 | x[i].limb[l];
      b = b << 32 | y[i].limb[l];
    }
    unsigned __int128 sum = a + b, difference = a - b;
    for (int l = 0; l < 4; ++l) {
      expect("sum", i, carries[i].sum.limb[l], (uint32_t)(sum >> (32 * l)));
      expect("difference", i, carries[i].difference.limb[l], (uint32_t)(difference >> (32 * l)));
    }
    uint64_t product = (uint64_t)x[i].limb[0] * y[i].limb[0];
    uint64_t addend = (uint64_t)y[i].limb[1] << 32 | x[i].limb[1];
    uint64_t mad = product + addend;
    expect("madLo", i, carries[i].madLo, (uint32_t)mad);
    expect("madHi", i, carries[i].madHi, (uint32_t)(mad >> 32));
  }

  float *floats;
  int32_t *small;
  FloatResults *fr;
  cudaMallocManaged(&floats, n * sizeof(float));
  cudaMallocManaged(&small, n * sizeof(int32_t));
  cudaMallocManaged(&fr, n * sizeof(FloatResults));
  const float specials[] = {2.5f,     -2.5f, 2.7f,  -2.7f,    1e10f,       -1e10f, NAN,
                            INFINITY, 0.0f,  -0.0f, 65520.0f, 1.0f / 3.0f, 3.5f,   -0.5f};
  const int32_t smallSpecials[] = {-5, 300, 0x1ff80, 127, -129, 256};
  for (int i = 0; i < n; ++i) {
    floats[i] = i < 14 ? specials[i] : ((int32_t)next() >> 8) / 1000.0f;
    small[i] = i < 6 ? smallSpecials[i] : (int32_t)next() >> 20;
  }
  floatOps<<<n / 128, 128>>>(floats, small, fr, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) {
    FloatResults w = floatReference(floats[i], floats[(i + 1) % n], small[i]), g = fr[i];
    CHECK_FIELD(rzi);
    CHECK_FIELD(rni);
    CHECK_FIELD(rmi);
    CHECK_FIELD(s8);
    CHECK_FIELD(satU8);
    CHECK_FIELD(half);
    CHECK_FIELD(isNan);
    CHECK_FIELD(select);
    CHECK_FIELD(both);
    if (w.back == w.back) // NaN payloads aside
      CHECK_FIELD(back);
    if (w.fma == w.fma) {
      CHECK_FIELD(fma);
      CHECK_FIELD(sqrt);
      CHECK_FIELD(negAbs);
      CHECK_FIELD(quotient);
    }
    if (w.minimum == w.minimum)
      CHECK_FIELD(minimum);
  }

  uint32_t *lanes;
  WarpResults *wr;
  cudaMallocManaged(&lanes, 64 * sizeof(uint32_t));
  cudaMallocManaged(&wr, 64 * sizeof(WarpResults));
  for (int t = 0; t < 64; ++t)
    lanes[t] = next() % 1000;
  warpOps<<<1, 64>>>(lanes, wr);
  cudaDeviceSynchronize();
  for (int t = 0; t < 64; ++t) {
    int warp = t / 32 * 32, lane = t % 32;
    WarpResults w{};
    w.lane = lane;
    w.laneMaskLt = (1u << lane) - 1;
    for (int j = lane; j < 32; ++j) {
      w.suffixSum += lanes[warp + j];
      w.wideSuffixSum += (uint64_t)lanes[warp + j] << 20 | lanes[warp + j];
    }
    for (int j = 0; j <= lane; ++j)
      w.prefixSum += lanes[warp + j];
    w.broadcast = lanes[warp + 3];
    w.butterfly = lanes[warp + (lane ^ 1)];
    for (int j = 0; j < 32; ++j)
      w.ballot |= (lanes[warp + j] & 1) << j;
    w.active = 0xffffffff;
    WarpResults g = wr[t];
    int i = t;
    CHECK_FIELD(lane);
    CHECK_FIELD(laneMaskLt);
    CHECK_FIELD(suffixSum);
    CHECK_FIELD(prefixSum);
    CHECK_FIELD(wideSuffixSum);
    CHECK_FIELD(broadcast);
    CHECK_FIELD(butterfly);
    CHECK_FIELD(ballot);
    CHECK_FIELD(active);
  }

  const int threads = 256;
  uint64_t *pairs;
  float4 *quads;
  uint32_t *counter, *odd, *cas;
  cudaMallocManaged(&pairs, 2 * threads * sizeof(uint64_t));
  cudaMallocManaged(&quads, threads * sizeof(float4));
  cudaMallocManaged(&counter, 2 * sizeof(uint32_t));
  cudaMallocManaged(&odd, 2 * threads * sizeof(uint32_t));
  cudaMallocManaged(&cas, sizeof(uint32_t));
  for (int t = 0; t < 2 * threads; ++t) {
    pairs[t] = t * 3 + 1;
    odd[t] = 0;
  }
  counter[0] = counter[1] = 0;
  *cas = 0;
  memoryOps<<<1, threads>>>(pairs, quads, counter, odd, cas);
  cudaDeviceSynchronize();
  for (int t = 0; t < threads; ++t) {
    float a = (float)(6 * t + 1), b = (float)(6 * t + 4);
    expect("quad.x", t, quads[t].x, a);
    expect("quad.y", t, quads[t].y, b);
    expect("quad.z", t, quads[t].z, a + b);
    expect("quad.w", t, quads[t].w, a * b);
    expect("guarded store", t, odd[2 * t + 1], (uint32_t)(t & 1 ? t + 100 : 0));
    expect("untouched", t, odd[2 * t], 0u);
  }
  expect("atom.add", 0, counter[0], (uint32_t)threads);
  expect("red.add", 0, counter[1], (uint32_t)(threads * (threads - 1) / 2));
  expect("atom.cas", 0, *cas >= 1 && *cas <= threads, true);

  uint32_t *exits;
  cudaMallocManaged(&exits, 64 * sizeof(uint32_t));
  exitOps<<<1, 64>>>(exits, 1);
  cudaDeviceSynchronize();
  for (int t = 0; t < 64; ++t)
    expect("exit everyone", t, exits[t], (uint32_t)(63 - t) * 3);
  for (int t = 0; t < 64; ++t)
    exits[t] = 0;
  exitOps<<<1, 64>>>(exits, 0);
  cudaDeviceSynchronize();
  for (int t = 0; t < 64; ++t)
    expect("exit odd", t, exits[t], t & 1 ? 0u : 7u);

  cudaError_t error = cudaGetLastError();
  if (error != cudaSuccess)
    printf("FAIL %s\n", cudaGetErrorString(error));
  printf("%s (%d failures)\n", failures || error != cudaSuccess ? "FAILED" : "PASS", failures);
  return failures != 0;
}
