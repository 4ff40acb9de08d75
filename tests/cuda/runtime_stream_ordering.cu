// Work on one stream runs in issue order (a chain of kernels each reading the previous one's
// result, interleaved with async copies, host functions and callbacks), and
// cudaStreamWaitEvent makes one stream wait for an event recorded on another, held back by a
// host-side gate so the wait is observable. A callback gets the stream and cudaSuccess.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "Inputs/expect.h"

struct Gate {
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
  void release() {
    std::lock_guard<std::mutex> l(m);
    open = true;
    cv.notify_all();
  }
};
static void CUDART_CB waitForGate(void *p) {
  Gate *g = (Gate *)p;
  std::unique_lock<std::mutex> l(g->m);
  g->cv.wait_for(l, std::chrono::seconds(10), [&] { return g->open; });
}

// Each step: out[i] = f(out[i-1]), so any reordering changes the result.
__global__ void step(unsigned *chain, int i) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    chain[i] = chain[i - 1] * 31 + i;
}

__global__ void addAll(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += v;
}

// Host-side log of the order in which host functions, callbacks and kernels were seen.
static std::mutex logMutex;
static std::vector<int> order;
static int *deviceMark; // managed; kernels bump it
static void CUDART_CB logHost(void *p) {
  std::lock_guard<std::mutex> l(logMutex);
  order.push_back((int)(size_t)p * 1000 + *deviceMark);
}
static cudaStream_t callbackStream;
static std::atomic<int> callbackErrors{0};
static void CUDART_CB logCallback(cudaStream_t s, cudaError_t status, void *p) {
  if (s != callbackStream || status != cudaSuccess)
    ++callbackErrors;
  logHost(p);
}
__global__ void bump(int *mark) { *mark += 1; }

int main() {
  cudaStream_t s, t;
  EXPECT_OK(cudaStreamCreate(&s));
  EXPECT_OK(cudaStreamCreateWithFlags(&t, cudaStreamNonBlocking));

  // A chain of 200 dependent kernels on one stream.
  const int steps = 200;
  unsigned *chain;
  EXPECT_OK(cudaMallocManaged(&chain, (steps + 1) * sizeof(unsigned)));
  chain[0] = 7;
  EXPECT_OK(cudaDeviceSynchronize());
  for (int i = 1; i <= steps; ++i)
    step<<<4, 64, 0, s>>>(chain, i);
  EXPECT_OK(cudaStreamSynchronize(s));
  unsigned want = 7;
  int wrong = 0;
  for (int i = 1; i <= steps; ++i) {
    want = want * 31 + i;
    wrong += chain[i] != want;
  }
  EXPECT_TRUE(wrong == 0, "%d links of the kernel chain wrong", wrong);

  // Copies and kernels interleaved on one stream.
  const int n = 5000;
  int *d, *h;
  EXPECT_OK(cudaMalloc(&d, n * sizeof(int)));
  EXPECT_OK(cudaMallocHost(&h, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    h[i] = i;
  EXPECT_OK(cudaMemcpyAsync(d, h, n * sizeof(int), cudaMemcpyHostToDevice, s));
  for (int r = 1; r <= 10; ++r)
    addAll<<<(n + 255) / 256, 256, 0, s>>>(d, n, r);
  EXPECT_OK(cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  EXPECT_OK(cudaMemsetAsync(d, 0, n * sizeof(int), s));
  addAll<<<(n + 255) / 256, 256, 0, s>>>(d, n, 1);
  EXPECT_OK(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != i + 55;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after copies and kernels on one stream", wrong);

  // Host functions and callbacks run in stream order, between the kernels around them.
  EXPECT_OK(cudaMallocManaged(&deviceMark, sizeof(int)));
  *deviceMark = 0;
  EXPECT_OK(cudaDeviceSynchronize());
  callbackStream = s;
  bump<<<1, 1, 0, s>>>(deviceMark);
  EXPECT_OK(cudaLaunchHostFunc(s, logHost, (void *)1));
  bump<<<1, 1, 0, s>>>(deviceMark);
  EXPECT_OK(cudaStreamAddCallback(s, logCallback, (void *)2, 0));
  bump<<<1, 1, 0, s>>>(deviceMark);
  bump<<<1, 1, 0, s>>>(deviceMark);
  EXPECT_OK(cudaLaunchHostFunc(s, logHost, (void *)3));
  EXPECT_OK(cudaStreamAddCallback(s, logCallback, (void *)4, 0));
  bump<<<1, 1, 0, s>>>(deviceMark);
  EXPECT_OK(cudaStreamSynchronize(s));
  {
    std::lock_guard<std::mutex> l(logMutex);
    std::vector<int> expected = {1001, 2002, 3004, 4004};
    EXPECT_TRUE(order == expected, "host function/callback log has %zu entries (first %d)",
                order.size(), order.empty() ? -1 : order[0]);
    for (size_t i = 0; i < order.size() && i < expected.size(); ++i)
      EXPECT_TRUE(order[i] == expected[i], "entry %zu is %d, expected %d", i, order[i],
                  expected[i]);
  }
  EXPECT_TRUE(callbackErrors == 0, "%d callbacks got the wrong stream or status",
              callbackErrors.load());
  EXPECT_TRUE(*deviceMark == 5, "mark %d after five kernels", *deviceMark);
  EXPECT_ERR(cudaStreamAddCallback(s, logCallback, nullptr, 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaLaunchHostFunc(s, nullptr, nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  // cudaStreamWaitEvent: t waits for an event recorded on s behind a gate.
  int *v;
  EXPECT_OK(cudaMallocManaged(&v, 2 * sizeof(int)));
  v[0] = v[1] = 0;
  EXPECT_OK(cudaDeviceSynchronize());
  cudaEvent_t e;
  EXPECT_OK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  Gate gate;
  EXPECT_OK(cudaLaunchHostFunc(s, waitForGate, &gate));
  addAll<<<1, 1, 0, s>>>(v, 1, 10);
  EXPECT_OK(cudaEventRecord(e, s));
  EXPECT_OK(cudaStreamWaitEvent(t, e, 0));
  // Recording e again after the wait was queued does not change what t waits for.
  EXPECT_OK(cudaEventRecord(e, s));
  addAll<<<1, 1, 0, t>>>(v + 1, 1, 1); // must see the gate open first
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_ERR(cudaStreamQuery(t), cudaErrorNotReady);
  EXPECT_TRUE(v[1] == 0, "the waiting stream ran before the event (v[1] = %d)", v[1]);
  gate.release();
  EXPECT_OK(cudaStreamSynchronize(t));
  EXPECT_TRUE(v[0] == 10 && v[1] == 1, "after the wait: v = {%d, %d}", v[0], v[1]);

  // Waiting for an event that was never recorded is a no-op.
  cudaEvent_t never;
  EXPECT_OK(cudaEventCreate(&never));
  EXPECT_OK(cudaStreamWaitEvent(t, never, 0));
  addAll<<<1, 1, 0, t>>>(v + 1, 1, 1);
  EXPECT_OK(cudaStreamSynchronize(t));
  EXPECT_TRUE(v[1] == 2, "after waiting for an unrecorded event: v[1] = %d", v[1]);
  EXPECT_ERR(cudaStreamWaitEvent(t, e, 0x80), cudaErrorInvalidValue);
  cudaGetLastError();

  EXPECT_OK(cudaEventDestroy(e));
  EXPECT_OK(cudaEventDestroy(never));
  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaStreamDestroy(t));
  EXPECT_OK(cudaFree(v));
  EXPECT_OK(cudaFree(d));
  EXPECT_OK(cudaFreeHost(h));
  EXPECT_OK(cudaFree(chain));
  EXPECT_OK(cudaFree(deviceMark));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
