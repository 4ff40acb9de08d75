// Values that look uniform but differ per thread or per warp, kept live across __syncthreads():
// atomicAdd tickets with a uniform address and operand, __ballot_sync/__reduce_add_sync/
// __match_any_sync results (uniform per warp, not per block), shuffles with uniform operands,
// loads through a per-thread index table, per-thread malloc results, a value selected by a
// data-dependent branch, and a block-uniform __syncthreads_count result.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>
#include <algorithm>

#define FULL 0xffffffffu
#define NOUT 9

__global__ void traps(const int *table, int *out) {
  __shared__ int counter;
  __shared__ int s[256];
  int t = threadIdx.x, lane = t % 32, w = t / 32;
  if (t == 0) counter = 0;
  __syncthreads();
  int ticket = atomicAdd(&counter, 1);                 // uniform arguments, divergent result
  unsigned ballot = __ballot_sync(FULL, (lane + w) % 3 == 0); // warp-uniform
  unsigned red = __reduce_add_sync(FULL, (unsigned)w * 10 + 1);
  unsigned match = __match_any_sync(FULL, w);
  int shfl = __shfl_sync(FULL, t, 0);                  // warp-uniform (lane 0's t)
  int viaTable = table[t];
  int *heap = (int *)malloc(sizeof(int));
  *heap = t * 3;
  int branchy = (table[t] & 1) ? 7 : 11;
  int cnt = __syncthreads_count(t % 5 == 0);
  s[t] = t;
  __syncthreads();
  int neighbour = s[(t + 1) % blockDim.x];
  __syncthreads();
  s[t] = neighbour;
  __syncthreads();
  int *o = out + t * NOUT;
  o[0] = ticket;
  o[1] = (int)ballot;
  o[2] = (int)red;
  o[3] = (int)match;
  o[4] = shfl;
  o[5] = viaTable;
  o[6] = *heap;
  o[7] = branchy;
  o[8] = cnt * 1000 + s[t];
  free(heap);
}

int main() {
  const int n = 160;
  int *table, *out;
  cudaMallocManaged(&table, n * sizeof(int));
  cudaMallocManaged(&out, n * NOUT * sizeof(int));
  for (int t = 0; t < n; ++t) table[t] = (t * 37 + 11) % 1000;
  traps<<<1, n>>>(table, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  std::vector<int> tickets;
  int cnt = 0;
  for (int t = 0; t < n; ++t) cnt += t % 5 == 0;
  for (int t = 0; t < n; ++t) {
    int lane = t % 32, w = t / 32;
    unsigned ballot = 0;
    for (int l = 0; l < 32; ++l) if ((l + w) % 3 == 0) ballot |= 1u << l;
    int want[NOUT] = {0, (int)ballot, 32 * (w * 10 + 1), -1, t - lane, table[t], t * 3, (table[t] & 1) ? 7 : 11,
                      cnt * 1000 + (t + 1) % n};
    tickets.push_back(out[t * NOUT]);
    for (int k = 1; k < NOUT; ++k)
      if (out[t * NOUT + k] != want[k] && failures++ < 10) printf("thread %d value %d: %d, expected %d\n", t, k, out[t * NOUT + k], want[k]);
  }
  std::sort(tickets.begin(), tickets.end());
  for (int t = 0; t < n; ++t)
    if (tickets[t] != t) { if (failures++ < 10) printf("atomicAdd tickets are not 0..%d (found %d at %d)\n", n - 1, tickets[t], t); break; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
