// Kernels both split_a.cu and split_b.cu instantiate (split_compile.test): the same template
// kernels in two translation units, each compiled in parts.
#pragma once

template <int Step> __global__ void addStep(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += Step;
}

template <int Width> __global__ void sumWarps(const int *data, int *sums) {
  int v = data[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = Width / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset, Width);
  if (threadIdx.x % Width == 0)
    sums[(blockIdx.x * blockDim.x + threadIdx.x) / Width] = v;
}

// Runs addStep<1>, <2>, <3> and sumWarps<Width> on 0..255; returns the sum of the sums.
template <int Width> int runAll() {
  const int n = 256;
  int *data, *sums;
  cudaMallocManaged(&data, n * sizeof(int));
  cudaMallocManaged(&sums, n / Width * sizeof(int));
  for (int i = 0; i < n; ++i)
    data[i] = i;
  addStep<1><<<2, 128>>>(data, n);
  addStep<2><<<2, 128>>>(data, n);
  addStep<3><<<2, 128>>>(data, n);
  sumWarps<Width><<<2, 128>>>(data, sums);
  cudaDeviceSynchronize();
  int total = 0;
  for (int i = 0; i < n / Width; ++i)
    total += sums[i];
  cudaFree(data);
  cudaFree(sums);
  return total;
}
