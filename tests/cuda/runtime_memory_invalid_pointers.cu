// Memory calls given an address that is not memory at all ((void*)16) or device memory that
// was already freed must fail with cudaErrorInvalidValue, not crash the process. Each call
// runs in its own child process (forked before CUDA is initialised) so that a crash is
// reported as a failure of that call alone.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

static int failures = 0;

static void *freedDevicePointer() {
  void *p = nullptr;
  cudaMalloc(&p, 1 << 20); // large enough to be its own mapping
  cudaFree(p);
  return p;
}

// Runs `call` in a child process; it must return `expected` (both sides print to stdout).
template <typename Call> static void expectInChild(const char *what, cudaError_t expected, Call call) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(20);
    cudaError_t got = call();
    if (got != expected)
      printf("FAIL: %s returned %s, expected %s\n", what, cudaGetErrorName(got),
             cudaGetErrorName(expected));
    fflush(stdout);
    _exit(got == expected ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    printf("FAIL: %s crashed the process with signal %d (%s), expected %s\n", what,
           WTERMSIG(status), strsignal(WTERMSIG(status)), cudaGetErrorName(expected));
    ++failures;
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    ++failures;
  }
}

int main() {
  void *const bogus = (void *)16;
  expectInChild("cudaMemset((void*)16, 0, 4)", cudaErrorInvalidValue,
                [&] { return cudaMemset(bogus, 0, 4); });
  expectInChild("cudaMemsetAsync((void*)16, 0, 4, 0)", cudaErrorInvalidValue, [&] {
    cudaError_t e = cudaMemsetAsync(bogus, 0, 4, 0);
    cudaError_t s = cudaDeviceSynchronize();
    return e != cudaSuccess ? e : s;
  });
  expectInChild("cudaMemset2D((void*)16, 512, 0, 4, 4)", cudaErrorInvalidValue,
                [&] { return cudaMemset2D(bogus, 512, 0, 4, 4); });
  expectInChild("cudaMemset(<freed device pointer>, 0, 4096)", cudaErrorInvalidValue, [&] {
    void *p = freedDevicePointer();
    return cudaMemset(p, 0, 4096);
  });
  // The process stays usable after such an error.
  expectInChild("cudaMalloc after a failed cudaMemset", cudaSuccess, [&] {
    cudaMemset(bogus, 0, 4);
    cudaGetLastError();
    void *p = nullptr;
    cudaError_t e = cudaMalloc(&p, 64);
    return e != cudaSuccess ? e : cudaMemset(p, 0, 64);
  });
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
