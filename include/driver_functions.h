/* driver_functions.h - constructors for the runtime's copy-parameter structs.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. make_cudaPitchedPtr, make_cudaPos and
 * make_cudaExtent build the structs that 3D allocation, copy and fill calls take;
 * cuda_runtime.h includes this header.
 */
#ifndef __DRAWBRIDGE_DRIVER_FUNCTIONS_H__
#define __DRAWBRIDGE_DRIVER_FUNCTIONS_H__
/* The conventional guard name, which some code tests for. */
#define __DRIVER_FUNCTIONS_H__

#include "driver_types.h"
#include "host_defines.h"

static __inline__ __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz,
                                                                     size_t ysz) {
  struct cudaPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}
static __inline__ __host__ struct cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  struct cudaPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}
static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  struct cudaExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}

#endif /* __DRAWBRIDGE_DRIVER_FUNCTIONS_H__ */
