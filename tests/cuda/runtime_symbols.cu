// __constant__, __device__ and __managed__ variables from the host: cudaMemcpyToSymbol and
// cudaMemcpyFromSymbol (with offsets, device-to-device, async on a stream), initial values,
// cudaGetSymbolAddress/cudaGetSymbolSize, a host variable -> cudaErrorInvalidSymbol, a count
// or offset past the end -> cudaErrorInvalidValue, a wrong direction ->
// cudaErrorInvalidMemcpyDirection.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>

#include "Inputs/expect.h"

struct Params {
  int scale;
  float bias;
  char tag[8];
};

__constant__ int coef[16];
__constant__ Params params;
__device__ float table[32];
__device__ int initialised[4] = {11, 22, 33, 44};
__device__ double counter;
__managed__ int managedValue = 5;

int hostOnly[16];

__global__ void readConstants(int *out) {
  int i = threadIdx.x;
  out[i] = coef[i] * params.scale + (int)params.bias + params.tag[i % 8];
}

__global__ void doubleTable() {
  int i = threadIdx.x;
  table[i] *= 2.0f;
}

__global__ void bumpCounter() { counter += 1.5; }

__global__ void readInitialised(int *out) { out[threadIdx.x] = initialised[threadIdx.x]; }

__global__ void addManaged(int v) { managedValue += v; }

__global__ void viaPointer(float *p) { p[threadIdx.x] += 100.0f; }

int main() {
  // __constant__ array and struct.
  int c[16];
  for (int i = 0; i < 16; ++i)
    c[i] = i + 1;
  EXPECT_OK(cudaMemcpyToSymbol(coef, c, sizeof c));
  Params p = {3, 0.5f, {1, 2, 3, 4, 5, 6, 7, 8}};
  EXPECT_OK(cudaMemcpyToSymbol(params, &p, sizeof p));
  int *out;
  EXPECT_OK(cudaMallocManaged(&out, 32 * sizeof(int)));
  readConstants<<<1, 16>>>(out);
  EXPECT_OK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < 16; ++i)
    wrong += out[i] != (i + 1) * 3 + 0 + p.tag[i % 8];
  EXPECT_TRUE(wrong == 0, "%d constants read wrong", wrong);

  // Offsets: replace coef[8..11] only.
  int four[4] = {-1, -2, -3, -4};
  EXPECT_OK(cudaMemcpyToSymbol(coef, four, sizeof four, 8 * sizeof(int)));
  int back[16] = {};
  EXPECT_OK(cudaMemcpyFromSymbol(back, coef, sizeof back));
  wrong = 0;
  for (int i = 0; i < 16; ++i)
    wrong += back[i] != (i >= 8 && i < 12 ? -(i - 7) : i + 1);
  EXPECT_TRUE(wrong == 0, "%d elements wrong after copying to coef at an offset", wrong);
  int two[2] = {};
  EXPECT_OK(cudaMemcpyFromSymbol(two, coef, sizeof two, 10 * sizeof(int)));
  EXPECT_TRUE(two[0] == -3 && two[1] == -4, "from coef+10: %d %d", two[0], two[1]);
  // A field of the struct by offset.
  float bias = 0;
  EXPECT_OK(cudaMemcpyFromSymbol(&bias, params, sizeof bias, offsetof(Params, bias)));
  EXPECT_TRUE(bias == 0.5f, "params.bias read back as %f", bias);

  // __device__ array written by the host, changed by a kernel, read back.
  float t[32];
  for (int i = 0; i < 32; ++i)
    t[i] = i * 0.25f;
  EXPECT_OK(cudaMemcpyToSymbol(table, t, sizeof t, 0, cudaMemcpyHostToDevice));
  doubleTable<<<1, 32>>>();
  float tb[32] = {};
  EXPECT_OK(cudaMemcpyFromSymbol(tb, table, sizeof tb, 0, cudaMemcpyDeviceToHost));
  wrong = 0;
  for (int i = 0; i < 32; ++i)
    wrong += tb[i] != i * 0.5f;
  EXPECT_TRUE(wrong == 0, "%d table elements wrong", wrong);

  // Initial values are visible before any copy.
  int init[4] = {};
  EXPECT_OK(cudaMemcpyFromSymbol(init, initialised, sizeof init));
  EXPECT_TRUE(init[0] == 11 && init[1] == 22 && init[2] == 33 && init[3] == 44,
              "initialised = {%d, %d, %d, %d}", init[0], init[1], init[2], init[3]);
  readInitialised<<<1, 4>>>(out);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(out[0] == 11 && out[3] == 44, "kernel read initialised as %d..%d", out[0], out[3]);

  // Scalar __device__ variable.
  double zero = 0;
  EXPECT_OK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));
  for (int i = 0; i < 4; ++i)
    bumpCounter<<<1, 1>>>();
  double cv = 0;
  EXPECT_OK(cudaMemcpyFromSymbol(&cv, counter, sizeof cv));
  EXPECT_TRUE(cv == 6.0, "counter %f, expected 6", cv);

  // Address and size.
  float *tableAddr = nullptr;
  size_t size = 0;
  EXPECT_OK(cudaGetSymbolAddress((void **)&tableAddr, table));
  EXPECT_OK(cudaGetSymbolSize(&size, table));
  EXPECT_TRUE(size == sizeof(float) * 32, "size of table %zu", size);
  EXPECT_OK(cudaGetSymbolSize(&size, params));
  EXPECT_TRUE(size == sizeof(Params), "size of params %zu", size);
  EXPECT_OK(cudaGetSymbolSize(&size, counter));
  EXPECT_TRUE(size == sizeof(double), "size of counter %zu", size);
  void *coefAddr = nullptr;
  EXPECT_OK(cudaGetSymbolAddress(&coefAddr, coef));
  EXPECT_TRUE(coefAddr != nullptr, "no address for a __constant__ variable");
  // The address is device memory, usable by kernels and copies.
  {
    cudaPointerAttributes a;
    EXPECT_OK(cudaPointerGetAttributes(&a, tableAddr));
    EXPECT_TRUE(a.type == cudaMemoryTypeDevice, "symbol address has memory type %d", (int)a.type);
  }
  viaPointer<<<1, 32>>>(tableAddr);
  float viaCopy[32] = {};
  EXPECT_OK(cudaMemcpy(viaCopy, tableAddr, sizeof viaCopy, cudaMemcpyDeviceToHost));
  EXPECT_TRUE(viaCopy[3] == 1.5f + 100.0f, "table[3] via the symbol address: %f", viaCopy[3]);
  EXPECT_OK(cudaMemcpyFromSymbol(tb, table, sizeof tb));
  EXPECT_TRUE(tb[31] == 15.5f + 100.0f, "table[31] via the symbol: %f", tb[31]);

  // Device-to-device to and from symbols.
  float *dbuf;
  EXPECT_OK(cudaMalloc(&dbuf, sizeof t));
  EXPECT_OK(cudaMemcpy(dbuf, t, sizeof t, cudaMemcpyHostToDevice));
  EXPECT_OK(cudaMemcpyToSymbol(table, dbuf, sizeof t, 0, cudaMemcpyDeviceToDevice));
  EXPECT_OK(cudaMemset(dbuf, 0, sizeof t));
  EXPECT_OK(cudaMemcpyFromSymbol(dbuf, table, 16 * sizeof(float), 16 * sizeof(float),
                                 cudaMemcpyDeviceToDevice));
  EXPECT_OK(cudaMemcpy(tb, dbuf, sizeof tb, cudaMemcpyDeviceToHost));
  EXPECT_TRUE(tb[0] == t[16] && tb[15] == t[31] && tb[16] == 0.0f,
              "device-to-device symbol copies: %f %f %f", tb[0], tb[15], tb[16]);

  // Async versions, ordered on a stream.
  cudaStream_t s;
  EXPECT_OK(cudaStreamCreate(&s));
  int *pinned;
  EXPECT_OK(cudaMallocHost(&pinned, 16 * sizeof(int)));
  for (int i = 0; i < 16; ++i)
    pinned[i] = 100 + i;
  EXPECT_OK(cudaMemcpyToSymbolAsync(coef, pinned, 16 * sizeof(int), 0, cudaMemcpyHostToDevice, s));
  EXPECT_OK(
      cudaMemcpyToSymbolAsync(coef, pinned, 2 * sizeof(int), 14 * sizeof(int), cudaMemcpyDefault, s));
  readConstants<<<1, 16, 0, s>>>(out);
  int *pinnedBack;
  EXPECT_OK(cudaMallocHost(&pinnedBack, 16 * sizeof(int)));
  EXPECT_OK(cudaMemcpyFromSymbolAsync(pinnedBack, coef, 16 * sizeof(int), 0,
                                      cudaMemcpyDeviceToHost, s));
  EXPECT_OK(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < 16; ++i) {
    int want = i < 14 ? 100 + i : 100 + (i - 14);
    wrong += pinnedBack[i] != want;
    wrong += out[i] != want * 3 + p.tag[i % 8];
  }
  EXPECT_TRUE(wrong == 0, "%d values wrong after the async symbol copies", wrong);

  // __managed__ variables are host-accessible directly.
  EXPECT_TRUE(managedValue == 5, "managedValue starts as %d", managedValue);
  managedValue = 10;
  addManaged<<<1, 1>>>(7);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(managedValue == 17, "managedValue %d after the kernel, expected 17", managedValue);

  // Errors.
  EXPECT_ERR(cudaMemcpyToSymbol(hostOnly, c, sizeof c), cudaErrorInvalidSymbol);
  EXPECT_ERR(cudaMemcpyFromSymbol(c, hostOnly, sizeof c), cudaErrorInvalidSymbol);
  void *addr;
  EXPECT_ERR(cudaGetSymbolAddress(&addr, hostOnly), cudaErrorInvalidSymbol);
  EXPECT_ERR(cudaGetSymbolSize(&size, hostOnly), cudaErrorInvalidSymbol);
  EXPECT_ERR(cudaGetSymbolAddress(&addr, (const void *)nullptr), cudaErrorInvalidSymbol);
  int big[17] = {};
  EXPECT_ERR(cudaMemcpyToSymbol(coef, big, sizeof big), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyToSymbol(coef, big, 2 * sizeof(int), 15 * sizeof(int)),
             cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyFromSymbol(big, coef, sizeof(int), 16 * sizeof(int)),
             cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyToSymbolAsync(coef, big, sizeof big, 0, cudaMemcpyHostToDevice, s),
             cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpyToSymbol(coef, c, sizeof c, 0, cudaMemcpyDeviceToHost),
             cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaMemcpyFromSymbol(c, coef, sizeof c, 0, cudaMemcpyHostToDevice),
             cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();
  // The failed copies changed nothing.
  EXPECT_OK(cudaMemcpyFromSymbol(back, coef, sizeof back));
  EXPECT_TRUE(back[0] == 100 && back[15] == 101, "coef changed by a failed copy: %d %d", back[0],
              back[15]);

  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaFreeHost(pinned));
  EXPECT_OK(cudaFreeHost(pinnedBack));
  EXPECT_OK(cudaFree(dbuf));
  EXPECT_OK(cudaFree(out));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
