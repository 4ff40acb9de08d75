// The legacy default stream (stream 0 without --default-stream per-thread) synchronises with
// blocking streams in both directions: work on 0 waits for what blocking streams queued
// before it, and work queued on a blocking stream after work on 0 waits for it. Streams
// created with cudaStreamNonBlocking are exempt, and two blocking streams do not wait for
// each other. Streams are held by host functions waiting on host-side gates, so the rules
// are observed deterministically.
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
static void CUDART_CB setFlag(void *p) { *(volatile int *)p = 1; }

// Polls until the stream is idle, for at most 5 s.
static cudaError_t waitIdle(cudaStream_t s) {
  cudaError_t e = cudaErrorNotReady;
  for (int i = 0; i < 5000 && (e = cudaStreamQuery(s)) == cudaErrorNotReady; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return e;
}

__global__ void add(int *p, int v) { *p += v; }

static void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(30)); }

int main() {
  cudaStream_t blocking, blocking2, nonBlocking;
  EXPECT_OK(cudaStreamCreate(&blocking));
  EXPECT_OK(cudaStreamCreate(&blocking2));
  EXPECT_OK(cudaStreamCreateWithFlags(&nonBlocking, cudaStreamNonBlocking));
  int *v;
  EXPECT_OK(cudaMallocManaged(&v, sizeof(int)));
  *v = 0;
  volatile int flag = 0;
  EXPECT_OK(cudaDeviceSynchronize());

  // 1. Work on the legacy stream waits for earlier work on a blocking stream.
  {
    Gate g;
    EXPECT_OK(cudaLaunchHostFunc(blocking, waitForGate, &g));
    add<<<1, 1, 0, 0>>>(v, 1);
    EXPECT_OK(cudaLaunchHostFunc(0, setFlag, (void *)&flag));
    settle();
    EXPECT_ERR(cudaStreamQuery(0), cudaErrorNotReady);
    EXPECT_TRUE(flag == 0 && *v == 0, "legacy-stream work ran before the blocking stream's");
    g.release();
    EXPECT_OK(cudaStreamSynchronize(0));
    EXPECT_TRUE(flag == 1 && *v == 1, "flag %d v %d", flag, *v);
  }

  // 2. Work on a blocking stream waits for earlier work on the legacy stream.
  {
    Gate g;
    flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(0, waitForGate, &g));
    add<<<1, 1, 0, blocking>>>(v, 1);
    EXPECT_OK(cudaLaunchHostFunc(blocking, setFlag, (void *)&flag));
    settle();
    EXPECT_ERR(cudaStreamQuery(blocking), cudaErrorNotReady);
    EXPECT_TRUE(flag == 0 && *v == 1, "blocking-stream work ran before the legacy stream's");
    g.release();
    EXPECT_OK(cudaStreamSynchronize(blocking));
    EXPECT_TRUE(flag == 1 && *v == 2, "flag %d v %d", flag, *v);
  }

  // 3. A non-blocking stream does not wait for the legacy stream...
  {
    Gate g;
    flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(0, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(nonBlocking, setFlag, (void *)&flag));
    EXPECT_OK(waitIdle(nonBlocking));
    EXPECT_TRUE(flag == 1, "the non-blocking stream waited for the legacy stream");
    EXPECT_ERR(cudaStreamQuery(0), cudaErrorNotReady);
    g.release();
    EXPECT_OK(cudaDeviceSynchronize());
  }

  // 4. ...and the legacy stream does not wait for a non-blocking stream.
  {
    Gate g;
    flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(nonBlocking, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(0, setFlag, (void *)&flag));
    EXPECT_OK(waitIdle(0));
    EXPECT_TRUE(flag == 1, "the legacy stream waited for a non-blocking stream");
    EXPECT_ERR(cudaStreamQuery(nonBlocking), cudaErrorNotReady);
    g.release();
    EXPECT_OK(cudaDeviceSynchronize());
  }

  // 5. Two blocking streams are independent of each other.
  {
    Gate g;
    flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(blocking, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(blocking2, setFlag, (void *)&flag));
    EXPECT_OK(waitIdle(blocking2));
    EXPECT_TRUE(flag == 1, "a blocking stream waited for another blocking stream");
    g.release();
    EXPECT_OK(cudaDeviceSynchronize());
  }

  // 6. The chain blocking -> legacy -> blocking2: blocking2's work waits for the legacy work,
  //    which waits for blocking's.
  {
    Gate g;
    flag = 0;
    *v = 0;
    EXPECT_OK(cudaLaunchHostFunc(blocking, waitForGate, &g));
    add<<<1, 1>>>(v, 5);
    EXPECT_OK(cudaLaunchHostFunc(blocking2, setFlag, (void *)&flag));
    settle();
    EXPECT_TRUE(flag == 0, "blocking2 did not wait for the legacy stream's pending work");
    EXPECT_ERR(cudaStreamQuery(blocking2), cudaErrorNotReady);
    g.release();
    EXPECT_OK(cudaStreamSynchronize(blocking2));
    EXPECT_TRUE(flag == 1 && *v == 5, "flag %d v %d", flag, *v);
  }

  // 7. cudaStreamLegacy names the same stream as 0.
  {
    Gate g;
    flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(cudaStreamLegacy, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(0, setFlag, (void *)&flag));
    settle();
    EXPECT_TRUE(flag == 0, "work on 0 overtook work on cudaStreamLegacy");
    g.release();
    EXPECT_OK(cudaStreamSynchronize(cudaStreamLegacy));
    EXPECT_TRUE(flag == 1, "flag %d", flag);
  }

  // 8. A synchronous cudaMemcpy (legacy stream) waits for a blocking stream's kernel.
  {
    Gate g;
    *v = 0;
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaLaunchHostFunc(blocking, waitForGate, &g));
    add<<<1, 1, 0, blocking>>>(v, 9);
    std::thread opener([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      g.release();
    });
    int h = -1;
    EXPECT_OK(cudaMemcpy(&h, v, sizeof h, cudaMemcpyDeviceToHost));
    opener.join();
    EXPECT_TRUE(h == 9, "cudaMemcpy read %d before the blocking stream's kernel finished", h);
  }

  EXPECT_OK(cudaStreamDestroy(blocking));
  EXPECT_OK(cudaStreamDestroy(blocking2));
  EXPECT_OK(cudaStreamDestroy(nonBlocking));
  EXPECT_OK(cudaFree(v));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
