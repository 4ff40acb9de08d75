// With --default-stream per-thread, stream 0 (and <<<>>> without a stream) is each host
// thread's own default stream: two threads' default streams do not wait for each other, work
// within one thread's default stream stays in order, cudaStreamPerThread names the same
// stream, and the per-thread stream still synchronises with cudaStreamLegacy (it is a
// blocking stream).
// RUN: %nvcc --default-stream per-thread %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

static int failures = 0;
static std::mutex printMutex;

#define EXPECT_ERR(call, expected)                                                                 \
  do {                                                                                             \
    cudaError_t got_ = (call);                                                                     \
    if (got_ != (expected)) {                                                                      \
      std::lock_guard<std::mutex> l_(printMutex);                                                  \
      printf("FAIL line %d: %s returned %s, expected %s\n", __LINE__, #call,                      \
             cudaGetErrorName(got_), cudaGetErrorName(expected));                                  \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#define EXPECT_OK(call) EXPECT_ERR(call, cudaSuccess)
#define EXPECT_TRUE(cond, ...)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::lock_guard<std::mutex> l_(printMutex);                                                  \
      printf("FAIL line %d: %s: ", __LINE__, #cond);                                               \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

struct Gate {
  std::mutex m;
  std::condition_variable cv;
  bool open = false;
  void release() {
    std::lock_guard<std::mutex> l(m);
    open = true;
    cv.notify_all();
  }
  bool wait(int ms) {
    std::unique_lock<std::mutex> l(m);
    return cv.wait_for(l, std::chrono::milliseconds(ms), [&] { return open; });
  }
};
static void CUDART_CB waitForGate(void *p) { ((Gate *)p)->wait(10000); }
static void CUDART_CB setFlag(void *p) { *(volatile int *)p = 1; }

static cudaError_t waitIdle(cudaStream_t s) {
  cudaError_t e = cudaErrorNotReady;
  for (int i = 0; i < 5000 && (e = cudaStreamQuery(s)) == cudaErrorNotReady; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return e;
}

__global__ void step(int *p, int i) { p[i] = p[i - 1] * 3 + i; }
__global__ void add(int *p, int v) { *p += v; }

int main() {
  int *a, *b;
  EXPECT_OK(cudaMallocManaged(&a, 64 * sizeof(int)));
  EXPECT_OK(cudaMallocManaged(&b, sizeof(int)));
  a[0] = 1;
  *b = 0;
  EXPECT_OK(cudaDeviceSynchronize());

  // Thread A blocks its default stream on a gate and queues a kernel behind it. Thread B's
  // <<<>>> launches on its own default stream must complete meanwhile.
  Gate gate, queued;
  volatile int aDone = 0;
  std::thread ta([&] {
    EXPECT_OK(cudaLaunchHostFunc(0, waitForGate, &gate));
    for (int i = 1; i < 64; ++i)
      step<<<1, 1>>>(a, i); // the implicit stream 0 is this thread's stream
    EXPECT_OK(cudaLaunchHostFunc(cudaStreamPerThread, setFlag, (void *)&aDone));
    queued.release();
    EXPECT_OK(cudaStreamSynchronize(0));
  });
  std::thread tb([&] {
    queued.wait(10000);
    add<<<1, 1>>>(b, 7);
    EXPECT_OK(waitIdle(0));
    EXPECT_TRUE(*b == 7, "thread B's kernel did not complete while thread A's stream was held"
                " (b = %d)", *b);
    EXPECT_TRUE(aDone == 0, "thread A's stream ran past its gate");
    gate.release();
  });
  tb.join();
  ta.join();
  EXPECT_TRUE(aDone == 1, "thread A's host function did not run");
  int want = 1, wrong = 0;
  for (int i = 1; i < 64; ++i) {
    want = want * 3 + i;
    wrong += a[i] != want;
  }
  EXPECT_TRUE(wrong == 0, "%d links wrong in thread A's kernel chain", wrong);

  // In one thread, 0 and cudaStreamPerThread are the same stream.
  {
    Gate g;
    volatile int flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(cudaStreamPerThread, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(0, setFlag, (void *)&flag));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_TRUE(flag == 0, "work on stream 0 overtook work on cudaStreamPerThread");
    EXPECT_ERR(cudaStreamQuery(0), cudaErrorNotReady);
    g.release();
    EXPECT_OK(cudaStreamSynchronize(cudaStreamPerThread));
    EXPECT_TRUE(flag == 1, "flag %d", flag);
  }

  // The per-thread stream is blocking with respect to the legacy stream, both ways.
  {
    Gate g;
    volatile int flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(cudaStreamLegacy, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(0, setFlag, (void *)&flag));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_TRUE(flag == 0, "the per-thread stream did not wait for the legacy stream");
    g.release();
    EXPECT_OK(cudaStreamSynchronize(0));
    EXPECT_TRUE(flag == 1, "flag %d", flag);
  }
  {
    Gate g;
    volatile int flag = 0;
    EXPECT_OK(cudaLaunchHostFunc(0, waitForGate, &g));
    EXPECT_OK(cudaLaunchHostFunc(cudaStreamLegacy, setFlag, (void *)&flag));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    EXPECT_TRUE(flag == 0, "the legacy stream did not wait for the per-thread stream");
    g.release();
    EXPECT_OK(cudaStreamSynchronize(cudaStreamLegacy));
    EXPECT_TRUE(flag == 1, "flag %d", flag);
  }

  // Synchronous calls use the calling thread's stream: a cudaMemcpy in thread B is not held
  // by thread A's gated default stream.
  {
    Gate g, ready;
    std::thread t1([&] {
      EXPECT_OK(cudaLaunchHostFunc(0, waitForGate, &g));
      ready.release();
      EXPECT_OK(cudaStreamSynchronize(0));
    });
    ready.wait(10000);
    int h = 0;
    std::thread t2([&] {
      *b = 123;
      EXPECT_OK(cudaMemcpy(&h, b, sizeof h, cudaMemcpyDefault));
      g.release(); // if the copy had waited for t1's stream, this would come 10 s late
    });
    t2.join();
    t1.join();
    EXPECT_TRUE(h == 123, "h = %d", h);
  }

  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_OK(cudaFree(a));
  EXPECT_OK(cudaFree(b));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
