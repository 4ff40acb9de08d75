// Integer intrinsics against host references written from the CUDA Math API: __popc(ll),
// __clz(ll), __ffs(ll), __brev(ll), __byte_perm (only bits 2:0 of each selector nibble
// count), __funnelshift_l/lc/r/rc, __mul24/__umul24 (low 24 bits, signed/unsigned),
// __mulhi/__umulhi/__mul64hi/__umul64hi, __sad/__usad, __hadd/__rhadd/__uhadd/__urhadd,
// __dp4a (signed and unsigned), __dp2a_lo/_hi, __fns (as PTX's fns: the n-th set bit from a
// base, either way), __nv_bswap16/32/64, on edge values and pseudo-random inputs.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>
#include <climits>

#define NRES 47

__global__ void intrinsics(const unsigned long long *a, const unsigned long long *b, const unsigned *c, int n,
                           unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long A = a[i], B = b[i];
  unsigned x = (unsigned)A, y = (unsigned)B, s = c[i];
  int xi = (int)x, yi = (int)y;
  unsigned long long *o = out + (size_t)i * NRES;
  o[0] = __popc(x);
  o[1] = __popcll(A);
  o[2] = __clz(xi);
  o[3] = __clzll((long long)A);
  o[4] = __ffs(xi);
  o[5] = __ffsll((long long)A);
  o[6] = __brev(x);
  o[7] = __brevll(A);
  o[8] = __byte_perm(x, y, s);
  o[9] = __byte_perm(x, y, 0x3210);
  o[10] = __byte_perm(x, y, 0x7654);
  o[11] = __byte_perm(x, y, 0x0123);
  o[12] = __byte_perm(x, y, 0x89ab); // bit 3 of each nibble is not used
  o[13] = __funnelshift_l(x, y, s);
  o[14] = __funnelshift_lc(x, y, s);
  o[15] = __funnelshift_r(x, y, s);
  o[16] = __funnelshift_rc(x, y, s);
  o[17] = (unsigned)__mul24(xi, yi);
  o[18] = __umul24(x, y);
  o[19] = (unsigned)__mulhi(xi, yi);
  o[20] = __umulhi(x, y);
  o[21] = (unsigned long long)__mul64hi((long long)A, (long long)B);
  o[22] = __umul64hi(A, B);
  o[23] = __sad(xi, yi, s);
  o[24] = __usad(x, y, s);
  o[25] = (unsigned)__hadd(xi, yi);
  o[26] = (unsigned)__rhadd(xi, yi);
  o[27] = __uhadd(x, y);
  o[28] = __urhadd(x, y);
  o[29] = (unsigned)__dp4a(xi, yi, (int)s);
  o[30] = __dp4a(x, y, s);
  o[31] = (unsigned)__dp2a_lo(xi, yi, (int)s);
  o[32] = (unsigned)__dp2a_hi(xi, yi, (int)s);
  o[33] = __dp2a_lo(x, y, s);
  o[34] = __dp2a_hi(x, y, s);
  o[35] = __funnelshift_l(x, y, 32);  // constant shift: masked to 0
  o[36] = __funnelshift_lc(x, y, 40); // clamped to 32
  o[37] = __funnelshift_r(x, y, 33);  // masked to 1
  o[38] = __funnelshift_rc(x, y, 0xffffffffu);
  o[39] = __byte_perm(x, y, 0xffff7531u); // upper 16 bits of the selector are not used
  int offset = (int)(s % 67) - 33;
  o[40] = __fns(x, s & 31, offset);
  o[41] = __fns(x, s & 31, 0);
  o[42] = __fns(x, s & 31, 1);
  o[43] = __fns(x, s & 31, -1);
  o[44] = __nv_bswap16((unsigned short)x);
  o[45] = __nv_bswap32(x);
  o[46] = __nv_bswap64(A);
}

// ---- host references (CUDA Math API descriptions) ----
static unsigned popc(unsigned long long v) { unsigned c = 0; while (v) { c += v & 1; v >>= 1; } return c; }
static unsigned clzN(unsigned long long v, int bits) { int c = 0; for (int k = bits - 1; k >= 0 && !((v >> k) & 1); --k) ++c; return c; }
static unsigned ffsN(unsigned long long v, int bits) { for (int k = 0; k < bits; ++k) if ((v >> k) & 1) return k + 1; return 0; }
static unsigned long long brevN(unsigned long long v, int bits) { unsigned long long r = 0; for (int k = 0; k < bits; ++k) if ((v >> k) & 1) r |= 1ull << (bits - 1 - k); return r; }
static unsigned byteperm(unsigned x, unsigned y, unsigned s) {
  unsigned long long in = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int n = 0; n < 4; ++n) r |= (unsigned)((in >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
  return r;
}
static unsigned fshl(unsigned lo, unsigned hi, unsigned sh) { unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)((v << sh) >> 32); }
static unsigned fshr(unsigned lo, unsigned hi, unsigned sh) { unsigned long long v = ((unsigned long long)hi << 32) | lo; return (unsigned)(v >> sh); }
static long long sext24(unsigned v) { v &= 0xffffff; return (v & 0x800000) ? (long long)v - 0x1000000 : v; }
static unsigned long long umulhi64(unsigned long long a, unsigned long long b) { return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
static long long mulhi64(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
// PTX ISA, fns: the |offset|-th set bit of mask walking from base up (offset > 0) or down.
static unsigned fns(unsigned mask, unsigned base, int offset) {
  if (offset == 0) return (mask >> base) & 1 ? base : 0xffffffffu;
  int count = offset > 0 ? offset : -offset;
  for (int pos = (int)base; pos >= 0 && pos < 32; pos += offset > 0 ? 1 : -1)
    if ((mask >> pos) & 1 && --count == 0) return (unsigned)pos;
  return 0xffffffffu;
}
static unsigned long long bswap(unsigned long long v, int bytes) {
  unsigned long long r = 0;
  for (int k = 0; k < bytes; ++k) r |= ((v >> (8 * k)) & 0xff) << (8 * (bytes - 1 - k));
  return r;
}
static int sb(unsigned v, int k) { return (int8_t)(v >> (8 * k)); }
static int ub(unsigned v, int k) { return (uint8_t)(v >> (8 * k)); }
static int sh16(unsigned v, int k) { return (int16_t)(v >> (16 * k)); }
static int uh16(unsigned v, int k) { return (uint16_t)(v >> (16 * k)); }

static void reference(unsigned long long A, unsigned long long B, unsigned s, unsigned long long *o) {
  unsigned x = (unsigned)A, y = (unsigned)B;
  int xi = (int)x, yi = (int)y;
  o[0] = popc(x); o[1] = popc(A);
  o[2] = clzN(x, 32); o[3] = clzN(A, 64);
  o[4] = ffsN(x, 32); o[5] = ffsN(A, 64);
  o[6] = brevN(x, 32); o[7] = brevN(A, 64);
  o[8] = byteperm(x, y, s); o[9] = byteperm(x, y, 0x3210); o[10] = byteperm(x, y, 0x7654);
  o[11] = byteperm(x, y, 0x0123); o[12] = byteperm(x, y, 0x89ab);
  o[13] = fshl(x, y, s & 31); o[14] = fshl(x, y, s < 32 ? s : 32);
  o[15] = fshr(x, y, s & 31); o[16] = fshr(x, y, s < 32 ? s : 32);
  o[17] = (unsigned)(sext24(x) * sext24(y));
  o[18] = (unsigned)((unsigned long long)(x & 0xffffff) * (y & 0xffffff));
  o[19] = (unsigned)(((long long)xi * yi) >> 32);
  o[20] = (unsigned)(((unsigned long long)x * y) >> 32);
  o[21] = (unsigned long long)mulhi64((long long)A, (long long)B);
  o[22] = umulhi64(A, B);
  o[23] = (unsigned)(xi > yi ? (unsigned)xi - (unsigned)yi : (unsigned)yi - (unsigned)xi) + s;
  o[24] = (x > y ? x - y : y - x) + s;
  o[25] = (unsigned)(int)(((long long)xi + yi) >> 1);
  o[26] = (unsigned)(int)(((long long)xi + yi + 1) >> 1);
  o[27] = (unsigned)(((unsigned long long)x + y) >> 1);
  o[28] = (unsigned)(((unsigned long long)x + y + 1) >> 1);
  int d4 = (int)s; unsigned u4 = s;
  for (int k = 0; k < 4; ++k) { d4 += sb(x, k) * sb(y, k); u4 += (unsigned)(ub(x, k) * ub(y, k)); }
  o[29] = (unsigned)d4; o[30] = u4;
  o[31] = (unsigned)((int)s + sh16(x, 0) * sb(y, 0) + sh16(x, 1) * sb(y, 1));
  o[32] = (unsigned)((int)s + sh16(x, 0) * sb(y, 2) + sh16(x, 1) * sb(y, 3));
  o[33] = s + (unsigned)(uh16(x, 0) * ub(y, 0) + uh16(x, 1) * ub(y, 1));
  o[34] = s + (unsigned)(uh16(x, 0) * ub(y, 2) + uh16(x, 1) * ub(y, 3));
  o[35] = fshl(x, y, 0); o[36] = fshl(x, y, 32); o[37] = fshr(x, y, 1); o[38] = fshr(x, y, 32);
  o[39] = byteperm(x, y, 0x7531);
  o[40] = fns(x, s & 31, (int)(s % 67) - 33);
  o[41] = fns(x, s & 31, 0); o[42] = fns(x, s & 31, 1); o[43] = fns(x, s & 31, -1);
  o[44] = bswap(x & 0xffff, 2); o[45] = bswap(x, 4); o[46] = bswap(A, 8);
}

int main() {
  const unsigned long long edges[] = {0, 1, 2, 3, 0x80, 0xff, 0x7fffffffull, 0x80000000ull, 0xffffffffull,
                                      0x100000000ull, 0x8000000000000000ull, 0x7fffffffffffffffull, ~0ull,
                                      0x00ffffffull, 0x00800000ull, 0xff7fffffull, 0x0123456789abcdefull, 0xfedcba9876543210ull};
  const unsigned shifts[] = {0, 1, 7, 31, 32, 33, 63, 64, 100, 0xffffffffu, 0x3210, 0x5140, 0x8888, 0xffff};
  const int ne = sizeof(edges) / sizeof(edges[0]), ns = sizeof(shifts) / sizeof(shifts[0]);
  const int nrand = 4000;
  const int n = ne * ne + nrand;
  unsigned long long *a, *b, *out;
  unsigned *c;
  cudaMallocManaged(&a, n * sizeof(unsigned long long));
  cudaMallocManaged(&b, n * sizeof(unsigned long long));
  cudaMallocManaged(&c, n * sizeof(unsigned));
  cudaMallocManaged(&out, (size_t)n * NRES * sizeof(unsigned long long));
  int k = 0;
  for (int i = 0; i < ne; ++i)
    for (int j = 0; j < ne; ++j, ++k) { a[k] = edges[i]; b[k] = edges[j]; c[k] = shifts[(i + j) % ns]; }
  unsigned long long st = 0x9e3779b97f4a7c15ull;
  auto rnd = [&]() { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; };
  for (; k < n; ++k) {
    a[k] = rnd() >> (rnd() % 64);
    b[k] = rnd() >> (rnd() % 64);
    unsigned r = (unsigned)rnd();
    c[k] = (k % 3 == 0) ? r : (k % 3 == 1) ? r % 70 : (r & 0xffff);
  }
  intrinsics<<<(n + 127) / 128, 128>>>(a, b, c, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *names[NRES] = {"__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll",
                                    "__byte_perm(s)", "__byte_perm(0x3210)", "__byte_perm(0x7654)", "__byte_perm(0x0123)",
                                    "__byte_perm(0x89ab)", "__funnelshift_l", "__funnelshift_lc", "__funnelshift_r",
                                    "__funnelshift_rc", "__mul24", "__umul24", "__mulhi", "__umulhi", "__mul64hi", "__umul64hi",
                                    "__sad", "__usad", "__hadd", "__rhadd", "__uhadd", "__urhadd", "__dp4a(int)",
                                    "__dp4a(unsigned)", "__dp2a_lo(int)", "__dp2a_hi(int)", "__dp2a_lo(unsigned)",
                                    "__dp2a_hi(unsigned)", "__funnelshift_l(32)", "__funnelshift_lc(40)",
                                    "__funnelshift_r(33)", "__funnelshift_rc(~0)", "__byte_perm(0xffff7531)",
                                    "__fns", "__fns(0)", "__fns(1)", "__fns(-1)", "__nv_bswap16",
                                    "__nv_bswap32", "__nv_bswap64"};
  int failures = 0, perFn[NRES] = {};
  for (int i = 0; i < n; ++i) {
    unsigned long long want[NRES];
    reference(a[i], b[i], c[i], want);
    for (int r = 0; r < NRES; ++r)
      if (out[(size_t)i * NRES + r] != want[r]) {
        failures++;
        if (perFn[r]++ < 2)
          printf("%s(a=%#llx, b=%#llx, c=%#x): got %#llx, expected %#llx\n", names[r], a[i], b[i], c[i],
                 out[(size_t)i * NRES + r], want[r]);
      }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
