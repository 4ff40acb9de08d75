// The harness every benchmark of the suite shares: command-line options, best-of-N wall-clock
// timing, verification helpers and the one-line results that run.py collects into its tables.
// Header-only, so that a benchmark is one nvcc command plus its OpenMP object.
//
// A benchmark times each implementation (Drawbridge, OpenMP, PoCL) in turn, in the same
// process: one warm-up call, a check of its output against a reference, then the best of
// several calls. Every call must return only once its work is complete.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace suite {

struct Options {
  enum class Size { Small, Default, Large } size = Size::Default;
  // Block sizes to time (--block-sizes=32,64,...); empty: each kernel's usual size only.
  std::vector<int> blockSizes;
  int minReps = 5;          // --reps=N: at least this many timed calls
  double minSeconds = 0.25; // and at least this long in all, up to maxReps calls
  int maxReps = 200;
  bool skipOpenMP = false; // --no-openmp, --no-pocl: leave a peer out
  bool skipPoCL = false;

  // The problem size for the chosen --size.
  template <class T> T pick(T small, T normal, T large) const {
    return size == Size::Small ? small : size == Size::Large ? large : normal;
  }
  // The block sizes to time, given the kernel's usual one and whether it accepts others.
  std::vector<int> blocks(int usual, bool sweepable = true) const {
    if (blockSizes.empty() || !sweepable)
      return {usual};
    return blockSizes;
  }
};

inline Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *name) -> const char * {
      size_t len = std::strlen(name);
      return arg.compare(0, len, name) == 0 ? arg.c_str() + len : nullptr;
    };
    if (const char *v = value("--size=")) {
      std::string s = v;
      o.size = s == "small"   ? Options::Size::Small
               : s == "large" ? Options::Size::Large
                              : Options::Size::Default;
    } else if (const char *v = value("--block-sizes=")) {
      for (const char *p = v; *p;) {
        o.blockSizes.push_back(std::atoi(p));
        while (*p && *p != ',')
          ++p;
        if (*p == ',')
          ++p;
      }
    } else if (const char *v = value("--reps=")) {
      o.minReps = std::max(1, std::atoi(v));
    } else if (const char *v = value("--min-seconds=")) {
      o.minSeconds = std::atof(v);
    } else if (arg == "--no-openmp") {
      o.skipOpenMP = true;
    } else if (arg == "--no-pocl") {
      o.skipPoCL = true;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--size=small|default|large] [--block-sizes=32,64,...] "
                   "[--reps=N] [--min-seconds=S] [--no-openmp] [--no-pocl]\n",
                   argv[0]);
      std::exit(2);
    }
  }
  return o;
}

// The best wall time of run() in milliseconds.
inline double bestMs(const Options &o, const std::function<void()> &run) {
  using Clock = std::chrono::steady_clock;
  double best = 1e300, total = 0;
  for (int rep = 0; rep < o.maxReps && (rep < o.minReps || total < o.minSeconds); ++rep) {
    auto start = Clock::now();
    run();
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    best = std::min(best, seconds);
    total += seconds;
  }
  return best * 1e3;
}

// Host arrays aligned to 64 bytes (a cache line, an AVX-512 vector), as cudaMalloc's and PoCL's
// buffers are: a plain std::vector's large blocks start 16 bytes into a page, which splits
// every vector access of the OpenMP code across two cache lines.
template <class T> struct AlignedAllocator {
  using value_type = T;
  AlignedAllocator() = default;
  template <class U> AlignedAllocator(const AlignedAllocator<U> &) {}
  T *allocate(size_t n) {
    size_t bytes = (n * sizeof(T) + 63) / 64 * 64;
    if (void *p = std::aligned_alloc(64, bytes))
      return static_cast<T *>(p);
    throw std::bad_alloc();
  }
  void deallocate(T *p, size_t) { std::free(p); }
  template <class U> bool operator==(const AlignedAllocator<U> &) const { return true; }
};
template <class T> using HostVector = std::vector<T, AlignedAllocator<T>>;

// Thrown when an implementation cannot run on this machine (no OpenCL device): a SKIP result.
struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What one call of a benchmark does, for the rate column: `amount` units of `unit`, where the
// unit names its scale (GB: 1e9 bytes, GFLOP: 1e9 flops, Gopt: 1e9 options).
struct Work {
  double amount;
  const char *unit; // a rate unit without spaces: "GB/s", "GFLOP/s", "Gopt/s"
};

// Times the implementations of one benchmark and prints one result line for each:
//   RESULT <benchmark> <implementation> <block size> <ms> <rate> <unit> <status>
// status is OK, FAIL (wrong output), ERROR (the implementation failed) or SKIP.
class Bench {
public:
  // A benchmark whose timed call repeats one operation `repeats` times (launch overhead)
  // reports the time and the work of one operation.
  Bench(const Options &o, std::string name, Work work, int repeats = 1)
      : Opts(o), Name(std::move(name)), Amount(work.amount), Unit(work.unit), Repeats(repeats) {}

  // Times run() after one warm-up call whose output verify() checks (it prints what is wrong
  // and returns false). An exception from either is an ERROR result.
  void time(const char *impl, int blockSize, const std::function<void()> &run,
            const std::function<bool()> &verify) {
    // OpenMP's idle threads spin for a while after a parallel region (libomp: 200 ms); let
    // them sleep before the next implementation runs on the same cores.
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    try {
      run();
      bool ok = verify();
      double ms = bestMs(Opts, run);
      print(impl, blockSize, ms, ok ? "OK" : "FAIL");
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s/%s: %s\n", Name.c_str(), impl, e.what());
      print(impl, blockSize, 0, "ERROR");
    }
  }

  // Runs an implementation's setup and timing (calls of time()); an exception from the setup
  // (allocation, an OpenCL build) is that implementation's ERROR result.
  // A peer left out with --no-openmp or --no-pocl is not run at all.
  void guard(const char *impl, const std::function<void()> &section) {
    if ((Opts.skipOpenMP && std::strcmp(impl, "openmp") == 0) ||
        (Opts.skipPoCL && std::strcmp(impl, "pocl") == 0))
      return;
    try {
      section();
    } catch (const Unavailable &e) {
      std::fprintf(stderr, "%s/%s: skipped: %s\n", Name.c_str(), impl, e.what());
      print(impl, 0, 0, "SKIP");
    } catch (const std::exception &e) {
      std::fprintf(stderr, "%s/%s: %s\n", Name.c_str(), impl, e.what());
      print(impl, 0, 0, "ERROR");
    }
  }

private:
  void print(const char *impl, int blockSize, double ms, const char *status) {
    ms /= Repeats;
    double rate = ms > 0 ? Amount / 1e9 / (ms / 1e3) : 0;
    std::printf("RESULT %s %s %d %.6g %.6g %s %s\n", Name.c_str(), impl, blockSize, ms, rate, Unit,
                status);
    std::fflush(stdout);
  }

  const Options &Opts;
  std::string Name;
  double Amount;
  const char *Unit;
  int Repeats;
};

// Verification: each prints the first few mismatches (to stderr) and says whether all matched.
// A float result matches when |got - want| <= tolerance * max(|want|, scale).
inline bool checkClose(const char *what, const float *got, const double *want, size_t n,
                       double tolerance, double scale = 1.0) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    double limit = tolerance * std::max(std::fabs(want[i]), scale);
    if (!(std::fabs(got[i] - want[i]) <= limit) && bad++ < 3)
      std::fprintf(stderr, "%s[%zu] = %.8g, expected %.8g\n", what, i, got[i], want[i]);
  }
  if (bad)
    std::fprintf(stderr, "%s: %zu of %zu values wrong\n", what, bad, n);
  return bad == 0;
}

template <class T> bool checkEqual(const char *what, const T *got, const T *want, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (got[i] != want[i] && bad++ < 3)
      std::fprintf(stderr, "%s[%zu] = %lld, expected %lld\n", what, i, (long long)got[i],
                   (long long)want[i]);
  if (bad)
    std::fprintf(stderr, "%s: %zu of %zu values wrong\n", what, bad, n);
  return bad == 0;
}

// A small deterministic generator (xorshift64*), so every run sees the same inputs.
class Random {
public:
  explicit Random(uint64_t seed) : State(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    State ^= State >> 12;
    State ^= State << 25;
    State ^= State >> 27;
    return State * 0x2545F4914F6CDD1Dull;
  }
  // Uniform in [lo, hi).
  float uniform(float lo, float hi) { return lo + (hi - lo) * float(next() >> 40) / 16777216.0f; }
  int below(int n) { return int(next() % uint64_t(n)); }

private:
  uint64_t State;
};

} // namespace suite
