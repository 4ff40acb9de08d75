// A uniform inner loop run in lockstep (a barrier on its back edge, LockstepUniformLoops) has
// its thread loop vectorised 16 lanes wide, as n-body's walk over a shared tile: the cost
// model alone picks 8. A lockstepped loop that cannot be vectorised (atomics under a branch)
// stays scalar without a word to the user.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/lockstep_loops.o --keep --keep-dir %t
// RUN: %device %t/lockstep_loops.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 -pass-remarks=loop-vectorize 2>&1 | FileCheck %s
// RUN: %device %t/lockstep_loops.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// CHECK: remark: _Z5forcePK6float4PS_i.region{{[0-9]+}}: vectorized loop (vectorization width: 16,
// QUIET-NOT: remark

__global__ void force(const float4 *bodies, float4 *accel, int n) {
  __shared__ float4 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = bodies[i];
  float ax = 0, ay = 0, az = 0;
  for (int start = 0; start < n; start += blockDim.x) {
    tile[threadIdx.x] = bodies[start + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < blockDim.x; ++j) {
      float dx = tile[j].x - me.x, dy = tile[j].y - me.y, dz = tile[j].z - me.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-9f);
      float s = tile[j].w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  accel[i] = make_float4(ax, ay, az, 0);
}

__global__ void countOdd(const int *in, int *counts, int n) {
  for (int j = 0; j < n; ++j) {
    int v = in[j * blockDim.x + threadIdx.x];
    if (v & 1) {
      atomicAdd(&counts[v & 63], 1);
      atomicAdd(&counts[(v >> 6) & 63], 1);
      atomicAdd(&counts[(v >> 12) & 63], v);
    }
  }
}
