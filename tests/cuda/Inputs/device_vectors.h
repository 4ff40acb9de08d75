// Copies between std::vector and device memory for the test programs: upload allocates device
// memory for a vector's elements and copies them there; download copies n elements back.
#pragma once

#include <vector>

template <class T> static T *upload(const std::vector<T> &v) {
  T *d = nullptr;
  cudaMalloc(&d, v.size() * sizeof(T) + 1); // + 1: an empty vector still gets an allocation
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

template <class T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}
