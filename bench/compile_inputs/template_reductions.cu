// A template-heavy compile input: a block reduction templated on element type, block size and
// whether the length is a power of two, each instantiation unrolling its tree and finishing
// with warp shuffles, and a host dispatcher that instantiates every combination (3 types x 10
// block sizes x 2 = 60 kernels), the way real reduction libraries and samples are written.
// Compile-speed benchmarks compile it; it is not a test.
#include <cstdio>

template <class T> struct Zero {
  __device__ static T value() { return T(0); }
};

template <class T, unsigned BlockSize> __device__ T warpTotal(T sum) {
  for (int offset = (BlockSize < 32 ? BlockSize : 32) / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  return sum;
}

template <class T, unsigned BlockSize, bool LengthIsPow2>
__global__ void blockSums(const T *in, T *out, unsigned n) {
  __shared__ T partial[BlockSize];
  const unsigned tid = threadIdx.x;
  const unsigned gridStride = BlockSize * 2 * gridDim.x;
  T sum = Zero<T>::value();
  for (unsigned i = blockIdx.x * BlockSize * 2 + tid; i < n; i += gridStride) {
    sum += in[i];
    if (LengthIsPow2 || i + BlockSize < n)
      sum += in[i + BlockSize];
  }
  partial[tid] = sum;
  __syncthreads();
  if (BlockSize >= 512 && tid < 256)
    partial[tid] = sum = sum + partial[tid + 256];
  __syncthreads();
  if (BlockSize >= 256 && tid < 128)
    partial[tid] = sum = sum + partial[tid + 128];
  __syncthreads();
  if (BlockSize >= 128 && tid < 64)
    partial[tid] = sum = sum + partial[tid + 64];
  __syncthreads();
  if (tid < 32) {
    if (BlockSize >= 64)
      sum += partial[tid + 32];
    sum = warpTotal<T, BlockSize>(sum);
  }
  if (tid == 0)
    out[blockIdx.x] = sum;
}

template <class T, bool Pow2>
void launchFor(unsigned threads, unsigned blocks, const T *in, T *out, unsigned n) {
  switch (threads) {
  case 512:
    return blockSums<T, 512, Pow2><<<blocks, 512>>>(in, out, n);
  case 256:
    return blockSums<T, 256, Pow2><<<blocks, 256>>>(in, out, n);
  case 128:
    return blockSums<T, 128, Pow2><<<blocks, 128>>>(in, out, n);
  case 64:
    return blockSums<T, 64, Pow2><<<blocks, 64>>>(in, out, n);
  case 32:
    return blockSums<T, 32, Pow2><<<blocks, 32>>>(in, out, n);
  case 16:
    return blockSums<T, 16, Pow2><<<blocks, 16>>>(in, out, n);
  case 8:
    return blockSums<T, 8, Pow2><<<blocks, 8>>>(in, out, n);
  case 4:
    return blockSums<T, 4, Pow2><<<blocks, 4>>>(in, out, n);
  case 2:
    return blockSums<T, 2, Pow2><<<blocks, 2>>>(in, out, n);
  default:
    return blockSums<T, 1, Pow2><<<blocks, 1>>>(in, out, n);
  }
}

template <class T> void reduce(unsigned threads, unsigned blocks, const T *in, T *out, unsigned n) {
  if ((n & (n - 1)) == 0)
    launchFor<T, true>(threads, blocks, in, out, n);
  else
    launchFor<T, false>(threads, blocks, in, out, n);
}

template void reduce<int>(unsigned, unsigned, const int *, int *, unsigned);
template void reduce<float>(unsigned, unsigned, const float *, float *, unsigned);
template void reduce<double>(unsigned, unsigned, const double *, double *, unsigned);
