// Host code compiled by the host C++ compiler against the toolkit's headers.
#include "stencil.h"

#include <cuda_runtime.h>

#include <cstdio>

int main() {
  const int n = 1000;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = 1.0f;
  runStencil(in, out, n);
  cudaError_t error = cudaDeviceSynchronize();
  bool ok = error == cudaSuccess && out[0] == 6.0f && out[1] == 8.0f && out[500] == 9.0f &&
            out[n - 1] == 6.0f;
  std::printf("stencil %g %g %g %g: %s\n", out[0], out[1], out[500], out[n - 1],
              ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
