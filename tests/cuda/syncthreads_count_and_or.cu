// __syncthreads_count/_and/_or return the count/AND/OR of the predicate over all threads of
// the block, to every thread, with odd block sizes, in a loop, and with all/none/one true.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// pattern p: 0 all false, 1 all true, 2 only thread 0, 3 only last thread, 4 t % 3 == 0,
// 5 a pseudo-random predicate.
__device__ __host__ int pred(int p, int t, int n, int it) {
  switch (p) {
  case 0: return 0;
  case 1: return 1;
  case 2: return t == 0;
  case 3: return t == n - 1;
  case 4: return t % 3 == 0;
  default: return ((t * 2654435761u + it * 97u) >> 7) & 1;
  }
}

__global__ void votes(int *out, int iters) {
  int t = threadIdx.x, n = blockDim.x;
  for (int it = 0; it < iters; ++it) {
    int p = it % 6;
    int v = pred(p, t, n, it) ? (it + 5) : 0; // any non-zero value counts as true
    int c = __syncthreads_count(v);
    int a = __syncthreads_and(v);
    int o = __syncthreads_or(v);
    int *row = out + (it * n + t) * 3;
    row[0] = c;
    row[1] = a;
    row[2] = o;
  }
}

int main() {
  int failures = 0;
  const int iters = 12;
  for (int n : {1, 5, 32, 33, 77, 256, 1000}) {
    int *out;
    cudaMallocManaged(&out, iters * n * 3 * sizeof(int));
    votes<<<1, n>>>(out, iters);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("n=%d: %s\n", n, cudaGetErrorString(e)); failures++; continue; }
    for (int it = 0; it < iters; ++it) {
      int cnt = 0;
      for (int t = 0; t < n; ++t) cnt += pred(it % 6, t, n, it) != 0;
      for (int t = 0; t < n; ++t) {
        int *row = out + (it * n + t) * 3;
        // _and/_or return non-zero iff the predicate holds for all/any thread.
        bool ok = row[0] == cnt && (row[1] != 0) == (cnt == n) && (row[2] != 0) == (cnt > 0);
        if (!ok && failures++ < 8)
          printf("n=%d it=%d thread %d: count %d and %d or %d; expected count %d and %d or %d\n", n, it, t,
                 row[0], row[1], row[2], cnt, cnt == n, cnt > 0);
      }
    }
    cudaFree(out);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
