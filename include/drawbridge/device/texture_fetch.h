/* drawbridge/device/texture_fetch.h - reading through texture objects: tex1Dfetch, tex2D.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Programming Guide's
 * texture object API. A texture object is the address of the record cudaCreateTextureObject
 * made (drawbridge/texture_object.h); device memory is host memory on the CPU target, so a
 * fetch is a load. tex1Dfetch reads element x of a linear resource, zero outside it.
 * tex2D samples a pitched 2D resource at the nearest texel (point filtering): coordinates are
 * scaled by the size when normalised; outside the resource the address mode decides (border:
 * zero; clamp: the edge; wrap and mirror repeat, and act as clamp on unnormalised
 * coordinates, as CUDA specifies).
 */
#ifndef __DRAWBRIDGE_DEVICE_TEXTURE_FETCH_H__
#define __DRAWBRIDGE_DEVICE_TEXTURE_FETCH_H__

#include "../texture_object.h"
#include "common.h"

#if defined(__cplusplus)

__DRAWBRIDGE_DEVICE const __drawbridge_texture_object *
__drawbridge_texture(cudaTextureObject_t texture) {
  return (const __drawbridge_texture_object *)texture;
}

template <class T> __device__ T tex1Dfetch(cudaTextureObject_t texObject, int x) {
  const __drawbridge_texture_object *t = __drawbridge_texture(texObject);
  if (x < 0 || (size_t)x >= t->sizeInBytes / sizeof(T))
    return T();
  return ((const T *)t->data)[x];
}

template <class T> __device__ void tex1Dfetch(T *retVal, cudaTextureObject_t texObject, int x) {
  *retVal = tex1Dfetch<T>(texObject, x);
}

/* The texel index along one dimension of n texels, or -1 when a border texel (zero). */
__DRAWBRIDGE_DEVICE long long __drawbridge_texel(float c, size_t n, int normalized,
                                                 enum cudaTextureAddressMode mode) {
  float scaled = normalized ? c * (float)n : c;
  long long i = (long long)__builtin_floorf(scaled), size = (long long)n;
  if (i >= 0 && i < size)
    return i;
  if (mode == cudaAddressModeBorder)
    return -1;
  if (normalized && mode == cudaAddressModeWrap)
    return ((i % size) + size) % size;
  if (normalized && mode == cudaAddressModeMirror) {
    long long period = ((i % (2 * size)) + 2 * size) % (2 * size);
    return period < size ? period : 2 * size - 1 - period;
  }
  return i < 0 ? 0 : size - 1;
}

template <class T> __device__ T tex2D(cudaTextureObject_t texObject, float x, float y) {
  const __drawbridge_texture_object *t = __drawbridge_texture(texObject);
  if (t->resource.resType != cudaResourceTypePitch2D)
    return T();
  long long i = __drawbridge_texel(x, t->width, t->texture.normalizedCoords,
                                   t->texture.addressMode[0]);
  long long j = __drawbridge_texel(y, t->height, t->texture.normalizedCoords,
                                   t->texture.addressMode[1]);
  if (i < 0 || j < 0)
    return T();
  return ((const T *)(t->data + (size_t)j * t->pitchInBytes))[i];
}

template <class T> __device__ void tex2D(T *retVal, cudaTextureObject_t texObject, float x, float y) {
  *retVal = tex2D<T>(texObject, x, y);
}

#endif /* __cplusplus */

#endif /* __DRAWBRIDGE_DEVICE_TEXTURE_FETCH_H__ */
