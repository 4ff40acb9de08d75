/* device_types.h - the rounding modes of device floating-point intrinsics.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. enum cudaRoundMode names the IEEE rounding
 * directions that the _rn, _rz, _ru and _rd intrinsics use; builtin_types.h includes it, as
 * NVIDIA's does, so it comes with cuda_runtime.h.
 */
#ifndef __DRAWBRIDGE_DEVICE_TYPES_H__
#define __DRAWBRIDGE_DEVICE_TYPES_H__
/* The conventional guard name, which some code tests for. */
#define __DEVICE_TYPES_H__

enum cudaRoundMode {
  cudaRoundNearest, /* round to nearest, ties to even */
  cudaRoundZero,    /* round towards zero */
  cudaRoundPosInf,  /* round towards +infinity */
  cudaRoundMinInf   /* round towards -infinity */
};

#endif /* __DRAWBRIDGE_DEVICE_TYPES_H__ */
