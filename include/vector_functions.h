/*===- vector_functions.h - make_<type>() constructors ------------*- C -*-===*
 *
 * Part of Drawbridge, a clean-room CUDA toolchain.
 *
 * CUDA programs build vector values with make_int2(), make_float4() and
 * friends on both host and device.  This header provides one such helper for
 * every built-in vector type of vector_types.h.  The helpers are static
 * inline functions written so they compile as C as well as C++, and they
 * carry __host__ __device__ so clang's CUDA mode accepts them on both sides.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DRAWBRIDGE_VECTOR_FUNCTIONS_H__
#define __DRAWBRIDGE_VECTOR_FUNCTIONS_H__
/* The conventional guard name, which some code tests for. */
#define __VECTOR_FUNCTIONS_H__

#include "host_defines.h"
#include "vector_types.h"

#define __DRAWBRIDGE_VECTOR_FUNC static __inline__ __host__ __device__

__DRAWBRIDGE_VECTOR_FUNC char1 make_char1(signed char x) {
  char1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC char2 make_char2(signed char x, signed char y) {
  char2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC char3 make_char3(signed char x, signed char y, signed char z) {
  char3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC char4 make_char4(signed char x, signed char y, signed char z,
                                          signed char w) {
  char4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC uchar1 make_uchar1(unsigned char x) {
  uchar1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uchar2 make_uchar2(unsigned char x, unsigned char y) {
  uchar2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) {
  uchar3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z,
                                            unsigned char w) {
  uchar4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC short1 make_short1(short x) {
  short1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC short2 make_short2(short x, short y) {
  short2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC short3 make_short3(short x, short y, short z) {
  short3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC short4 make_short4(short x, short y, short z, short w) {
  short4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC ushort1 make_ushort1(unsigned short x) {
  ushort1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ushort2 make_ushort2(unsigned short x, unsigned short y) {
  ushort2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ushort3 make_ushort3(unsigned short x, unsigned short y,
                                              unsigned short z) {
  ushort3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z,
                                              unsigned short w) {
  ushort4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC int1 make_int1(int x) {
  int1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC int2 make_int2(int x, int y) {
  int2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC int3 make_int3(int x, int y, int z) {
  int3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC int4 make_int4(int x, int y, int z, int w) {
  int4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC uint1 make_uint1(unsigned int x) {
  uint1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uint2 make_uint2(unsigned int x, unsigned int y) {
  uint2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) {
  uint3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z,
                                          unsigned int w) {
  uint4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC long1 make_long1(long int x) {
  long1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC long2 make_long2(long int x, long int y) {
  long2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC long3 make_long3(long int x, long int y, long int z) {
  long3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC long4 make_long4(long int x, long int y, long int z, long int w) {
  long4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC ulong1 make_ulong1(unsigned long int x) {
  ulong1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulong2 make_ulong2(unsigned long int x, unsigned long int y) {
  ulong2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulong3 make_ulong3(unsigned long int x, unsigned long int y,
                                            unsigned long int z) {
  ulong3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulong4 make_ulong4(unsigned long int x, unsigned long int y,
                                            unsigned long int z, unsigned long int w) {
  ulong4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC longlong1 make_longlong1(long long int x) {
  longlong1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC longlong2 make_longlong2(long long int x, long long int y) {
  longlong2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC longlong3 make_longlong3(long long int x, long long int y,
                                                  long long int z) {
  longlong3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC longlong4 make_longlong4(long long int x, long long int y, long long int z,
                                                  long long int w) {
  longlong4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC ulonglong1 make_ulonglong1(unsigned long long int x) {
  ulonglong1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulonglong2 make_ulonglong2(unsigned long long int x,
                                                    unsigned long long int y) {
  ulonglong2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulonglong3 make_ulonglong3(unsigned long long int x,
                                                    unsigned long long int y,
                                                    unsigned long long int z) {
  ulonglong3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC ulonglong4 make_ulonglong4(unsigned long long int x,
                                                    unsigned long long int y,
                                                    unsigned long long int z,
                                                    unsigned long long int w) {
  ulonglong4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC float1 make_float1(float x) {
  float1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC float2 make_float2(float x, float y) {
  float2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC float3 make_float3(float x, float y, float z) {
  float3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC float4 make_float4(float x, float y, float z, float w) {
  float4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

__DRAWBRIDGE_VECTOR_FUNC double1 make_double1(double x) {
  double1 r;
  r.x = x;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC double2 make_double2(double x, double y) {
  double2 r;
  r.x = x;
  r.y = y;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC double3 make_double3(double x, double y, double z) {
  double3 r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__DRAWBRIDGE_VECTOR_FUNC double4 make_double4(double x, double y, double z, double w) {
  double4 r;
  r.x = x;
  r.y = y;
  r.z = z;
  r.w = w;
  return r;
}

#undef __DRAWBRIDGE_VECTOR_FUNC

#endif /* __DRAWBRIDGE_VECTOR_FUNCTIONS_H__ */
