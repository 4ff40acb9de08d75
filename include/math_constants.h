/* math_constants.h - the CUDART_* floating-point constants.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. CUDA code includes this header for pi,
 * infinity, NaN and the other constants NVIDIA's math library is written with, in float
 * (suffix _F) and double. Each value is the constant correctly rounded to its type, computed
 * with 400-bit arithmetic; a _HI/_LO pair splits a constant into that rounded value and the
 * rounded remainder, so that HI + LO carries twice the precision. Special values (infinities,
 * NaNs, signed zero, denormals) are built with compiler builtins, so every macro is a constant
 * expression usable in host and device code, in C and in C++.
 */
#ifndef __DRAWBRIDGE_MATH_CONSTANTS_H__
#define __DRAWBRIDGE_MATH_CONSTANTS_H__
/* The conventional guard name, which some code tests for. */
#define __MATH_CONSTANTS_H__

/* Single precision: special values. CUDART_NAN_F has every significand bit set (0x7fffffff). */
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("0x3fffff")
#define CUDART_MIN_DENORM_F 1.40129846e-45F
#define CUDART_MAX_NORMAL_F 3.40282347e+38F
#define CUDART_NEG_ZERO_F (-0.0F)
#define CUDART_ZERO_F 0.0F
#define CUDART_ONE_F 1.0F

/* Single precision: mathematical constants. */
#define CUDART_SQRT_HALF_F 0.707106769F
#define CUDART_SQRT_HALF_HI_F 0.707106769F
#define CUDART_SQRT_HALF_LO_F 1.21016175e-08F
#define CUDART_SQRT_TWO_F 1.41421354F
#define CUDART_THIRD_F 0.333333343F
#define CUDART_PIO4_F 0.785398185F
#define CUDART_PIO2_F 1.57079637F
#define CUDART_3PIO4_F 2.3561945F
#define CUDART_2_OVER_PI_F 0.636619747F
#define CUDART_SQRT_2_OVER_PI_F 0.797884583F
#define CUDART_PI_F 3.14159274F
#define CUDART_L2E_F 1.44269502F  /* log2(e) */
#define CUDART_L2T_F 3.32192802F  /* log2(10) */
#define CUDART_LG2_F 0.30103001F  /* log10(2) */
#define CUDART_LGE_F 0.434294492F /* log10(e) */
#define CUDART_LN2_F 0.693147182F /* ln(2) */
#define CUDART_LNT_F 2.30258512F  /* ln(10) */
#define CUDART_LNPI_F 1.14472985F /* ln(pi) */

/* Single precision: powers of two and limits used by argument reduction. */
#define CUDART_TWO_TO_M126_F 1.17549435e-38F
#define CUDART_TWO_TO_126_F 8.50705917e+37F
#define CUDART_NORM_HUGE_F 3.40282347e+38F
#define CUDART_TWO_TO_23_F 8388608.0F
#define CUDART_TWO_TO_24_F 16777216.0F
#define CUDART_TWO_TO_31_F 2147483648.0F
#define CUDART_TWO_TO_32_F 4294967296.0F
#define CUDART_REMQUO_BITS_F 3U
#define CUDART_REMQUO_MASK_F ((1U << CUDART_REMQUO_BITS_F) - 1U)
#define CUDART_TRIG_PLOSS_F 105615.0F

/* Double precision: special values. CUDART_NAN is the negative quiet NaN 0xfff8000000000000. */
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN (-__builtin_nan(""))
#define CUDART_NEG_ZERO (-0.0)
#define CUDART_MIN_DENORM 4.9406564584124654e-324
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0

/* Double precision: mathematical constants. */
#define CUDART_SQRT_TWO 1.4142135623730951
#define CUDART_SQRT_HALF 0.70710678118654757
#define CUDART_SQRT_HALF_HI 0.70710678118654757
#define CUDART_SQRT_HALF_LO (-4.8336466567264567e-17)
#define CUDART_THIRD 0.33333333333333331
#define CUDART_TWOTHIRD 0.66666666666666663
#define CUDART_PIO4 0.78539816339744828
#define CUDART_PIO4_HI 0.78539816339744828
#define CUDART_PIO4_LO 3.061616997868383e-17
#define CUDART_PIO2 1.5707963267948966
#define CUDART_PIO2_HI 1.5707963267948966
#define CUDART_PIO2_LO 6.123233995736766e-17
#define CUDART_3PIO4 2.3561944901923448
#define CUDART_2_OVER_PI 0.63661977236758138
#define CUDART_PI 3.1415926535897931
#define CUDART_PI_HI 3.1415926535897931
#define CUDART_PI_LO 1.2246467991473532e-16
#define CUDART_SQRT_2PI 2.5066282746310007
#define CUDART_SQRT_2PI_HI 2.5066282746310007
#define CUDART_SQRT_2PI_LO (-1.8328579980459167e-16)
#define CUDART_SQRT_PIO2 1.2533141373155003
#define CUDART_SQRT_PIO2_HI 1.2533141373155003
#define CUDART_SQRT_PIO2_LO (-9.1642899902295834e-17)
#define CUDART_SQRT_2OPI 0.79788456080286541
#define CUDART_L2E 1.4426950408889634
#define CUDART_L2E_HI 1.4426950408889634
#define CUDART_L2E_LO 2.0355273740931033e-17
#define CUDART_L2T 3.3219280948873622
#define CUDART_LG2 0.3010299956639812
#define CUDART_LG2_HI 0.3010299956639812
#define CUDART_LG2_LO (-2.8037281277851704e-18)
#define CUDART_LGE 0.43429448190325182
#define CUDART_LGE_HI 0.43429448190325182
#define CUDART_LGE_LO 1.0983196502167651e-17
#define CUDART_LN2 0.69314718055994529
#define CUDART_LN2_HI 0.69314718055994529
#define CUDART_LN2_LO 2.3190468138462996e-17
#define CUDART_LNT 2.3025850929940459
#define CUDART_LNT_HI 2.3025850929940459
#define CUDART_LNT_LO (-2.1707562233822494e-16)
#define CUDART_LNPI 1.1447298858494002
#define CUDART_LN2_X_1024 709.78271289338397 /* ln(2) * 1024 */
#define CUDART_LN2_X_1025 710.47586007394398
#define CUDART_LN2_X_1075 745.13321910194122
#define CUDART_LG2_X_1024 308.25471555991675 /* log10(2) * 1024 */
#define CUDART_LG2_X_1075 323.60724533877976

/* Double precision: powers of two and limits used by argument reduction and conversion. */
#define CUDART_TWO_TO_23 8388608.0
#define CUDART_TWO_TO_52 4503599627370496.0
#define CUDART_TWO_TO_53 9007199254740992.0
#define CUDART_TWO_TO_54 18014398509481984.0
#define CUDART_TWO_TO_M54 5.5511151231257827e-17
#define CUDART_TWO_TO_M1022 2.2250738585072014e-308
#define CUDART_TRIG_PLOSS 2147483648.0
#define CUDART_DBL2INT_CVT 6755399441055744.0 /* 1.5 * 2^52 */

#endif /* __DRAWBRIDGE_MATH_CONSTANTS_H__ */
