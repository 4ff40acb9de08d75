// A thread that waits for a stream runs the queued work it waits for itself, and workers join
// a grid only while it is open. What must hold whichever thread runs the work:
// - work on one stream stays in order while several host threads queue and wait on it at once
//   (stream synchronisation, event synchronisation, synchronous copies, queries);
// - callbacks and host functions run on the stream's own thread, never on the one waiting;
// - every block of grids from one block to many runs once, back to back with tiny launches;
// - a waiting thread that has its own alternate signal stack keeps it.
// It runs with the default pool and with one and three CPU threads.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=1 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=3 %t | FileCheck %s
// CHECK: PASS
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "Inputs/expect.h"

// Step `expected` of a chain: the previous step must have run, and no later one.
__global__ void chainStep(int *counter, int expected, int *misordered) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    if (*counter != expected)
      atomicAdd(misordered, 1);
    *counter = expected + 1;
  }
}

__global__ void countBlocks(int *hits, int blocks) {
  if (threadIdx.x == 0 && blockIdx.x < blocks)
    atomicAdd(&hits[blockIdx.x], 1);
}

__global__ void empty() {}

static std::thread::id hostFunctionThread;
static void CUDART_CB noteThread(void *) { hostFunctionThread = std::this_thread::get_id(); }
static std::thread::id callbackThread;
static void CUDART_CB noteCallbackThread(cudaStream_t, cudaError_t, void *) {
  callbackThread = std::this_thread::get_id();
}

// Each of several host threads runs a chain of steps on the shared stream in turn, and one on a
// stream of its own, waiting in a different way after each few launches.
static void chains(cudaStream_t shared, int *sharedCounter, int *misordered, int thread,
                   std::atomic<int> &sharedSteps, std::atomic<int> &waitFailures) {
  cudaStream_t own;
  int *counter;
  cudaEvent_t done;
  if (cudaStreamCreate(&own) != cudaSuccess || cudaMalloc(&counter, sizeof(int)) != cudaSuccess ||
      cudaEventCreate(&done) != cudaSuccess) {
    ++waitFailures;
    return;
  }
  cudaMemsetAsync(counter, 0, sizeof(int), own);
  const int steps = 300;
  for (int step = 0; step < steps; ++step) {
    chainStep<<<1 + step % 3, 32, 0, own>>>(counter, step, misordered);
    // The shared chain: a step number taken under no lock, so a step may find a later one
    // already run; its order is checked by the total count below instead.
    countBlocks<<<1, 32, 0, shared>>>(sharedCounter, 1);
    ++sharedSteps;
    cudaError_t e = cudaSuccess;
    switch ((step + thread) % 5) {
    case 0:
      e = cudaStreamSynchronize(own);
      break;
    case 1:
      if ((e = cudaEventRecord(done, own)) == cudaSuccess)
        e = cudaEventSynchronize(done);
      break;
    case 2:
      e = cudaStreamSynchronize(shared);
      break;
    case 3: {
      int seen = -1;
      e = cudaMemcpyAsync(&seen, counter, sizeof(int), cudaMemcpyDeviceToHost, own);
      if (e == cudaSuccess)
        e = cudaStreamSynchronize(own);
      if (seen != step + 1)
        ++waitFailures;
      break;
    }
    default:
      e = cudaStreamQuery(own);
      if (e == cudaErrorNotReady)
        e = cudaSuccess;
    }
    if (e != cudaSuccess)
      ++waitFailures;
  }
  int last = -1;
  if (cudaMemcpy(&last, counter, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess ||
      last != steps)
    ++waitFailures;
  cudaFree(counter);
  cudaEventDestroy(done);
  cudaStreamDestroy(own);
}

int main() {
  int *misordered, *sharedCounter;
  EXPECT_OK(cudaMallocManaged(&misordered, sizeof(int)));
  EXPECT_OK(cudaMallocManaged(&sharedCounter, sizeof(int)));
  *misordered = 0;
  *sharedCounter = 0;

  // Several host threads queueing and waiting at once.
  cudaStream_t shared;
  EXPECT_OK(cudaStreamCreate(&shared));
  std::atomic<int> sharedSteps{0}, waitFailures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back(chains, shared, sharedCounter, misordered, t, std::ref(sharedSteps),
                         std::ref(waitFailures));
  for (std::thread &t : threads)
    t.join();
  EXPECT_OK(cudaStreamSynchronize(shared));
  EXPECT_TRUE(*misordered == 0, "%d chain steps ran out of order", *misordered);
  EXPECT_TRUE(waitFailures.load() == 0, "%d waits failed or saw unfinished work",
              waitFailures.load());
  EXPECT_TRUE(*sharedCounter == sharedSteps.load(), "the shared stream ran %d of %d launches",
              *sharedCounter, sharedSteps.load());

  // User code runs on the stream's thread, not on the thread that waits.
  empty<<<1, 1, 0, shared>>>();
  EXPECT_OK(cudaLaunchHostFunc(shared, noteThread, nullptr));
  EXPECT_OK(cudaStreamAddCallback(shared, noteCallbackThread, nullptr, 0));
  EXPECT_OK(cudaStreamSynchronize(shared));
  EXPECT_TRUE(hostFunctionThread != std::thread::id() &&
                  hostFunctionThread != std::this_thread::get_id(),
              "the host function ran on the waiting thread");
  EXPECT_TRUE(callbackThread != std::thread::id() && callbackThread != std::this_thread::get_id(),
              "the callback ran on the waiting thread");

  // Every block of grids of all sizes runs exactly once, between tiny launches.
  const int maxBlocks = 4096;
  int *hits;
  EXPECT_OK(cudaMallocManaged(&hits, maxBlocks * sizeof(int)));
  for (int blocks : {1, 2, 3, 7, 64, 1000, 4096}) {
    for (int i = 0; i < maxBlocks; ++i)
      hits[i] = 0;
    for (int i = 0; i < 50; ++i)
      empty<<<1, 1>>>();
    countBlocks<<<blocks, 64>>>(hits, blocks);
    for (int i = 0; i < 50; ++i)
      empty<<<2, 32>>>();
    EXPECT_OK(cudaDeviceSynchronize());
    int wrong = 0;
    for (int i = 0; i < maxBlocks; ++i)
      wrong += hits[i] != (i < blocks ? 1 : 0);
    EXPECT_TRUE(wrong == 0, "%d of %d blocks did not run exactly once", wrong, blocks);
  }

  // A thread with an alternate signal stack of its own runs a grid while it waits; its stack is
  // still in place afterwards.
  std::thread([&] {
    std::vector<char> memory(256 * 1024);
    stack_t own{}, after{};
    own.ss_sp = memory.data();
    own.ss_size = memory.size();
    EXPECT_TRUE(sigaltstack(&own, nullptr) == 0);
    countBlocks<<<8, 32>>>(hits, 8);
    EXPECT_OK(cudaDeviceSynchronize());
    sigaltstack(nullptr, &after);
    EXPECT_TRUE(after.ss_sp == memory.data(), "a waiting thread's alternate stack was replaced");
    own.ss_flags = SS_DISABLE;
    sigaltstack(&own, nullptr);
  }).join();

  EXPECT_OK(cudaStreamDestroy(shared));
  EXPECT_OK(cudaFree(hits));
  EXPECT_OK(cudaFree(misordered));
  EXPECT_OK(cudaFree(sharedCounter));
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
