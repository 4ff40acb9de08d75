// Kernels built with -ftz=true run with the processor flushing subnormals: MXCSR's
// flush-to-zero and denormals-are-zero bits, set on each worker for the launch and put back
// after it. x86 has no float-only form of the mode, so doubles in such kernels flush as well
// (docs/architecture.md, "-ftz=true").
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace drawbridge::runtime::cpu {

class SubnormalFlushScope {
public:
  explicit SubnormalFlushScope(bool flush) {
#if defined(__x86_64__) || defined(__i386__)
    if (flush) {
      Saved = _mm_getcsr();
      _mm_setcsr(Saved | kFlushToZero | kDenormalsAreZero);
      Active = true;
    }
#else
    (void)flush;
#endif
  }
  ~SubnormalFlushScope() {
#if defined(__x86_64__) || defined(__i386__)
    if (Active)
      _mm_setcsr(Saved);
#endif
  }
  SubnormalFlushScope(const SubnormalFlushScope &) = delete;
  SubnormalFlushScope &operator=(const SubnormalFlushScope &) = delete;

private:
  static constexpr unsigned kFlushToZero = 0x8000, kDenormalsAreZero = 0x0040;
  unsigned Saved = 0;
  bool Active = false;
};

} // namespace drawbridge::runtime::cpu
