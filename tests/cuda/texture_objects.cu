// Texture objects over linear and pitched 2D memory: tex1Dfetch reads elements (zero outside
// the resource), tex2D samples the nearest texel with border, clamp and (normalised) wrap
// addressing, the descriptors read back as given, and what Drawbridge cannot sample (linear
// filtering, normalised-float reads, CUDA arrays) is refused at creation with
// cudaErrorNotSupported rather than read wrongly.
// RUN: %nvcc -arch=sm_80 %s -o %t
// RUN: %t 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: PASS
// ERR: drawbridge: cudaCreateTextureObject: linear filtering (cudaFilterModeLinear): not supported
// yet
#include "Inputs/expect.h"

#include <cstdio>
#include <cstring>

__global__ void fetch1D(cudaTextureObject_t ints, cudaTextureObject_t quads, int *out,
                        float4 *outQuads, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n + 8) {
    out[i] = tex1Dfetch<int>(ints, i - 4); // four before and four after the resource
    tex1Dfetch(&outQuads[i], quads, i - 4);
  }
}

__global__ void sample2D(cudaTextureObject_t texture, float *out, int width, int height,
                         int normalized) {
  int x = threadIdx.x, y = blockIdx.x;
  // Texel centres, shifted two texels left and up so the edges are crossed.
  float u = x - 2 + 0.5f, v = y - 2 + 0.5f;
  if (normalized) {
    u /= width;
    v /= height;
  }
  out[y * blockDim.x + x] = tex2D<float>(texture, u, v);
}

int main() {
  const int n = 100;
  int *ints;
  float4 *quads;
  cudaMalloc(&ints, n * sizeof(int));
  cudaMalloc(&quads, n * sizeof(float4));
  int hostInts[n];
  float4 hostQuads[n];
  for (int i = 0; i < n; ++i) {
    hostInts[i] = 3 * i + 1;
    hostQuads[i] = make_float4(i, -i, 0.5f * i, 7);
  }
  cudaMemcpy(ints, hostInts, sizeof hostInts, cudaMemcpyHostToDevice);
  cudaMemcpy(quads, hostQuads, sizeof hostQuads, cudaMemcpyHostToDevice);

  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = ints;
  res.res.linear.desc = cudaCreateChannelDesc<int>();
  res.res.linear.sizeInBytes = n * sizeof(int);
  cudaTextureDesc tex;
  memset(&tex, 0, sizeof tex);
  tex.readMode = cudaReadModeElementType;
  cudaTextureObject_t intTexture = 0, quadTexture = 0;
  EXPECT_TRUE(cudaCreateTextureObject(&intTexture, &res, &tex, nullptr) == cudaSuccess);
  res.res.linear.devPtr = quads;
  res.res.linear.desc = cudaCreateChannelDesc<float4>();
  res.res.linear.sizeInBytes = n * sizeof(float4);
  EXPECT_TRUE(cudaCreateTextureObject(&quadTexture, &res, &tex, nullptr) == cudaSuccess);
  EXPECT_TRUE(res.res.linear.desc.x == 32 && res.res.linear.desc.w == 32 &&
              res.res.linear.desc.f == cudaChannelFormatKindFloat);

  int *out;
  float4 *outQuads;
  cudaMallocManaged(&out, (n + 8) * sizeof(int));
  cudaMallocManaged(&outQuads, (n + 8) * sizeof(float4));
  fetch1D<<<1, 128>>>(intTexture, quadTexture, out, outQuads, n);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess);
  for (int i = 0; i < n + 8; ++i) {
    int j = i - 4;
    bool inside = j >= 0 && j < n;
    EXPECT_TRUE(out[i] == (inside ? 3 * j + 1 : 0));
    EXPECT_TRUE(outQuads[i].x == (inside ? j : 0) && outQuads[i].w == (inside ? 7 : 0));
  }

  cudaResourceDesc back;
  EXPECT_TRUE(cudaGetTextureObjectResourceDesc(&back, quadTexture) == cudaSuccess);
  EXPECT_TRUE(back.resType == cudaResourceTypeLinear && back.res.linear.devPtr == quads &&
              back.res.linear.sizeInBytes == n * sizeof(float4));
  cudaTextureDesc backTex;
  EXPECT_TRUE(cudaGetTextureObjectTextureDesc(&backTex, intTexture) == cudaSuccess);
  EXPECT_TRUE(backTex.readMode == cudaReadModeElementType);
  EXPECT_TRUE(cudaDestroyTextureObject(intTexture) == cudaSuccess);
  EXPECT_TRUE(cudaDestroyTextureObject(intTexture) == cudaErrorInvalidValue);
  EXPECT_TRUE(cudaGetLastError() == cudaErrorInvalidValue);
  EXPECT_TRUE(cudaDestroyTextureObject(quadTexture) == cudaSuccess);

  // A pitched 6 x 4 image of floats, sampled on an 10 x 8 grid around it.
  const int width = 6, height = 4;
  float *image;
  size_t pitch;
  cudaMallocPitch(&image, &pitch, width * sizeof(float), height);
  float host[height][width];
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      host[y][x] = 10 * y + x;
  cudaMemcpy2D(image, pitch, host, width * sizeof(float), width * sizeof(float), height,
               cudaMemcpyHostToDevice);
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypePitch2D;
  res.res.pitch2D.devPtr = image;
  res.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  res.res.pitch2D.width = width;
  res.res.pitch2D.height = height;
  res.res.pitch2D.pitchInBytes = pitch;
  float *samples;
  cudaMallocManaged(&samples, 10 * 8 * sizeof(float));
  const cudaTextureAddressMode modes[] = {cudaAddressModeBorder, cudaAddressModeClamp,
                                          cudaAddressModeWrap};
  for (cudaTextureAddressMode mode : modes) {
    memset(&tex, 0, sizeof tex);
    tex.addressMode[0] = tex.addressMode[1] = mode;
    tex.normalizedCoords = mode == cudaAddressModeWrap;
    cudaTextureObject_t texture;
    EXPECT_TRUE(cudaCreateTextureObject(&texture, &res, &tex, nullptr) == cudaSuccess);
    sample2D<<<8, 10>>>(texture, samples, width, height, tex.normalizedCoords);
    EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess);
    for (int gy = 0; gy < 8; ++gy)
      for (int gx = 0; gx < 10; ++gx) {
        int x = gx - 2, y = gy - 2;
        float want;
        if (mode == cudaAddressModeBorder)
          want = x >= 0 && x < width && y >= 0 && y < height ? host[y][x] : 0;
        else if (mode == cudaAddressModeClamp)
          want = host[y < 0         ? 0
                      : y >= height ? height - 1
                                    : y][x < 0        ? 0
                                         : x >= width ? width - 1
                                                      : x];
        else
          want = host[(y + height) % height][(x + width) % width];
        EXPECT_TRUE(samples[gy * 10 + gx] == want);
      }
    EXPECT_TRUE(cudaDestroyTextureObject(texture) == cudaSuccess);
  }

  // Refused: linear filtering, normalised-float reads, arrays, missing pointers.
  cudaTextureObject_t refused;
  memset(&tex, 0, sizeof tex);
  tex.filterMode = cudaFilterModeLinear;
  EXPECT_TRUE(cudaCreateTextureObject(&refused, &res, &tex, nullptr) == cudaErrorNotSupported);
  tex.filterMode = cudaFilterModePoint;
  tex.readMode = cudaReadModeNormalizedFloat;
  EXPECT_TRUE(cudaCreateTextureObject(&refused, &res, &tex, nullptr) == cudaErrorNotSupported);
  tex.readMode = cudaReadModeElementType;
  res.resType = cudaResourceTypeArray;
  EXPECT_TRUE(cudaCreateTextureObject(&refused, &res, &tex, nullptr) == cudaErrorNotSupported);
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = nullptr;
  EXPECT_TRUE(cudaCreateTextureObject(&refused, &res, &tex, nullptr) == cudaErrorInvalidValue);
  cudaGetLastError();

  printf("%s\n", failures ? "FAILED" : "PASS");
  return failures != 0;
}
