// Integer division and remainder by run-time divisors across many threads, the way kernels
// index pixels (`i / width`) and buckets (`v % n`): vectorised thread loops divide through
// double (32-bit) and float (8- and 16-bit) division, which must give the integer results
// exactly, including at the extremes of each type, for negative operands, under a branch,
// with a divisor shared by the block or one per thread, and with the GPU's results for a zero
// divisor (all bits set) and INT_MIN / -1 (wraps).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: checked 14680064 results
// CHECK: PASS
#include <climits>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int kOps = 14;

template <typename T> __host__ __device__ T quotient(T a, T b) {
  if (b == 0)
    return T(-1);
  if (T(-1) < T(0) && b == T(-1))
    return T(0) - a; // wraps for the most negative value, as on a GPU
  return a / b;
}

template <typename T> __host__ __device__ T remainder(T a, T b) {
  if (b == 0)
    return T(-1);
  if (T(-1) < T(0) && b == T(-1))
    return 0;
  return a % b;
}

// Every result a thread computes from its dividend a, its own divisor b and the block's
// divisor shared, as 32-bit values.
__host__ __device__ void compute(int a, int b, int shared, int64_t *out) {
  unsigned ua = a, ub = b;
  short sa = short(a), sb = short(b);
  unsigned short usa = (unsigned short)a, usb = (unsigned short)b;
  signed char ca = (signed char)a, cb = (signed char)b;
  out[0] = quotient(a, b);
  out[1] = remainder(a, b);
  out[2] = quotient(ua, ub);
  out[3] = remainder(ua, ub);
  out[4] = quotient(a, shared);
  out[5] = remainder(ua, unsigned(shared));
  out[6] = quotient(sa, sb);
  out[7] = remainder(sa, sb);
  out[8] = quotient(usa, usb);
  out[9] = remainder(usa, usb);
  out[10] = quotient(ca, cb);
  out[11] = remainder(ca, cb);
  out[12] = (a & 1) ? quotient(a, shared) : -1; // under a branch, odd dividends only
  out[13] = (b > 3) ? remainder(ua, ub) : 0u;
}

// The plain operators: a zero divisor and INT_MIN / -1 get the GPU's results (see
// int_division_special_divisors.cu), which compute() spells out. Results are stored op by op
// (out[op * n + i]), contiguous across threads.
__global__ void divide(const int *a, const int *b, const int *shared, int64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = a[i], y = b[i], s = shared[blockIdx.x];
  unsigned ux = x, uy = y;
  short sx = short(x), sy = short(y);
  unsigned short usx = (unsigned short)x, usy = (unsigned short)y;
  signed char cx = (signed char)x, cy = (signed char)y;
  out[0 * n + i] = x / y;
  out[1 * n + i] = x % y;
  out[2 * n + i] = ux / uy;
  out[3 * n + i] = ux % uy;
  out[4 * n + i] = x / s;
  out[5 * n + i] = ux % unsigned(s);
  out[6 * n + i] = short(sx / sy);
  out[7 * n + i] = short(sx % sy);
  out[8 * n + i] = (unsigned short)(usx / usy);
  out[9 * n + i] = (unsigned short)(usx % usy);
  out[10 * n + i] = (signed char)(cx / cy);
  out[11 * n + i] = (signed char)(cx % cy);
  out[12 * n + i] = (x & 1) ? x / s : -1; // under a branch, odd dividends only
  out[13 * n + i] = (y > 3) ? ux % uy : 0u;
}

int main() {
  const int blocks = 4096, threads = 256, n = blocks * threads;
  const int edges[] = {0,
                       1,
                       -1,
                       2,
                       -2,
                       3,
                       7,
                       -7,
                       127,
                       -128,
                       255,
                       32767,
                       -32768,
                       65535,
                       65536,
                       1 << 24,
                       (1 << 24) + 1,
                       INT_MAX,
                       INT_MIN,
                       INT_MAX - 1,
                       INT_MIN + 1,
                       1000003,
                       -1000003,
                       46341};
  const int numEdges = sizeof edges / sizeof edges[0];
  std::vector<int> a(n), b(n), shared(blocks);
  uint32_t state = 12345;
  auto next = [&] { return state = state * 1664525u + 1013904223u; };
  for (int i = 0; i < n; ++i) {
    // Half the pairs from the edge values, the rest random at every magnitude.
    a[i] = (i & 2) ? edges[next() % numEdges] : int(next()) >> (next() % 32);
    b[i] = (i & 4) ? edges[next() % numEdges] : int(next()) >> (next() % 32);
  }
  for (int k = 0; k < blocks; ++k)
    shared[k] = k < numEdges ? edges[k] : int(next()) >> (next() % 32);

  int *da, *db, *ds;
  int64_t *dout;
  cudaMalloc(&da, n * sizeof(int));
  cudaMalloc(&db, n * sizeof(int));
  cudaMalloc(&ds, blocks * sizeof(int));
  cudaMalloc(&dout, size_t(n) * kOps * sizeof(int64_t));
  cudaMemcpy(da, a.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(ds, shared.data(), blocks * sizeof(int), cudaMemcpyHostToDevice);
  divide<<<blocks, threads>>>(da, db, ds, dout, n);
  std::vector<int64_t> out(size_t(n) * kOps);
  cudaMemcpy(out.data(), dout, out.size() * sizeof(int64_t), cudaMemcpyDeviceToHost);

  long checked = 0, wrong = 0;
  for (int i = 0; i < n; ++i) {
    int64_t want[kOps];
    compute(a[i], b[i], shared[i / threads], want);
    for (int op = 0; op < kOps; ++op, ++checked)
      if (out[size_t(op) * n + i] != want[op] && wrong++ < 10)
        printf("thread %d op %d: %d, %d (block divisor %d): got %lld, want %lld\n", i, op, a[i],
               b[i], shared[i / threads], (long long)out[size_t(op) * n + i], (long long)want[op]);
  }
  printf("checked %ld results\n", checked);
  printf("%s\n", wrong ? "FAIL" : "PASS");
  return wrong != 0;
}
