// OpenMP peer of cuda-samples' reduction: the sum of 2^24 ints (the sample's default size),
// timed as the sample times itself, the mean of 100 calls. Prints "SECONDS <mean>".
#include <chrono>
#include <cstdio>
#include <vector>

int main() {
  const int n = 1 << 24, calls = 100;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = i & 0xff;
  long long check = 0;
  auto sum = [&] {
    long long total = 0;
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; ++i)
      total += data[i];
    return total;
  };
  check += sum(); // warm-up
  const auto start = std::chrono::steady_clock::now();
  for (int c = 0; c < calls; ++c)
    check += sum();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / calls;
  std::printf("SECONDS %.6f (checksum %lld)\n", seconds, check);
  return 0;
}
