/* library_types.h - the data-type and version enums the CUDA libraries share.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuBLAS, cuSPARSE, cuSOLVER, cuFFT and cuRAND
 * describe element types with cudaDataType_t and report their versions through
 * libraryPropertyType; code that calls those libraries includes this header, directly or
 * through theirs. The numeric values are CUDA 12.8's and are part of the libraries' ABI.
 */
#ifndef __DRAWBRIDGE_LIBRARY_TYPES_H__
#define __DRAWBRIDGE_LIBRARY_TYPES_H__
/* The conventional guard name, which some code tests for. */
#define __LIBRARY_TYPES_H__

/* CUDA_R_* is a real element, CUDA_C_* a complex one (a pair of that real type). */
typedef enum cudaDataType_t {
  CUDA_R_16F = 2,
  CUDA_C_16F = 6,
  CUDA_R_16BF = 14,
  CUDA_C_16BF = 15,
  CUDA_R_32F = 0,
  CUDA_C_32F = 4,
  CUDA_R_64F = 1,
  CUDA_C_64F = 5,
  CUDA_R_4I = 16,
  CUDA_C_4I = 17,
  CUDA_R_4U = 18,
  CUDA_C_4U = 19,
  CUDA_R_8I = 3,
  CUDA_C_8I = 7,
  CUDA_R_8U = 8,
  CUDA_C_8U = 9,
  CUDA_R_16I = 20,
  CUDA_C_16I = 21,
  CUDA_R_16U = 22,
  CUDA_C_16U = 23,
  CUDA_R_32I = 10,
  CUDA_C_32I = 11,
  CUDA_R_32U = 12,
  CUDA_C_32U = 13,
  CUDA_R_64I = 24,
  CUDA_C_64I = 25,
  CUDA_R_64U = 26,
  CUDA_C_64U = 27,
  CUDA_R_8F_E4M3 = 28,  /* fp8, 4 exponent and 3 mantissa bits */
  CUDA_R_8F_E5M2 = 29,  /* fp8, 5 exponent and 2 mantissa bits */
  CUDA_R_8F_UE8M0 = 30, /* unsigned 8-bit exponent, no mantissa (a block scale) */
  CUDA_R_6F_E2M3 = 31,  /* fp6 */
  CUDA_R_6F_E3M2 = 32,  /* fp6 */
  CUDA_R_4F_E2M1 = 33   /* fp4 */
} cudaDataType;

typedef enum libraryPropertyType_t {
  MAJOR_VERSION,
  MINOR_VERSION,
  PATCH_LEVEL
} libraryPropertyType;

/* C++ names an enum by its tag; C needs these for the _t spellings. */
#if !defined(__cplusplus)
typedef enum cudaDataType_t cudaDataType_t;
typedef enum libraryPropertyType_t libraryPropertyType_t;
#endif

#endif /* __DRAWBRIDGE_LIBRARY_TYPES_H__ */
