// One of two translation units with the same template kernels (split_compile.test).
#include "split_kernels.h"
#include <cstdio>

int runFromB();

int main() {
  // 0..255 plus 6 each: 32640 + 1536.
  int a = runAll<32>(), b = runFromB();
  std::printf("a=%d b=%d\n", a, b);
  return a == 34176 && b == 34176 ? 0 : 1;
}
