/* cuComplex.h - single and double precision complex numbers for host and device code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuBLAS, cuFFT and much CUDA code keep complex
 * values in cuFloatComplex (a float2: x is the real part, y the imaginary part) and
 * cuDoubleComplex (a double2), and do arithmetic on them with these functions, as documented
 * for CUDA's cuComplex.h. Division scales both operands by 1 / (|re(y)| + |im(y)|) first, so
 * that squaring the divisor neither overflows nor underflows for any representable operands;
 * the absolute value is hypot, which has neither problem either. The header is valid C and C++.
 */
#ifndef __DRAWBRIDGE_CUCOMPLEX_H__
#define __DRAWBRIDGE_CUCOMPLEX_H__
/* The conventional guard name, which some code tests for. */
#define CU_COMPLEX_H_

#include "host_defines.h"
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __DRAWBRIDGE_COMPLEX_FUNC static __inline__ __host__ __device__

/* The operations for one precision: complex type C, real type R, the suffix of the function
 * names (f for float, none for double), the constructor's name and the builtins' suffix. */
#define __DRAWBRIDGE_COMPLEX_OPERATIONS(C, R, sfx, make, bsfx)                                     \
  __DRAWBRIDGE_COMPLEX_FUNC R cuCreal##sfx(C z) { return z.x; }                                    \
  __DRAWBRIDGE_COMPLEX_FUNC R cuCimag##sfx(C z) { return z.y; }                                    \
  __DRAWBRIDGE_COMPLEX_FUNC C make(R re, R im) {                                                   \
    C z;                                                                                           \
    z.x = re;                                                                                      \
    z.y = im;                                                                                      \
    return z;                                                                                      \
  }                                                                                                \
  __DRAWBRIDGE_COMPLEX_FUNC C cuConj##sfx(C z) { return make(z.x, -z.y); }                         \
  __DRAWBRIDGE_COMPLEX_FUNC C cuCadd##sfx(C a, C b) { return make(a.x + b.x, a.y + b.y); }         \
  __DRAWBRIDGE_COMPLEX_FUNC C cuCsub##sfx(C a, C b) { return make(a.x - b.x, a.y - b.y); }         \
  __DRAWBRIDGE_COMPLEX_FUNC C cuCmul##sfx(C a, C b) {                                              \
    return make(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);                                     \
  }                                                                                                \
  __DRAWBRIDGE_COMPLEX_FUNC C cuCdiv##sfx(C a, C b) {                                              \
    R scale = (R)1 / (__builtin_fabs##bsfx(b.x) + __builtin_fabs##bsfx(b.y));                      \
    R ar = a.x * scale, ai = a.y * scale;                                                          \
    R br = b.x * scale, bi = b.y * scale;                                                          \
    R norm = (R)1 / (br * br + bi * bi);                                                           \
    return make((ar * br + ai * bi) * norm, (ai * br - ar * bi) * norm);                           \
  }                                                                                                \
  __DRAWBRIDGE_COMPLEX_FUNC R cuCabs##sfx(C z) { return __builtin_hypot##bsfx(z.x, z.y); }         \
  /* x * y + d */                                                                                  \
  __DRAWBRIDGE_COMPLEX_FUNC C cuCfma##sfx(C x, C y, C d) {                                         \
    return make(d.x + x.x * y.x - x.y * y.y, d.y + x.x * y.y + x.y * y.x);                         \
  }

__DRAWBRIDGE_COMPLEX_OPERATIONS(cuFloatComplex, float, f, make_cuFloatComplex, f)
__DRAWBRIDGE_COMPLEX_OPERATIONS(cuDoubleComplex, double, , make_cuDoubleComplex, )

#undef __DRAWBRIDGE_COMPLEX_OPERATIONS

__DRAWBRIDGE_COMPLEX_FUNC cuComplex make_cuComplex(float re, float im) {
  return make_cuFloatComplex(re, im);
}

__DRAWBRIDGE_COMPLEX_FUNC cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) {
  return make_cuDoubleComplex((double)z.x, (double)z.y);
}

__DRAWBRIDGE_COMPLEX_FUNC cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return make_cuFloatComplex((float)z.x, (float)z.y);
}

#undef __DRAWBRIDGE_COMPLEX_FUNC

#endif /* __DRAWBRIDGE_CUCOMPLEX_H__ */
