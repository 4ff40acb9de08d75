/* drawbridge/texture_object.h - what a cudaTextureObject_t points to.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. A texture object is the address of this
 * record, made by cudaCreateTextureObject (runtime/api/TextureApi.cpp) and read by tex1Dfetch
 * and tex2D in device code (drawbridge/device/texture_fetch.h): device memory is host memory
 * on the CPU target, so a fetch is a bounds-checked load from the resource.
 */
#ifndef __DRAWBRIDGE_TEXTURE_OBJECT_H__
#define __DRAWBRIDGE_TEXTURE_OBJECT_H__

#include "../texture_types.h"

struct __drawbridge_texture_object {
  const char *data;
  size_t sizeInBytes; /* linear: the resource's bytes; pitch2D: pitchInBytes * height */
  size_t width, height, pitchInBytes; /* pitch2D only */
  struct cudaResourceDesc resource;
  struct cudaTextureDesc texture;
};

#endif /* __DRAWBRIDGE_TEXTURE_OBJECT_H__ */
