// Stream creation and queries: cudaStreamCreateWithFlags/WithPriority (flags and clamped
// priorities read back, cudaDeviceGetStreamPriorityRange), invalid flags, cudaStreamQuery
// returning cudaErrorNotReady while work is pending (held by a host function waiting on a
// host-side gate) and cudaSuccess after, cudaErrorNotReady not becoming the last error, and
// cudaStreamDestroy with work still pending (the work completes).
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "Inputs/expect.h"

// A host function that blocks its stream until the host opens the gate (at most 10 s, so a
// broken runtime fails the test instead of hanging it).
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

// Polls until the stream is idle, for at most 10 s.
static cudaError_t waitIdle(cudaStream_t s) {
  cudaError_t e = cudaErrorNotReady;
  for (int i = 0; i < 10000 && (e = cudaStreamQuery(s)) == cudaErrorNotReady; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return e;
}

__global__ void setValue(int *p, int v) { *p = v; }

int main() {
  int least = 99, greatest = 99;
  EXPECT_OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  // Lower numbers are higher priorities; the default priority 0 is the least.
  EXPECT_TRUE(least == 0 && greatest <= least, "priority range [%d, %d]", least, greatest);
  EXPECT_OK(cudaDeviceGetStreamPriorityRange(nullptr, &greatest));
  EXPECT_OK(cudaDeviceGetStreamPriorityRange(&least, nullptr));

  // Flags and priorities read back.
  cudaStream_t a, b, c, hi, lo, beyond;
  EXPECT_OK(cudaStreamCreate(&a));
  EXPECT_OK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
  EXPECT_OK(cudaStreamCreateWithFlags(&c, cudaStreamDefault));
  EXPECT_OK(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest));
  EXPECT_OK(cudaStreamCreateWithPriority(&lo, cudaStreamDefault, least));
  // Out-of-range priorities are clamped to the range.
  EXPECT_OK(cudaStreamCreateWithPriority(&beyond, cudaStreamDefault, greatest - 100));
  unsigned flags = 99;
  int prio = 99;
  EXPECT_OK(cudaStreamGetFlags(a, &flags));
  EXPECT_TRUE(flags == cudaStreamDefault, "flags of a created stream: 0x%x", flags);
  EXPECT_OK(cudaStreamGetFlags(b, &flags));
  EXPECT_TRUE(flags == cudaStreamNonBlocking, "flags of a non-blocking stream: 0x%x", flags);
  EXPECT_OK(cudaStreamGetPriority(a, &prio));
  EXPECT_TRUE(prio == 0, "priority of a default stream: %d", prio);
  EXPECT_OK(cudaStreamGetPriority(hi, &prio));
  EXPECT_TRUE(prio == greatest, "priority %d, expected %d", prio, greatest);
  EXPECT_OK(cudaStreamGetFlags(hi, &flags));
  EXPECT_TRUE(flags == cudaStreamNonBlocking, "flags of a priority stream: 0x%x", flags);
  EXPECT_OK(cudaStreamGetPriority(lo, &prio));
  EXPECT_TRUE(prio == least, "priority %d, expected %d", prio, least);
  EXPECT_OK(cudaStreamGetPriority(beyond, &prio));
  EXPECT_TRUE(prio == greatest, "priority %d after clamping, expected %d", prio, greatest);
  cudaStream_t above;
  EXPECT_OK(cudaStreamCreateWithPriority(&above, cudaStreamDefault, least + 100));
  EXPECT_OK(cudaStreamGetPriority(above, &prio));
  EXPECT_TRUE(prio == least, "priority %d after clamping, expected %d", prio, least);
  EXPECT_OK(cudaStreamDestroy(above));
  // The NULL stream's priority is the default one.
  EXPECT_OK(cudaStreamGetPriority(0, &prio));
  EXPECT_TRUE(prio == 0, "priority of the NULL stream %d", prio);

  cudaStream_t bad;
  EXPECT_ERR(cudaStreamCreateWithFlags(&bad, 0x10), cudaErrorInvalidValue);
  EXPECT_ERR(cudaStreamCreate(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  // cudaStreamQuery: idle streams are done; a stream held by a gate is not ready.
  EXPECT_OK(cudaStreamQuery(a));
  EXPECT_OK(cudaStreamQuery(0));
  int *v;
  EXPECT_OK(cudaMallocManaged(&v, sizeof(int)));
  *v = 0;
  EXPECT_OK(cudaDeviceSynchronize());
  Gate g1;
  EXPECT_OK(cudaLaunchHostFunc(a, waitForGate, &g1));
  setValue<<<1, 1, 0, a>>>(v, 42);
  EXPECT_ERR(cudaStreamQuery(a), cudaErrorNotReady);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_ERR(cudaStreamQuery(a), cudaErrorNotReady);
  // cudaErrorNotReady is an answer, not an error: it is not recorded as the last error.
  EXPECT_OK(cudaPeekAtLastError());
  EXPECT_OK(cudaGetLastError());
  // Other streams are unaffected.
  EXPECT_OK(cudaStreamQuery(b));
  g1.release();
  EXPECT_OK(waitIdle(a));
  EXPECT_TRUE(*v == 42, "value %d after the stream drained", *v);

  // A kernel eventually completes and the query says so.
  setValue<<<1, 1, 0, c>>>(v, 43);
  EXPECT_OK(waitIdle(c));
  EXPECT_TRUE(*v == 43, "value %d after the query said the stream is done", *v);

  // Destroying a stream with pending work: the call returns at once and the work still runs.
  Gate g2;
  EXPECT_OK(cudaLaunchHostFunc(c, waitForGate, &g2));
  setValue<<<1, 1, 0, c>>>(v, 44);
  EXPECT_OK(cudaStreamDestroy(c));
  EXPECT_TRUE(*v == 43, "the destroyed stream's kernel ran before its gate opened (%d)", *v);
  g2.release();
  // cudaDeviceSynchronize waits for all work on the device, the destroyed stream's included.
  EXPECT_OK(cudaDeviceSynchronize());
  int seen = *v;
  EXPECT_TRUE(seen == 44, "value %d right after cudaDeviceSynchronize, expected 44 (the work of "
              "a destroyed stream was not waited for)", seen);

  EXPECT_OK(cudaStreamDestroy(a));
  EXPECT_OK(cudaStreamDestroy(b));
  EXPECT_OK(cudaStreamDestroy(hi));
  EXPECT_OK(cudaStreamDestroy(lo));
  EXPECT_OK(cudaStreamDestroy(beyond));
  EXPECT_OK(cudaFree(v));
  EXPECT_OK(cudaDeviceSynchronize());
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
