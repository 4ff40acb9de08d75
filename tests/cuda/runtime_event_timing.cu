// Events: cudaEventQuery/cudaEventSynchronize on recorded and never-recorded events,
// cudaEventElapsedTime (>= 0, monotonic along a stream, at least the time a stream was held,
// cudaErrorNotReady before completion, cudaErrorInvalidResourceHandle for events created
// with cudaEventDisableTiming or never recorded), re-recording an event (queries then refer
// to the newest record), and bad flags.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

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
static void CUDART_CB sleep50ms(void *) {
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

__global__ void work(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = p[i] * 0.5f + 1.0f;
}

int main() {
  cudaStream_t s;
  EXPECT_OK(cudaStreamCreate(&s));
  float *d;
  const int n = 1 << 16;
  EXPECT_OK(cudaMalloc(&d, n * sizeof(float)));

  // A never-recorded event counts as complete.
  cudaEvent_t fresh;
  EXPECT_OK(cudaEventCreate(&fresh));
  EXPECT_OK(cudaEventQuery(fresh));
  EXPECT_OK(cudaEventSynchronize(fresh));

  // Record, synchronise, time a sequence of kernels.
  cudaEvent_t e0, e1, e2;
  EXPECT_OK(cudaEventCreate(&e0));
  EXPECT_OK(cudaEventCreateWithFlags(&e1, cudaEventDefault));
  EXPECT_OK(cudaEventCreateWithFlags(&e2, cudaEventBlockingSync));
  EXPECT_OK(cudaEventRecord(e0, s));
  for (int i = 0; i < 10; ++i)
    work<<<n / 256, 256, 0, s>>>(d, n);
  EXPECT_OK(cudaEventRecord(e1, s));
  for (int i = 0; i < 10; ++i)
    work<<<n / 256, 256, 0, s>>>(d, n);
  EXPECT_OK(cudaEventRecord(e2, s));
  EXPECT_OK(cudaEventSynchronize(e2));
  EXPECT_OK(cudaEventQuery(e0));
  EXPECT_OK(cudaEventQuery(e1));
  EXPECT_OK(cudaEventQuery(e2));
  float t01 = -1, t02 = -1, t12 = -1, t00 = -1;
  EXPECT_OK(cudaEventElapsedTime(&t01, e0, e1));
  EXPECT_OK(cudaEventElapsedTime(&t02, e0, e2));
  EXPECT_OK(cudaEventElapsedTime(&t12, e1, e2));
  EXPECT_OK(cudaEventElapsedTime(&t00, e0, e0));
  EXPECT_TRUE(t01 >= 0 && t12 >= 0 && t02 >= t01 && t02 >= t12, "times %f %f %f", t01, t12, t02);
  EXPECT_TRUE(t00 == 0, "an event against itself: %f ms", t00);
  EXPECT_TRUE(t02 < 10000, "%f ms for 20 small kernels", t02);

  // The elapsed time covers the time the stream was held (50 ms by a host function).
  EXPECT_OK(cudaEventRecord(e0, s));
  EXPECT_OK(cudaLaunchHostFunc(s, sleep50ms, nullptr));
  EXPECT_OK(cudaEventRecord(e1, s));
  EXPECT_OK(cudaEventSynchronize(e1));
  float held = -1;
  EXPECT_OK(cudaEventElapsedTime(&held, e0, e1));
  EXPECT_TRUE(held >= 45 && held < 5000, "a 50 ms host function took %f ms between events", held);
  // Reversed order gives a negative time.
  float reversed = 1;
  EXPECT_OK(cudaEventElapsedTime(&reversed, e1, e0));
  EXPECT_TRUE(reversed <= -45, "reversed elapsed time %f", reversed);

  // Before completion: query not ready, elapsed time not ready; not the last error.
  Gate g;
  EXPECT_OK(cudaEventRecord(e0, s));
  EXPECT_OK(cudaLaunchHostFunc(s, waitForGate, &g));
  EXPECT_OK(cudaEventRecord(e1, s));
  EXPECT_ERR(cudaEventQuery(e1), cudaErrorNotReady);
  float t = -1;
  EXPECT_ERR(cudaEventElapsedTime(&t, e0, e1), cudaErrorNotReady);
  EXPECT_OK(cudaGetLastError());
  // Re-recording an event makes it refer to the newest record: e2 was complete, now pending.
  EXPECT_OK(cudaEventQuery(e2));
  EXPECT_OK(cudaEventRecord(e2, s));
  EXPECT_ERR(cudaEventQuery(e2), cudaErrorNotReady);
  g.release();
  EXPECT_OK(cudaEventSynchronize(e2));
  EXPECT_OK(cudaEventQuery(e1));
  EXPECT_OK(cudaEventElapsedTime(&t, e0, e1));
  EXPECT_TRUE(t >= 0, "elapsed %f", t);

  // Events recorded on the default stream, timing across two streams.
  cudaStream_t s2;
  EXPECT_OK(cudaStreamCreate(&s2));
  EXPECT_OK(cudaEventRecord(e0));
  work<<<n / 256, 256>>>(d, n);
  EXPECT_OK(cudaEventRecord(e1, 0));
  EXPECT_OK(cudaStreamWaitEvent(s2, e1, 0));
  work<<<n / 256, 256, 0, s2>>>(d, n);
  EXPECT_OK(cudaEventRecord(e2, s2));
  EXPECT_OK(cudaEventSynchronize(e2));
  float a = -1, b = -1;
  EXPECT_OK(cudaEventElapsedTime(&a, e0, e1));
  EXPECT_OK(cudaEventElapsedTime(&b, e0, e2));
  EXPECT_TRUE(a >= 0 && b >= a, "default-stream timing %f then %f", a, b);

  // Events without timing.
  cudaEvent_t noTiming;
  EXPECT_OK(cudaEventCreateWithFlags(&noTiming, cudaEventDisableTiming));
  EXPECT_OK(cudaEventRecord(noTiming, s));
  EXPECT_OK(cudaEventSynchronize(noTiming));
  EXPECT_OK(cudaEventQuery(noTiming));
  EXPECT_ERR(cudaEventElapsedTime(&t, e0, noTiming), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaEventElapsedTime(&t, noTiming, e0), cudaErrorInvalidResourceHandle);
  // Never recorded.
  EXPECT_ERR(cudaEventElapsedTime(&t, fresh, e0), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaEventElapsedTime(nullptr, e0, e1), cudaErrorInvalidValue);
  // Bad flags.
  cudaEvent_t bad;
  EXPECT_ERR(cudaEventCreateWithFlags(&bad, 0x100), cudaErrorInvalidValue);
  // Interprocess events must also disable timing.
  EXPECT_ERR(cudaEventCreateWithFlags(&bad, cudaEventInterprocess), cudaErrorInvalidValue);
  cudaGetLastError();

  // Destroying an event whose record is pending is allowed.
  Gate g2;
  cudaEvent_t pending;
  EXPECT_OK(cudaEventCreate(&pending));
  EXPECT_OK(cudaLaunchHostFunc(s, waitForGate, &g2));
  EXPECT_OK(cudaEventRecord(pending, s));
  EXPECT_OK(cudaEventDestroy(pending));
  g2.release();
  EXPECT_OK(cudaStreamSynchronize(s));

  for (cudaEvent_t e : {fresh, e0, e1, e2, noTiming})
    EXPECT_OK(cudaEventDestroy(e));
  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaStreamDestroy(s2));
  EXPECT_OK(cudaFree(d));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
