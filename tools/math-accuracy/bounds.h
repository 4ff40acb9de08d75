// bounds.h - the CUDA C++ Programming Guide's error bounds, in the forms it states them.
//
// Part of tools/math-accuracy. Most bounds are a number of ulps over the whole range; others
// split the range into two regions with their own measure: Bessel functions (ulps below 8,
// an absolute error beyond), the fast intrinsics (an absolute error on a stated interval, ulps
// or no bound outside it), jn and yn (bounds that depend on the order n). judge() says which
// region a result falls in and what limit applies there; a negative limit means the Guide
// gives none there, and the error is measured and reported only.
#pragma once

#include <mpfr.h>

#include <cmath>
#include <cstdio>
#include <string>

struct Bound {
  enum Kind {
    None,       // the function has no form in this precision
    Ulp,        // a: ulps over the whole range
    Correct,    // correctly rounded in `mode`
    Bessel,     // a ulps for |x| < 8, b absolute beyond
    Absolute,   // a absolute over the whole range
    AbsoluteIn, // a absolute for x in [lo, hi], no bound outside
    FastLog,    // a absolute for x in [0.5, 2], b ulps outside
    UlpSlope,   // a + floor(|b x|) ulps
    FastDivide, // a ulps for 2^-126 <= |y| <= 2^126, no bound outside
    YnFloat,    // ceil(2 + 2.5n) ulps for |x| < n (n = y), a absolute beyond
    YnDouble,   // a absolute for |x| > 1.5n (n = y), no bound below
    Unbounded,  // the Guide gives no bound (it derives the error from the implementation)
  };
  Kind kind;
  double a = 0, b = 0, lo = 0, hi = 0;
  mpfr_rnd_t mode = MPFR_RNDN;
  const char *range = ""; // how the Guide writes [lo, hi]
  bool gap = false;       // not met yet: reported, not failed
};

constexpr Bound NONE{Bound::None};
constexpr Bound ULP(double u) { return {Bound::Ulp, u}; }
constexpr Bound EXACT{Bound::Correct};
constexpr Bound CORRECT(mpfr_rnd_t mode) { return {Bound::Correct, 0, 0, 0, 0, mode}; }
constexpr Bound BESSEL(double u, double a) { return {Bound::Bessel, u, a}; }
constexpr Bound ABSOLUTE(double a) { return {Bound::Absolute, a}; }
constexpr Bound ABSOLUTE_IN(double lo, double hi, const char *range, double a) {
  return {Bound::AbsoluteIn, a, 0, lo, hi, MPFR_RNDN, range};
}
constexpr Bound FAST_LOG(double a, double u) { return {Bound::FastLog, a, u}; }
constexpr Bound ULP_SLOPE(double base, double slope) { return {Bound::UlpSlope, base, slope}; }
constexpr Bound FAST_DIVIDE(double u) { return {Bound::FastDivide, u}; }
constexpr Bound YN_FLOAT(double a) { return {Bound::YnFloat, a}; }
constexpr Bound YN_DOUBLE(double a) { return {Bound::YnDouble, a}; }
constexpr Bound UNBOUNDED{Bound::Unbounded};
constexpr Bound GAP(Bound b) {
  b.gap = true;
  return b;
}

// How one result is judged: in which of the bound's regions it lies, whether the error there
// is absolute (else in ulps), and its limit (negative: none).
struct Judgement {
  int region;
  bool absolute;
  double limit;
};

inline Judgement judge(const Bound &b, double x, double y) {
  double ax = std::fabs(x);
  switch (b.kind) {
  case Bound::Ulp:
    return {0, false, b.a};
  case Bound::Correct:
    return {0, false, 0};
  case Bound::Bessel:
    return ax < 8 ? Judgement{0, false, b.a} : Judgement{1, true, b.b};
  case Bound::Absolute:
    return {0, true, b.a};
  case Bound::AbsoluteIn:
    return x >= b.lo && x <= b.hi ? Judgement{0, true, b.a} : Judgement{1, false, -1};
  case Bound::FastLog:
    return x >= 0.5 && x <= 2 ? Judgement{0, true, b.a} : Judgement{1, false, b.b};
  case Bound::UlpSlope:
    return {0, false, b.a + std::floor(std::fabs(b.b * x))};
  case Bound::FastDivide: {
    double ay = std::fabs(y);
    return ay >= 0x1p-126 && ay <= 0x1p126 ? Judgement{0, false, b.a} : Judgement{1, false, -1};
  }
  case Bound::YnFloat:
    return ax < y ? Judgement{0, false, std::ceil(2 + 2.5 * y)} : Judgement{1, true, b.a};
  case Bound::YnDouble:
    return ax > 1.5 * y ? Judgement{0, true, b.a} : Judgement{1, false, -1};
  default:
    return {0, false, -1};
  }
}

inline std::string format(const char *f, double v) {
  char text[64];
  snprintf(text, sizeof text, f, v);
  return text;
}
// An absolute error as the Guide writes it: a power of two where it uses one.
inline std::string absoluteText(double a) {
  double e = std::log2(a);
  if (a > 0 && std::fabs(e * 100 - std::round(e * 100)) < 1e-6 && a < 1e-4 && a > 1e-9)
    return format(e == std::round(e) ? "2^%.0f" : "2^%.2f", e);
  return format("%.2g", a);
}

inline std::string boundText(const Bound &b) {
  switch (b.kind) {
  case Bound::None:
    return "-";
  case Bound::Ulp:
    return format("%g", b.a);
  case Bound::Correct:
    return b.mode == MPFR_RNDN   ? "0 (correctly rounded)"
           : b.mode == MPFR_RNDZ ? "0 (correctly rounded toward zero)"
           : b.mode == MPFR_RNDU ? "0 (correctly rounded up)"
                                 : "0 (correctly rounded down)";
  case Bound::Bessel:
    return format("%g below 8, ", b.a) + format("%.2g absolute beyond", b.b);
  case Bound::Absolute:
    return absoluteText(b.a) + " absolute";
  case Bound::AbsoluteIn:
    return absoluteText(b.a) + " absolute in " + b.range + ", none outside";
  case Bound::FastLog:
    return absoluteText(b.a) + " absolute in [0.5, 2], " + format("%g outside", b.b);
  case Bound::UlpSlope:
    return format("%g + floor(abs(", b.a) + format("%g x))", b.b);
  case Bound::FastDivide:
    return format("%g for 2^-126 <= abs(y) <= 2^126", b.a);
  case Bound::YnFloat:
    return "ceil(2 + 2.5n) below n, " + format("%.2g absolute beyond", b.a);
  case Bound::YnDouble:
    return format("%.2g absolute beyond 1.5n, none below", b.a);
  case Bound::Unbounded:
    return "none stated";
  }
  return "";
}

// Where each region of a bound lies, as the measured column names it ("" for a bound with one
// region).
inline const char *regionLabel(const Bound &b, int region) {
  switch (b.kind) {
  case Bound::Bessel:
    return region ? " beyond 8" : " below 8";
  case Bound::AbsoluteIn:
    return region ? " outside" : (b.range[0] ? " inside" : "");
  case Bound::FastLog:
    return region ? " outside" : " inside";
  case Bound::FastDivide:
    return " inside";
  case Bound::YnFloat:
    return region ? " beyond n" : " below n";
  case Bound::YnDouble:
    return region ? " below 1.5n" : " beyond 1.5n";
  default:
    return "";
  }
}

// The worst error seen in each region, as text: "3", or "3 below 8; 1.2e-13 absolute beyond 8".
struct RegionWorst {
  bool seen = false;
  bool absolute = false;
  double worst = 0;
};
inline std::string measuredText(const Bound &b, const RegionWorst regions[2]) {
  if (b.kind == Bound::None)
    return "-";
  std::string text;
  for (int r = 0; r < 2; ++r) {
    if (!regions[r].seen)
      continue;
    if (!text.empty())
      text += "; ";
    if (b.kind == Bound::FastDivide && r == 1) { /* not an error: the documented result */
      text += "0 outside, as documented";
      continue;
    }
    text += regions[r].absolute ? absoluteText(regions[r].worst) + " absolute"
                                : format("%.0f", regions[r].worst);
    text += regionLabel(b, r);
  }
  return text.empty() ? "0" : text;
}
