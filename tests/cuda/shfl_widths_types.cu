// __shfl_sync/__shfl_up_sync/__shfl_down_sync/__shfl_xor_sync for int, unsigned, float,
// long long, unsigned long long and double with width 1..32, run-time and constant
// arguments, against the PTX ISA shfl.sync source-lane formula: srcLane is taken modulo width
// in the caller's segment, up/down out of the segment and xor into a later segment return the
// caller's own value, xor into an earlier segment reads it (CUDA Programming Guide).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>
#include <vector>

enum { IDX, UP, DOWN, XOR };
#define FULL 0xffffffffu
#define LANE_DEP 1000 // argument computed per lane

__host__ __device__ int laneArg(int arg, int lane, int mode) {
  if (arg != LANE_DEP) return arg;
  return mode == IDX ? (lane * 5 + 3) % 37 : (lane * 3) % 11;
}

template <typename T> __host__ __device__ T valueOf(int g);
template <> __host__ __device__ int valueOf<int>(int g) { return g * 1001 - 40000; }
template <> __host__ __device__ unsigned valueOf<unsigned>(int g) { return 0xfffff000u + g * 77u; }
template <> __host__ __device__ float valueOf<float>(int g) { return g * 1.25f - 33.5f; }
template <> __host__ __device__ long long valueOf<long long>(int g) { return -(long long)(g + 1) * 0x100000003ll; }
template <> __host__ __device__ unsigned long long valueOf<unsigned long long>(int g) { return 0xabcd000000000000ull ^ ((unsigned long long)g << 32) ^ (g * 0x1111u); }
template <> __host__ __device__ double valueOf<double>(int g) { return g * 1e10 + 0.25; }

template <typename T>
__global__ void shuffleRuntime(const int *modes, const int *args, const int *widths, int ncfg, T *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  T v = valueOf<T>(g);
  for (int c = 0; c < ncfg; ++c) {
    int m = modes[c], w = widths[c];
    int a = laneArg(args[c], lane, m);
    T r;
    switch (m) {
    case IDX: r = __shfl_sync(FULL, v, a, w); break;
    case UP: r = __shfl_up_sync(FULL, v, (unsigned)a, w); break;
    case DOWN: r = __shfl_down_sync(FULL, v, (unsigned)a, w); break;
    default: r = __shfl_xor_sync(FULL, v, a, w); break;
    }
    out[c * gridDim.x * blockDim.x + g] = r;
  }
}

// The same operations with compile-time constant arguments (constant folding paths).
#define NCONST 12
template <typename T>
__global__ void shuffleConst(T *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int n = gridDim.x * blockDim.x;
  T v = valueOf<T>(g);
  out[0 * n + g] = __shfl_sync(FULL, v, 0);
  out[1 * n + g] = __shfl_sync(FULL, v, 33, 16);
  out[2 * n + g] = __shfl_sync(FULL, v, -1, 8);
  out[3 * n + g] = __shfl_up_sync(FULL, v, 1);
  out[4 * n + g] = __shfl_up_sync(FULL, v, 3, 4);
  out[5 * n + g] = __shfl_down_sync(FULL, v, 16);
  out[6 * n + g] = __shfl_down_sync(FULL, v, 5, 8);
  out[7 * n + g] = __shfl_xor_sync(FULL, v, 1);
  out[8 * n + g] = __shfl_xor_sync(FULL, v, 8, 8);
  out[9 * n + g] = __shfl_xor_sync(FULL, v, 31, 16);
  out[10 * n + g] = __shfl_down_sync(FULL, v, 2, 2);
  out[11 * n + g] = __shfl_sync(FULL, v, 5, 1);
}
static const int cMode[NCONST] = {IDX, IDX, IDX, UP, UP, DOWN, DOWN, XOR, XOR, XOR, DOWN, IDX};
static const int cArg[NCONST] = {0, 33, -1, 1, 3, 16, 5, 1, 8, 31, 2, 5};
static const int cWidth[NCONST] = {32, 16, 8, 32, 4, 32, 8, 32, 8, 16, 2, 1};

// PTX ISA shfl.sync: c = ((32 - width) << 8) | (up ? 0 : 0x1f).
static int sourceLane(int mode, int lane, int b, int width) {
  int c = ((32 - width) << 8) | (mode == UP ? 0 : 0x1f);
  int bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
  int maxLane = (lane & segmask) | (cval & ~segmask);
  int minLane = lane & segmask;
  int j;
  bool p;
  switch (mode) {
  case UP: j = lane - bval; p = j >= maxLane; break;
  case DOWN: j = lane + bval; p = j <= maxLane; break;
  case XOR: j = lane ^ bval; p = j <= maxLane; break;
  default: j = minLane | (bval & ~segmask); p = j <= maxLane; break;
  }
  return p ? j : lane;
}

static int failures = 0;

template <typename T>
void check(const char *tname, const char *what, int cfg, int mode, int arg, int width, const T *got, int nthreads) {
  for (int g = 0; g < nthreads; ++g) {
    int lane = g % 32, warpBase = g - lane;
    int src = sourceLane(mode, lane, laneArg(arg, lane, mode), width);
    T want = valueOf<T>(warpBase + src);
    if (memcmp(&got[g], &want, sizeof(T)) != 0 && failures++ < 10) {
      static const char *names[] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
      printf("%s %s cfg %d: __%s_sync(arg %d, width %d) thread %d: got %.17g, expected %.17g (lane %d)\n", tname,
             what, cfg, names[mode], arg == LANE_DEP ? laneArg(arg, lane, mode) : arg, width, g, (double)got[g],
             (double)want, src);
    }
  }
}

template <typename T>
void runType(const char *tname) {
  std::vector<int> modes, args, widths;
  for (int w : {1, 2, 4, 8, 16, 32}) {
    for (int a : {0, 1, 3, 7, 15, 31, 32, 35, -1, -3, LANE_DEP}) { modes.push_back(IDX); args.push_back(a); widths.push_back(w); }
    for (int m : {UP, DOWN})
      for (int a : {0, 1, 2, 3, 7, 8, 16, 31, LANE_DEP}) { modes.push_back(m); args.push_back(a); widths.push_back(w); }
    for (int a : {0, 1, 2, 3, 4, 8, 16, 24, 31, 32, LANE_DEP}) { modes.push_back(XOR); args.push_back(a); widths.push_back(w); }
  }
  int ncfg = modes.size();
  const int blocks = 2, threads = 64, n = blocks * threads;
  int *dm, *da, *dw;
  T *out;
  cudaMallocManaged(&dm, ncfg * sizeof(int));
  cudaMallocManaged(&da, ncfg * sizeof(int));
  cudaMallocManaged(&dw, ncfg * sizeof(int));
  cudaMallocManaged(&out, (size_t)ncfg * n * sizeof(T));
  memcpy(dm, modes.data(), ncfg * sizeof(int));
  memcpy(da, args.data(), ncfg * sizeof(int));
  memcpy(dw, widths.data(), ncfg * sizeof(int));
  shuffleRuntime<T><<<blocks, threads>>>(dm, da, dw, ncfg, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("%s: launch failed\n", tname); failures++; return; }
  for (int c = 0; c < ncfg; ++c) check<T>(tname, "runtime", c, modes[c], args[c], widths[c], out + c * n, n);
  shuffleConst<T><<<blocks, threads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("%s: launch failed\n", tname); failures++; return; }
  for (int c = 0; c < NCONST; ++c) check<T>(tname, "constant", c, cMode[c], cArg[c], cWidth[c], out + c * n, n);
  cudaFree(dm); cudaFree(da); cudaFree(dw); cudaFree(out);
}

int main() {
  runType<int>("int");
  runType<unsigned>("unsigned");
  runType<float>("float");
  runType<long long>("long long");
  runType<unsigned long long>("unsigned long long");
  runType<double>("double");
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
