// Virtual functions in device code: objects constructed in device code (placement new into a
// per-thread buffer and into device malloc memory) are called through base-class pointers and references,
// including a virtual destructor and a pure virtual interface.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <new>

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual float area() const = 0;
  __device__ virtual int sides() const { return 0; }
};
struct Rect : Shape {
  float w, h;
  __device__ Rect(float w_, float h_) : w(w_), h(h_) {}
  __device__ float area() const override { return w * h; }
  __device__ int sides() const override { return 4; }
};
struct Square : Rect {
  __device__ explicit Square(float s) : Rect(s, s) {}
  __device__ int sides() const override { return 40; } // distinguishes Square from Rect
};
struct Tri : Shape {
  float b, h;
  __device__ Tri(float b_, float h_) : b(b_), h(h_) {}
  __device__ float area() const override { return 0.5f * b * h; }
  __device__ int sides() const override { return 3; }
};

__device__ float describe(const Shape &s) { return s.area() * 1000 + s.sides(); }

__global__ void shapes(float *out) {
  int t = threadIdx.x;
  alignas(16) unsigned char buf[64];
  Shape *s;
  switch (t % 3) {
  case 0: s = new (buf) Rect(t, 2); break;
  case 1: s = new (buf) Square(t); break;
  default: s = new (buf) Tri(t, 4); break;
  }
  out[t] = describe(*s);
  s->~Shape();
  void *mem = malloc(64);
  Shape *h = (t & 1) ? (Shape *)new (mem) Tri(2, t) : (Shape *)new (mem) Rect(1, t);
  out[64 + t] = describe(*h);
  h->~Shape();
  free(mem);
}

int main() {
  float *out;
  cudaMallocManaged(&out, 128 * sizeof(float));
  shapes<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int t = 0; t < 64; ++t) {
    float w0 = t % 3 == 0 ? t * 2.0f * 1000 + 4 : t % 3 == 1 ? (float)t * t * 1000 + 40 : 0.5f * t * 4 * 1000 + 3;
    float w1 = (t & 1) ? 0.5f * 2 * t * 1000 + 3 : 1.0f * t * 1000 + 4;
    if (out[t] != w0 && failures++ < 10) printf("thread %d: %g, expected %g\n", t, out[t], w0);
    if (out[64 + t] != w1 && failures++ < 10) printf("thread %d (heap): %g, expected %g\n", t, out[64 + t], w1);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
