// Reference rounding for the narrow floating-point formats (half, bfloat16, fp8), written from
// the definitions and independent of the headers under test: every finite value of a format is
// listed in increasing order (decoded with ldexp from sign, exponent and fraction), and an
// exactly known real value (a long double, which holds every float, double and 64-bit integer
// exactly) rounds to one of the two listed values around it. Host code only.
#ifndef SMALL_FLOAT_REFERENCE_H
#define SMALL_FLOAT_REFERENCE_H

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

enum RefMode { RN, RZ, RU, RD };

struct RefFormat {
  int expBits, manBits;
  bool ieee;                          // all-ones exponent is infinity/NaN (false: e4m3)
  std::vector<long double> magnitude; // finite non-negative values, ascending
  std::vector<unsigned> code;         // their encodings
  long double beyond;                 // the value one step above the largest finite one
  unsigned signBit, infCode, nanCode;

  RefFormat(int e, int m, bool isIeee) : expBits(e), manBits(m), ieee(isIeee) {
    signBit = 1u << (e + m);
    infCode = ((1u << e) - 1) << m;
    nanCode = isIeee ? signBit - 1 : signBit - 1; // canonical NaN: all ones but the sign
    for (unsigned c = 0; c < signBit; ++c) {
      long double v;
      if (!decode(c, &v))
        continue;
      magnitude.push_back(v);
      code.push_back(c);
    }
    // Codes are monotonic in value for non-negative numbers.
    int bias = (1 << (e - 1)) - 1;
    int topExponent = ieee ? (1 << e) - 2 : (1 << e) - 1;
    long double lastStep = ldexpl(1.0L, topExponent - bias - m);
    beyond = magnitude.back() + lastStep;
  }

  // The value of a code; false for infinities and NaNs.
  bool decode(unsigned c, long double *v) const {
    int bias = (1 << (expBits - 1)) - 1;
    unsigned exponent = (c >> manBits) & ((1u << expBits) - 1);
    unsigned fraction = c & ((1u << manBits) - 1);
    bool negative = (c & signBit) != 0;
    if (ieee && exponent == (1u << expBits) - 1)
      return false;
    if (!ieee && exponent == (1u << expBits) - 1 && fraction == (1u << manBits) - 1)
      return false;
    long double r = exponent == 0 ? ldexpl((long double)fraction, 1 - bias - manBits)
                                  : ldexpl((long double)(fraction | (1u << manBits)),
                                           (int)exponent - bias - manBits);
    *v = negative ? -r : r;
    return true;
  }
  bool isNan(unsigned c) const {
    unsigned exponent = (c >> manBits) & ((1u << expBits) - 1);
    unsigned fraction = c & ((1u << manBits) - 1);
    if (ieee)
      return exponent == (1u << expBits) - 1 && fraction != 0;
    return exponent == (1u << expBits) - 1 && fraction == (1u << manBits) - 1;
  }

  // Rounds x (finite or infinite, not NaN) in the mode. satfinite: overflow gives the largest
  // finite value instead of infinity (IEEE formats) or NaN (e4m3).
  unsigned round(long double x, RefMode mode, bool satfinite = false) const {
    bool negative = std::signbit(x);
    unsigned sign = negative ? signBit : 0;
    long double a = fabsl(x);
    unsigned maxCode = code.back();
    unsigned overflow = satfinite ? maxCode : ieee ? infCode : nanCode;
    if (std::isinf(a))
      return sign | overflow;
    // Direction for the magnitude: 0 nearest, 1 toward zero, 2 away from zero.
    int dir = mode == RN ? 0 : mode == RZ ? 1 : (mode == RU) != negative ? 2 : 1;
    size_t i = std::upper_bound(magnitude.begin(), magnitude.end(), a) - magnitude.begin() - 1;
    if (magnitude[i] == a)
      return sign | code[i];
    long double lo = magnitude[i];
    bool hiIsBeyond = i + 1 == magnitude.size();
    long double hi = hiIsBeyond ? beyond : magnitude[i + 1];
    unsigned hiCode = hiIsBeyond ? maxCode + 1 : code[i + 1];
    bool takeHi;
    if (a > hi) // beyond the format entirely
      takeHi = dir != 1;
    else if (dir == 1)
      takeHi = false;
    else if (dir == 2)
      takeHi = true;
    else if (a - lo != hi - a)
      takeHi = hi - a < a - lo;
    else
      takeHi = (hiCode & 1) == 0;
    if (!takeHi)
      return sign | code[i];
    if (hiIsBeyond) {
      // Rounded past the largest finite value. Toward-zero rounding never gets here; IEEE
      // formats give infinity unless saturating.
      return sign | overflow;
    }
    return sign | hiCode;
  }
};

#endif
