// Trees of full-mask shuffles whose results only some lanes use (`if (lane == 0) out[w] = v`),
// which the CPU lowering computes as vectors of the warp's 32 lanes in those lanes alone: a
// float and a double sum by __shfl_down_sync, an integer and a 64-bit integer max with a uniform bias by __shfl_xor_sync, a sum
// within 8-lane segments read by every eighth lane, and a sum in the first warp alone whose
// result meets the other warps' values before every warp's lane 0 uses it. Blocks of 32, 48,
// 100 and 256 threads, and 2D blocks of 16 x 6 and 20 x 5 whose warps span rows (the last warp of 48 and 100 is partial: a lane whose source is past the
// block keeps its own value, as for every shuffle here). Results must match, bit for bit, the
// same tree worked through on the host. Then trees whose results every lane uses (lane 0
// computes the warp's vectors and hands each lane its values across a warp barrier): each
// lane's partial sums of a down tree, and a butterfly max then sum, softmax's two all-reduces.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

__device__ float floatInput(int i) { return 1.0f / (1 + (i * 7) % 13) + i * 1e-3f; }
__device__ int intInput(int i) { return (i * 37) % 101 - 50; }

__global__ void downSum(float *out, float *inputs) {
  int t = threadIdx.x, lane = t % 32;
  float v = floatInput(blockIdx.x * blockDim.x + t);
  inputs[blockIdx.x * blockDim.x + t] = v; // the host's tree starts from the same bits
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (lane == 0)
    out[blockIdx.x * 32 + t / 32] = v;
}

// The same sum in a 2D block: a warp is 32 consecutive linear indices, across rows.
__global__ void downSum2D(float *out) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  float v = floatInput(blockIdx.x * blockDim.x * blockDim.y + t);
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (t % 32 == 0)
    out[blockIdx.x * 32 + t / 32] = v;
}

__global__ void downSumDouble(double *out, double *inputs) {
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  double v = floatInput(i) * 1.0000001;
  inputs[i] = v;
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (t % 32 == 0)
    out[blockIdx.x * 32 + t / 32] = v;
}

__global__ void xorMaxWide(long long *out) {
  int t = threadIdx.x;
  long long v = (long long)intInput(blockIdx.x * blockDim.x + t) << 33;
  for (int b = 16; b > 0; b /= 2)
    v = max(v, __shfl_xor_sync(0xffffffffu, v, b)) - 1;
  if (t % 32 == 5)
    out[blockIdx.x * 32 + t / 32] = v;
}

__global__ void xorMax(int *out, int bias) {
  int t = threadIdx.x;
  int v = intInput(blockIdx.x * blockDim.x + t);
  for (int b = 1; b < 32; b *= 2)
    v = max(v, __shfl_xor_sync(0xffffffffu, v, b)) + bias;
  if (t % 32 == 3)
    out[blockIdx.x * 32 + t / 32] = v;
}

__global__ void segmentSum(float *out) {
  int t = threadIdx.x;
  float v = floatInput(blockIdx.x * blockDim.x + t);
  for (int d = 4; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d, 8);
  if ((t & 7) == 0)
    out[blockIdx.x * 256 + t / 8] = v;
}

__global__ void firstWarpThenScale(float *out) {
  int t = threadIdx.x;
  float v = floatInput(blockIdx.x * blockDim.x + t);
  if (t < 32)
    for (int d = 16; d > 0; d /= 2)
      v += __shfl_down_sync(0xffffffffu, v, d);
  v = v * 2.0f + 1.0f;
  if (t % 32 == 0)
    out[blockIdx.x * 32 + t / 32] = v;
}

__global__ void everyLaneDown(float *out, const float *inputs) {
  int t = threadIdx.y * blockDim.x + threadIdx.x, i = blockIdx.x * blockDim.x * blockDim.y + t;
  float v = inputs[i];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  out[i] = v;
}

// Whether each lane holds its warp's maximum: a comparison of every lane with the all-reduce.
__global__ void everyLaneIsTop(int *out, const float *inputs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = inputs[i], top = v;
  for (int b = 16; b > 0; b /= 2)
    top = fmaxf(top, __shfl_xor_sync(0xffffffffu, top, b));
  if (v == top) // a branch on the comparison: each lane gets its own bool
    out[i] = 7;
}

// An all-reduce in every round of a grid-stride loop (its warps stay whole: n and the block
// size are multiples of 32).
__global__ void strideAllReduce(float *out, const float *inputs, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = inputs[i];
    for (int b = 16; b > 0; b /= 2)
      v += __shfl_xor_sync(0xffffffffu, v, b);
    out[i] = v * 0.5f;
  }
}

__global__ void everyLaneSoftmax(float *out, const float *inputs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = inputs[i], top = v;
  for (int b = 16; b > 0; b /= 2)
    top = fmaxf(top, __shfl_xor_sync(0xffffffffu, top, b));
  float e = v - top, total = e;
  for (int b = 16; b > 0; b /= 2)
    total += __shfl_xor_sync(0xffffffffu, total, b);
  out[i] = e / total;
}

// The host's shuffle: lane l reads src(l) when that lies in l's segment and in the block.
template <typename T, typename Source>
std::vector<T> shuffled(const std::vector<T> &v, int lanes, int width, Source src) {
  std::vector<T> r(v);
  for (int l = 0; l < lanes; ++l) {
    int s = src(l);
    if (s / width == l / width && s >= 0 && s < lanes)
      r[l] = v[s];
  }
  return r;
}

// The host's `v += __shfl_down_sync(~0u, v, d, width)` for d = from, from / 2, ..., 1.
template <typename T> std::vector<T> downSums(std::vector<T> v, int lanes, int width, int from) {
  for (int d = from; d > 0; d /= 2) {
    std::vector<T> got = shuffled(v, lanes, width, [&](int l) { return l + d; });
    for (int l = 0; l < 32; ++l)
      v[l] += got[l];
  }
  return v;
}

int hostIntInput(int i) { return (i * 37) % 101 - 50; }

int main() {
  const int blocks = 3, sizes[] = {32, 48, 100, 256}, bias = 3;
  float *sums, *segments, *inputs, *scaled;
  double *wideSums, *wideInputs;
  long long *wideMaxes;
  int *maxes;
  cudaMallocManaged(&sums, blocks * 32 * sizeof(float));
  cudaMallocManaged(&segments, blocks * 256 * sizeof(float));
  cudaMallocManaged(&wideSums, blocks * 32 * sizeof(double));
  cudaMallocManaged(&wideInputs, blocks * 256 * sizeof(double));
  cudaMallocManaged(&wideMaxes, blocks * 32 * sizeof(long long));
  cudaMallocManaged(&scaled, blocks * 32 * sizeof(float));
  cudaMallocManaged(&inputs, blocks * 256 * sizeof(float));
  cudaMallocManaged(&maxes, blocks * 32 * sizeof(int));
  int failures = 0;
  for (int threads : sizes) {
    downSum<<<blocks, threads>>>(sums, inputs);
    xorMax<<<blocks, threads>>>(maxes, bias);
    segmentSum<<<blocks, threads>>>(segments);
    firstWarpThenScale<<<blocks, threads>>>(scaled);
    downSumDouble<<<blocks, threads>>>(wideSums, wideInputs);
    xorMaxWide<<<blocks, threads>>>(wideMaxes);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b)
      for (int w = 0; w * 32 < threads; ++w) {
        int lanes = threads - w * 32 < 32 ? threads - w * 32 : 32;
        std::vector<float> f(32);
        std::vector<int> n(32);
        std::vector<double> wide(32);
        std::vector<long long> wideMax(32);
        for (int l = 0; l < lanes; ++l) {
          wide[l] = wideInputs[b * threads + w * 32 + l];
          wideMax[l] = (long long)hostIntInput(b * threads + w * 32 + l) << 33;
          f[l] = inputs[b * threads + w * 32 + l];
          n[l] = hostIntInput(b * threads + w * 32 + l);
        }
        std::vector<float> sum = downSums(f, lanes, 32, 16), seg = downSums(f, lanes, 8, 4);
        wide = downSums(wide, lanes, 32, 16);
        for (int x = 16; x > 0; x /= 2) {
          std::vector<long long> got = shuffled(wideMax, lanes, 32, [&](int l) { return l ^ x; });
          for (int l = 0; l < 32; ++l)
            wideMax[l] = (wideMax[l] > got[l] ? wideMax[l] : got[l]) - 1;
        }
        for (int x = 1; x < 32; x *= 2) {
          std::vector<int> got = shuffled(n, lanes, 32, [&](int l) { return l ^ x; });
          for (int l = 0; l < 32; ++l)
            n[l] = (n[l] > got[l] ? n[l] : got[l]) + bias;
        }
        float gotSum = sums[b * 32 + w];
        if (std::memcmp(&gotSum, &sum[0], sizeof(float)) != 0) {
          printf("FAIL downSum threads %d block %d warp %d: %.9g, want %.9g\n", threads, b, w,
                 gotSum, sum[0]);
          ++failures;
        }
        float wantScaled = (w == 0 ? sum[0] : f[0]) * 2.0f + 1.0f;
        if (std::memcmp(&scaled[b * 32 + w], &wantScaled, sizeof(float)) != 0) {
          printf("FAIL firstWarpThenScale threads %d block %d warp %d: %.9g, want %.9g\n", threads,
                 b, w, scaled[b * 32 + w], wantScaled);
          ++failures;
        }
        if (std::memcmp(&wideSums[b * 32 + w], &wide[0], sizeof(double)) != 0) {
          printf("FAIL downSumDouble threads %d block %d warp %d: %.17g, want %.17g\n", threads,
                 b, w, wideSums[b * 32 + w], wide[0]);
          ++failures;
        }
        if (lanes > 5 && wideMaxes[b * 32 + w] != wideMax[5]) {
          printf("FAIL xorMaxWide threads %d block %d warp %d: %lld, want %lld\n", threads, b, w,
                 wideMaxes[b * 32 + w], wideMax[5]);
          ++failures;
        }
        if (lanes > 3 && maxes[b * 32 + w] != n[3]) {
          printf("FAIL xorMax threads %d block %d warp %d: %d, want %d\n", threads, b, w,
                 maxes[b * 32 + w], n[3]);
          ++failures;
        }
        for (int l = 0; l < lanes; l += 8) {
          float got = segments[b * 256 + (w * 32 + l) / 8];
          if (std::memcmp(&got, &seg[l], sizeof(float)) != 0) {
            printf("FAIL segmentSum threads %d block %d lane %d: %.9g, want %.9g\n", threads, b,
                   w * 32 + l, got, seg[l]);
            ++failures;
          }
        }
      }
  }
  float *everyDown, *everySoftmax;
  int *everyIsTop;
  cudaMallocManaged(&everyIsTop, blocks * 256 * sizeof(int));
  cudaMallocManaged(&everyDown, blocks * 256 * sizeof(float));
  cudaMallocManaged(&everySoftmax, blocks * 256 * sizeof(float));
  for (int threads : sizes) {
    downSum<<<blocks, threads>>>(sums, inputs);
    cudaDeviceSynchronize();
    everyLaneDown<<<blocks, threads>>>(everyDown, inputs);
    everyLaneSoftmax<<<blocks, threads>>>(everySoftmax, inputs);
    cudaMemset(everyIsTop, 0, blocks * 256 * sizeof(int));
    everyLaneIsTop<<<blocks, threads>>>(everyIsTop, inputs);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b)
      for (int w = 0; w * 32 < threads; ++w) {
        int lanes = threads - w * 32 < 32 ? threads - w * 32 : 32;
        const float *in = inputs + b * threads + w * 32;
        std::vector<float> f(in, in + lanes), top;
        f.resize(32);
        std::vector<float> sum = downSums(f, lanes, 32, 16);
        top = f;
        for (int x = 16; x > 0; x /= 2) {
          std::vector<float> got = shuffled(top, lanes, 32, [&](int l) { return l ^ x; });
          for (int l = 0; l < 32; ++l)
            top[l] = std::fmax(top[l], got[l]);
        }
        std::vector<float> e(32), total(32);
        for (int l = 0; l < 32; ++l)
          e[l] = total[l] = f[l] - top[l];
        for (int x = 16; x > 0; x /= 2) {
          std::vector<float> got = shuffled(total, lanes, 32, [&](int l) { return l ^ x; });
          for (int l = 0; l < 32; ++l)
            total[l] += got[l];
        }
        for (int l = 0; l < lanes; ++l) {
          int i = b * threads + w * 32 + l;
          float wantSoftmax = e[l] / total[l];
          if (everyIsTop[i] != (f[l] == top[l] ? 7 : 0)) {
            printf("FAIL everyLaneIsTop, threads %d thread %d: %d\n", threads, i, everyIsTop[i]);
            ++failures;
          }
          if (std::memcmp(&everyDown[i], &sum[l], sizeof(float)) != 0 ||
              std::memcmp(&everySoftmax[i], &wantSoftmax, sizeof(float)) != 0) {
            printf("FAIL every lane, threads %d thread %d: %.9g %.9g, want %.9g %.9g\n",
                   threads, i, everyDown[i], everySoftmax[i], sum[l], wantSoftmax);
            ++failures;
          }
        }
      }
  }
  const dim3 shapes[] = {dim3(16, 6), dim3(20, 5)};
  for (dim3 shape : shapes) {
    int threads = shape.x * shape.y;
    downSum<<<blocks, threads>>>(sums, inputs); // the inputs, in the same linear order
    downSum2D<<<blocks, shape>>>(segments);
    everyLaneDown<<<blocks, shape>>>(everyDown, inputs);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b)
      for (int w = 0; w * 32 < threads; ++w) {
        int lanes = threads - w * 32 < 32 ? threads - w * 32 : 32;
        std::vector<float> f(32);
        for (int l = 0; l < lanes; ++l)
          f[l] = inputs[b * threads + w * 32 + l];
        std::vector<float> sum = downSums(f, lanes, 32, 16);
        for (int l = 0; l < lanes; ++l)
          if (std::memcmp(&everyDown[b * threads + w * 32 + l], &sum[l], sizeof(float)) != 0) {
            printf("FAIL everyLaneDown %d x %d thread %d\n", shape.x, shape.y,
                   b * threads + w * 32 + l);
            ++failures;
          }
        if (std::memcmp(&segments[b * 32 + w], &sum[0], sizeof(float)) != 0) {
          printf("FAIL downSum2D %d x %d block %d warp %d: %.9g, want %.9g\n", shape.x,
                 shape.y, b, w, segments[b * 32 + w], sum[0]);
          ++failures;
        }
      }
  }
  // Two blocks of 64 over 768 values: six rounds each.
  strideAllReduce<<<2, 64>>>(everyDown, inputs, 768);
  cudaDeviceSynchronize();
  for (int w = 0; w < 768 / 32; ++w) {
    std::vector<float> v(inputs + w * 32, inputs + w * 32 + 32);
    for (int x = 16; x > 0; x /= 2) {
      std::vector<float> got = shuffled(v, 32, 32, [&](int l) { return l ^ x; });
      for (int l = 0; l < 32; ++l)
        v[l] += got[l];
    }
    for (int l = 0; l < 32; ++l) {
      float want = v[l] * 0.5f;
      if (std::memcmp(&everyDown[w * 32 + l], &want, sizeof(float)) != 0) {
        printf("FAIL strideAllReduce %d: %.9g, want %.9g\n", w * 32 + l, everyDown[w * 32 + l],
               want);
        ++failures;
      }
    }
  }
  if (failures == 0)
    printf("PASS\n");
  return failures != 0;
}
