/* texture_types.h - texture objects: their handle and how they read.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Runtime API's texture
 * object management. Drawbridge reads linear and pitched 2D resources through texture objects
 * with point sampling (tex1Dfetch); cudaCreateTextureObject refuses what it cannot honour.
 */
#ifndef __DRAWBRIDGE_TEXTURE_TYPES_H__
#define __DRAWBRIDGE_TEXTURE_TYPES_H__

#include "driver_types.h"

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03

typedef unsigned long long cudaTextureObject_t;

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };

enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };

struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

#endif /* __DRAWBRIDGE_TEXTURE_TYPES_H__ */
