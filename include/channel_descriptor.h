/* channel_descriptor.h - cudaCreateChannelDesc<T>(): the channel format of an element type.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Runtime API's
 * description of the C++ template: a type's components, their bits and their kind (signed,
 * unsigned or float); a type it does not describe gets no components and kind None.
 */
#ifndef __DRAWBRIDGE_CHANNEL_DESCRIPTOR_H__
#define __DRAWBRIDGE_CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"

#if defined(__cplusplus)

template <class T> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

#define __DRAWBRIDGE_CHANNELS(scalar, vector, bits, kind)                                         \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<scalar>(void) {      \
    return cudaCreateChannelDesc(bits, 0, 0, 0, kind);                                          \
  }                                                                                             \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<vector##1>(void) {   \
    return cudaCreateChannelDesc(bits, 0, 0, 0, kind);                                          \
  }                                                                                             \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<vector##2>(void) {   \
    return cudaCreateChannelDesc(bits, bits, 0, 0, kind);                                       \
  }                                                                                             \
  template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<vector##4>(void) {   \
    return cudaCreateChannelDesc(bits, bits, bits, bits, kind);                                 \
  }

__DRAWBRIDGE_CHANNELS(char, char, 8,
                      (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
__DRAWBRIDGE_CHANNELS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
__DRAWBRIDGE_CHANNELS(short, short, 16, cudaChannelFormatKindSigned)
__DRAWBRIDGE_CHANNELS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
__DRAWBRIDGE_CHANNELS(int, int, 32, cudaChannelFormatKindSigned)
__DRAWBRIDGE_CHANNELS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
__DRAWBRIDGE_CHANNELS(float, float, 32, cudaChannelFormatKindFloat)
#undef __DRAWBRIDGE_CHANNELS

template <> inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc<signed char>(void) {
  return cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindSigned);
}

#endif /* __cplusplus */

#endif /* __DRAWBRIDGE_CHANNEL_DESCRIPTOR_H__ */
