// Device printf: integer conversions with length modifiers (hh, h, l, ll), flags, width and
// precision (width also as *), %f/%e/%g/%E/%G of float and double, %c, %s (with precision), %%,
// a call with 24 arguments, and one line from each of 96 threads (in any order). The program
// captures its own stdout and compares every line with host snprintf.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <algorithm>
#include <unistd.h>
#include <fcntl.h>
#include <cstdlib>

#define FORMATS(X)                                                                                             \
  X("d=%d i=%i neg=%d", 42, 7, -123)                                                                         \
  X("u=%u x=%x X=%X o=%o", 4000000000u, 0xbeefu, 0xbeefu, 8u)                                               \
  X("hh=%hhd hhu=%hhu h=%hd hu=%hu", (signed char)-5, (unsigned char)250, (short)-3000, (unsigned short)65000) \
  X("l=%ld lu=%lu lx=%lx", -1234567890123l, 12345678901234ul, 0xfedcba9876ul)                               \
  X("ll=%lld llu=%llu llx=%llx", -9000000000000000000ll, 18000000000000000000ull, 0x123456789abcdefull)      \
  X("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d]", 42, 42, 42, 42, 42, 7)                                        \
  X("[%*d] [%-*d] [%*.2f]", 6, 17, 4, 3, 8, 3.14159)                                                         \
  X("[%#x] [%#o] [%#X]", 255u, 8u, 255u)                                                                     \
  X("f=%f e=%e g=%g", 1.5f, 12345.678f, 0.0001234f)                                                          \
  X("E=%E G=%G big=%g", 6.02214076e23, 1e-10, 1e20)                                                         \
  X("[%8.3f] [%-10.2e] [%+.1f] [%.0f] [%.0f]", 3.14159, 271.828, 2.25, 0.5, 1.5)                           \
  X("neg=%f tiny=%g zero=%f negzero=%f", -2.5, 1e-300, 0.0, -0.0)                                           \
  X("inf=%f ninf=%f", 1.0 / 0.0, -1.0 / 0.0)                                                                 \
  X("c=%c%c%c s=%s [%10s] [%-6s] [%.3s]", 'a', 'B', '7', "hello", "right", "left", "truncate")             \
  X("percent=%% done")                                                                                       \
  X("many %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %f %f %s %c", 1, 2, 3, 4, 5, 6, 7, 8, \
    9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21.5, 22.25, "s23", 'Z')

#define DEVICE_PRINT(...) printf(__VA_ARGS__), printf("\n");
__global__ void formats() { FORMATS(DEVICE_PRINT) }

__global__ void perThread() {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  printf("thread %d block %d lane %d value %.2f\n", g, blockIdx.x, threadIdx.x % 32, g * 0.5);
}

static std::vector<std::string> expected;
#define HOST_PRINT(...)                                                                                     \
  {                                                                                                       \
    char buf[512];                                                                                        \
    snprintf(buf, sizeof buf, __VA_ARGS__);                                                               \
    expected.push_back(buf);                                                                              \
  }

int main() {
  FORMATS(HOST_PRINT)
  char path[] = "/tmp/device_printf_formats_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) { printf("mkstemp failed\n"); return 1; }
  fflush(stdout);
  int saved = dup(1);
  dup2(fd, 1);
  formats<<<1, 1>>>();
  cudaDeviceSynchronize();
  perThread<<<3, 32>>>();
  cudaDeviceSynchronize();
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  FILE *f = fopen(path, "r");
  std::vector<std::string> lines;
  char line[1024];
  while (f && fgets(line, sizeof line, f)) {
    size_t n = strlen(line);
    if (n && line[n - 1] == '\n') line[n - 1] = 0;
    lines.push_back(line);
  }
  if (f) fclose(f);
  unlink(path);
  int failures = 0;
  size_t nf = expected.size();
  if (lines.size() != nf + 96) { printf("got %zu lines, expected %zu\n", lines.size(), nf + 96); failures++; }
  for (size_t i = 0; i < nf && i < lines.size(); ++i)
    if (lines[i] != expected[i] && failures++ < 20) printf("line %zu:\n  got      '%s'\n  expected '%s'\n", i, lines[i].c_str(), expected[i].c_str());
  std::vector<std::string> threadLines(lines.begin() + std::min(nf, lines.size()), lines.end()), want;
  for (int g = 0; g < 96; ++g) {
    char buf[128];
    snprintf(buf, sizeof buf, "thread %d block %d lane %d value %.2f", g, g / 32, g % 32, g * 0.5);
    want.push_back(buf);
  }
  std::sort(threadLines.begin(), threadLines.end());
  std::sort(want.begin(), want.end());
  if (threadLines != want && failures++ < 20) {
    printf("per-thread lines differ\n");
    for (size_t i = 0; i < threadLines.size() && i < 5; ++i) printf("  '%s'\n", threadLines[i].c_str());
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
