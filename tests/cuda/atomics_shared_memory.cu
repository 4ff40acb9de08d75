// Atomics on __shared__ variables with every thread of the block hitting the same few
// addresses: atomicAdd (int, unsigned, ull, float, double), atomicSub, atomicExch, atomicMin/Max,
// atomicInc, atomicCAS, atomicAnd/Or/Xor. Returned old values must form a valid serialization
// (for +1 increments: a permutation of 0..n-1), also for blocks that are not a multiple of 32.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>
#include <algorithm>

struct Result {
  int addI; unsigned addU; unsigned long long addULL; float addF; double addD; int sub; int exch;
  int mn, mx; unsigned inc; int cas; int andV, orV, xorV;
};

__global__ void sharedAtomics(Result *res, int *oldAdd, int *oldExch, int *oldCas) {
  __shared__ int addI, sub, exch, mn, mx, cas, andV, orV, xorV;
  __shared__ unsigned addU, inc;
  __shared__ unsigned long long addULL;
  __shared__ float addF;
  __shared__ double addD;
  int t = threadIdx.x, n = blockDim.x, b = blockIdx.x;
  if (t == 0) {
    addI = 0; addU = 0; addULL = 0; addF = 0; addD = 0; sub = 1000000; exch = -1; mn = 1 << 30; mx = -(1 << 30);
    inc = 0; cas = 0; andV = -1; orV = 0; xorV = 0;
  }
  __syncthreads();
  oldAdd[b * n + t] = atomicAdd(&addI, 1);
  atomicAdd(&addU, 2u);
  atomicAdd(&addULL, 1ull << 33);
  atomicAdd(&addF, 0.5f);
  atomicAdd(&addD, 0.25);
  atomicSub(&sub, t);
  oldExch[b * n + t] = atomicExch(&exch, t);
  atomicMin(&mn, (t * 37) % 101 - 50);
  atomicMax(&mx, (t * 37) % 101 - 50);
  atomicInc(&inc, 9u);
  // CAS increment: each thread retries until its own increment lands
  int o = cas, assumed;
  do { assumed = o; o = atomicCAS(&cas, assumed, assumed + 1); } while (o != assumed);
  oldCas[b * n + t] = o;
  atomicAnd(&andV, ~(1 << (t % 31)));
  atomicOr(&orV, 1 << (t % 31));
  atomicXor(&xorV, t * 2654435761u);
  __syncthreads();
  if (t == 0) {
    Result r = {addI, addU, addULL, addF, addD, sub, exch, mn, mx, inc, cas, andV, orV, xorV};
    res[b] = r;
  }
}

int main() {
  int failures = 0;
  for (int n : {1, 31, 32, 100, 256, 1000}) {
    const int blocks = 6;
    Result *res;
    int *oa, *oe, *oc;
    cudaMallocManaged(&res, blocks * sizeof(Result));
    cudaMallocManaged(&oa, blocks * n * sizeof(int));
    cudaMallocManaged(&oe, blocks * n * sizeof(int));
    cudaMallocManaged(&oc, blocks * n * sizeof(int));
    sharedAtomics<<<blocks, n>>>(res, oa, oe, oc);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("n=%d: launch failed\n", n); failures++; continue; }
    Result w = {n, 2u * n, (unsigned long long)n << 33, 0.5f * n, 0.25 * n, 1000000 - n * (n - 1) / 2, 0,
                1 << 30, -(1 << 30), (unsigned)(n % 10), n, -1, 0, 0};
    for (int t = 0; t < n; ++t) {
      int v = (t * 37) % 101 - 50;
      w.mn = std::min(w.mn, v); w.mx = std::max(w.mx, v);
      w.andV &= ~(1 << (t % 31)); w.orV |= 1 << (t % 31); w.xorV ^= (int)(t * 2654435761u);
    }
    for (int b = 0; b < blocks; ++b) {
      Result &r = res[b];
      bool ok = r.addI == w.addI && r.addU == w.addU && r.addULL == w.addULL && r.addF == w.addF && r.addD == w.addD &&
                r.sub == w.sub && r.mn == w.mn && r.mx == w.mx && r.inc == w.inc && r.cas == w.cas && r.andV == w.andV &&
                r.orV == w.orV && r.xorV == w.xorV && r.exch >= 0 && r.exch < n;
      if (!ok && failures++ < 10)
        printf("n=%d block %d: add %d/%u/%llu/%g/%g sub %d min %d max %d inc %u cas %d and %#x or %#x xor %#x exch %d\n", n, b,
               r.addI, r.addU, r.addULL, r.addF, r.addD, r.sub, r.mn, r.mx, r.inc, r.cas, r.andV, r.orV, r.xorV, r.exch);
      std::vector<int> a(oa + b * n, oa + (b + 1) * n), c(oc + b * n, oc + (b + 1) * n), e(oe + b * n, oe + (b + 1) * n);
      std::sort(a.begin(), a.end());
      std::sort(c.begin(), c.end());
      e.push_back(r.exch);
      std::sort(e.begin(), e.end());
      for (int i = 0; i < n; ++i) {
        if (a[i] != i) { if (failures++ < 10) printf("n=%d block %d: atomicAdd old values not a permutation\n", n, b); break; }
        if (c[i] != i) { if (failures++ < 10) printf("n=%d block %d: atomicCAS old values not a permutation\n", n, b); break; }
      }
      for (int i = 0; i <= n; ++i)
        if (e[i] != i - 1) { if (failures++ < 10) printf("n=%d block %d: atomicExch values not a chain\n", n, b); break; }
    }
    cudaFree(res); cudaFree(oa); cudaFree(oe); cudaFree(oc);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
