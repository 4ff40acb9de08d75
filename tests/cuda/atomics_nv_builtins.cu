// CUDA 12.8's built-in atomics with a memory order and a thread scope (__nv_atomic_fetch_add,
// __nv_atomic_load_n, __nv_atomic_compare_exchange, ... with __NV_ATOMIC_* and
// __NV_THREAD_SCOPE_*), as HeCBench's atomicCAS benchmark uses them: many threads of several
// blocks hit shared cells in every order and scope, and the results are what the operations
// give in any order. The value operand converts to the pointee's type (an int literal added to
// an unsigned), the scope may be left out (the system's), structs of 8 bytes aligned to 4 are
// loaded and exchanged whole, and what nvcc rejects is a compile-time error with its reason.
// RUN: %nvcc -arch=sm_90 %s -o %t && %t | FileCheck %s
// CHECK: PASS
//
// RUN: not %nvcc -arch=sm_90 -DSIGNED_64_BIT_ADD -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIGNED
// SIGNED: error: static assertion failed
// SIGNED-SAME: atomic operations add and sub are not valid on signed integer of size 8
//
// RUN: not %nvcc -arch=sm_90 -DFLOAT_MIN -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FMIN
// FMIN: error: static assertion failed
// FMIN-SAME: atomic operations min and max are not supported on any floating-point types
// FMIN-NOT: error:
//
// RUN: not %nvcc -arch=sm_90 -DSHORT_ADD -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: error: static assertion failed
// SHORT-SAME: valid only on objects of size 4, or 8
//
// RUN: not %nvcc -arch=sm_90 -DWIDE_LOAD -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: error: static assertion failed
// WIDE-SAME: Drawbridge does not support 16-byte atomics
// WIDE-NOT: error:
#include <cstdio>

constexpr int kBlocks = 8, kThreads = 128, kAll = kBlocks * kThreads;

struct Pair {
  int a, b;
};

struct Cells {
  int addI, subI, minI, maxI, voidAdd, voidSub, voidMin, voidMax, exchI, casI;
  unsigned andU, orU, xorU, voidAnd, voidOr, voidXor, addU;
  unsigned long long addULL, maxULL, ticket;
  long long minLL, maxLL;
  float addF;
  double addD;
  Pair pair, exchPair;
  unsigned char byte;
  short half;
  int tickets[kAll];
};

// Every thread of every block calls this once for each scope.
template <int Scope> __device__ void operations(Cells *c, int g) {
  __nv_atomic_fetch_add(&c->addI, 2, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_sub(&c->subI, 3, __NV_ATOMIC_ACQ_REL, Scope);
  __nv_atomic_fetch_min(&c->minI, g - 500, __NV_ATOMIC_SEQ_CST, Scope);
  __nv_atomic_fetch_max(&c->maxI, g * 3, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_add(&c->voidAdd, 5, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_sub(&c->voidSub, 1, __NV_ATOMIC_RELEASE, Scope);
  __nv_atomic_min(&c->voidMin, -g, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_max(&c->voidMax, g, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_and(&c->andU, ~(1u << (g % 32)), __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_or(&c->orU, 1u << (g % 32), __NV_ATOMIC_ACQUIRE, Scope);
  __nv_atomic_fetch_xor(&c->xorU, 1u << (g % 4), __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_and(&c->voidAnd, ~(1u << (g % 16)), __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_or(&c->voidOr, 1u << (g % 16 + 16), __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_xor(&c->voidXor, 1u << 7, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_add(&c->addU, 1, __NV_ATOMIC_RELAXED, Scope); // an int converted
  __nv_atomic_fetch_add(&c->addULL, 1ull << 33, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_max(&c->maxULL, (unsigned long long)g << 40, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_min(&c->minLL, -((long long)g << 20), __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_max(&c->maxLL, (long long)g << 20, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_add(&c->addF, 0.5f, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_fetch_add(&c->addD, 0.25, __NV_ATOMIC_SEQ_CST, Scope);
  __nv_atomic_exchange_n(&c->exchI, 7, __NV_ATOMIC_RELAXED, Scope);
  int expected = 0;
  __nv_atomic_compare_exchange_n(&c->casI, &expected, g + 1, false, __NV_ATOMIC_ACQ_REL,
                                 __NV_ATOMIC_ACQUIRE, Scope); // only the first one finds 0

  // A counter built from a load and a weak compare-exchange loop on an 8-byte struct.
  Pair old, next;
  __nv_atomic_load(&c->pair, &old, __NV_ATOMIC_RELAXED, Scope);
  do {
    next.a = old.a + 1;
    next.b = old.b + g;
  } while (!__nv_atomic_compare_exchange(&c->pair, &old, &next, true, __NV_ATOMIC_RELAXED,
                                         __NV_ATOMIC_RELAXED, Scope));
  Pair mine = {g, -g}, previous;
  __nv_atomic_exchange(&c->exchPair, &mine, &previous, __NV_ATOMIC_RELAXED, Scope);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, Scope);
}

__global__ void hammer(Cells *cells) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  operations<__NV_THREAD_SCOPE_BLOCK>(&cells[0], g);
  operations<__NV_THREAD_SCOPE_CLUSTER>(&cells[1], g);
  operations<__NV_THREAD_SCOPE_DEVICE>(&cells[2], g);
  operations<__NV_THREAD_SCOPE_SYSTEM>(&cells[3], g);

  // Each thread takes a ticket (scope left out: the system's); every ticket is taken once.
  unsigned long long t = __nv_atomic_fetch_add(&cells[0].ticket, 1ull, __NV_ATOMIC_RELAXED);
  __nv_atomic_store_n(&cells[0].tickets[t], g + 1, __NV_ATOMIC_RELEASE);

  // Loads and stores of 1, 2 and 4 bytes, and a thread-scope atomic on a local variable.
  if (g == kAll - 1) {
    __nv_atomic_store_n(&cells[1].byte, (unsigned char)0xAB, __NV_ATOMIC_SEQ_CST);
    __nv_atomic_store_n(&cells[1].half, (short)-1234, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_DEVICE);
    int local = 40;
    __nv_atomic_fetch_add(&local, 2, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
    __nv_atomic_thread_fence(__NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
    __nv_atomic_thread_fence(__NV_ATOMIC_ACQUIRE);
    cells[1].tickets[0] =
        __nv_atomic_load_n(&local, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_THREAD) +
        __nv_atomic_load_n(&cells[1].byte, __NV_ATOMIC_ACQUIRE) +
        __nv_atomic_load_n(&cells[1].half, __NV_ATOMIC_RELAXED);
  }
}

#if defined(SIGNED_64_BIT_ADD)
__global__ void rejected(long long *p) { __nv_atomic_fetch_add(p, 1ll, __NV_ATOMIC_RELAXED); }
#elif defined(FLOAT_MIN)
__global__ void rejected(float *p) { __nv_atomic_fetch_min(p, 1.0f, __NV_ATOMIC_RELAXED); }
#elif defined(SHORT_ADD)
__global__ void rejected(short *p) { __nv_atomic_add(p, (short)1, __NV_ATOMIC_RELAXED); }
#elif defined(WIDE_LOAD)
struct Wide {
  long long a, b;
};
__global__ void rejected(Wide *p, Wide *out) { __nv_atomic_load(p, out, __NV_ATOMIC_RELAXED); }
#endif

int main() {
  Cells *cells;
  cudaMallocManaged(&cells, 4 * sizeof(Cells));
  for (int s = 0; s < 4; ++s) {
    Cells &c = cells[s];
    c = Cells{};
    c.minI = 1 << 30, c.maxI = -1, c.voidMin = 5, c.voidMax = -5, c.andU = ~0u, c.voidAnd = ~0u,
    c.minLL = 0, c.maxLL = 0;
  }
  hammer<<<kBlocks, kThreads>>>(cells);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  int failures = 0;
  auto expect = [&](bool ok, const char *what, int scope) {
    if (!ok) {
      printf("FAIL: %s in scope %d\n", what, scope);
      ++failures;
    }
  };
  for (int s = 0; s < 4; ++s) {
    const Cells &c = cells[s];
    expect(c.addI == 2 * kAll, "fetch_add int", s);
    expect(c.subI == -3 * kAll, "fetch_sub int", s);
    expect(c.minI == -500, "fetch_min int", s);
    expect(c.maxI == 3 * (kAll - 1), "fetch_max int", s);
    expect(c.voidAdd == 5 * kAll && c.voidSub == -kAll, "add, sub", s);
    expect(c.voidMin == -(kAll - 1) && c.voidMax == kAll - 1, "min, max", s);
    expect(c.andU == 0u && c.orU == ~0u && c.xorU == 0u, "fetch_and, fetch_or, fetch_xor", s);
    expect(c.voidAnd == 0xFFFF0000u && c.voidOr == 0xFFFF0000u && c.voidXor == 0u, "and, or, xor",
           s);
    expect(c.addU == unsigned(kAll), "fetch_add unsigned", s);
    expect(c.addULL == (unsigned long long)kAll << 33, "fetch_add unsigned long long", s);
    expect(c.maxULL == (unsigned long long)(kAll - 1) << 40, "fetch_max unsigned long long", s);
    expect(c.minLL == -((long long)(kAll - 1) << 20) && c.maxLL == (long long)(kAll - 1) << 20,
           "fetch_min, fetch_max long long", s);
    expect(c.addF == 0.5f * kAll && c.addD == 0.25 * kAll, "fetch_add float, double", s);
    expect(c.exchI == 7, "exchange_n", s);
    expect(c.casI >= 1 && c.casI <= kAll, "compare_exchange_n", s);
    expect(c.pair.a == kAll && c.pair.b == kAll * (kAll - 1) / 2, "compare_exchange loop", s);
    expect(c.exchPair.a >= 0 && c.exchPair.a < kAll && c.exchPair.b == -c.exchPair.a,
           "exchange of a struct", s);
  }
  bool taken[kAll] = {};
  bool ticketsOk = cells[0].ticket == kAll;
  for (int t = 0; t < kAll && ticketsOk; ++t) {
    int g = cells[0].tickets[t] - 1;
    ticketsOk = g >= 0 && g < kAll && !taken[g];
    if (ticketsOk)
      taken[g] = true;
  }
  expect(ticketsOk, "tickets from fetch_add with the scope left out", 4);
  expect(cells[1].tickets[0] == 42 + 0xAB - 1234, "1-, 2- and 4-byte loads and stores", 0);
  cudaFree(cells);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
