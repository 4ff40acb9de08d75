/* drawbridge/device/builtin_variables.h - threadIdx, blockIdx, blockDim, gridDim, warpSize.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Each built-in variable is an object whose
 * members are clang "properties": reading threadIdx.x calls a getter that reads the thread's
 * special register, so the variables cost nothing and cannot be assigned. They convert to
 * uint3/dim3 as CUDA's do.
 */
#ifndef __DRAWBRIDGE_DEVICE_BUILTIN_VARIABLES_H__
#define __DRAWBRIDGE_DEVICE_BUILTIN_VARIABLES_H__

#include "../../vector_types.h"

#define __DRAWBRIDGE_BUILTIN_AXIS(axis, reg)                                                       \
  __declspec(property(get = __fetch_builtin_##axis)) unsigned int axis;                            \
  static __device__ __forceinline__ unsigned int __fetch_builtin_##axis(void) {                    \
    return __nvvm_read_ptx_sreg_##reg##_##axis();                                                  \
  }

#define __DRAWBRIDGE_BUILTIN_VARIABLE(type, reg)                                                   \
  struct type {                                                                                    \
    __DRAWBRIDGE_BUILTIN_AXIS(x, reg)                                                              \
    __DRAWBRIDGE_BUILTIN_AXIS(y, reg)                                                              \
    __DRAWBRIDGE_BUILTIN_AXIS(z, reg)                                                              \
    __device__ operator uint3() const { return uint3{x, y, z}; }                                   \
    __device__ operator dim3() const { return dim3(x, y, z); }                                     \
                                                                                                   \
  private:                                                                                         \
    __device__ type() = delete;                                                                    \
    __device__ type(const type &) = delete;                                                        \
    __device__ void operator=(const type &) const = delete;                                        \
    __device__ type *operator&() const = delete;                                                   \
  }

__DRAWBRIDGE_BUILTIN_VARIABLE(__drawbridge_threadIdx_t, tid);
__DRAWBRIDGE_BUILTIN_VARIABLE(__drawbridge_blockIdx_t, ctaid);
__DRAWBRIDGE_BUILTIN_VARIABLE(__drawbridge_blockDim_t, ntid);
__DRAWBRIDGE_BUILTIN_VARIABLE(__drawbridge_gridDim_t, nctaid);

#undef __DRAWBRIDGE_BUILTIN_VARIABLE
#undef __DRAWBRIDGE_BUILTIN_AXIS

/* Never defined: every use goes through the static getters above. */
#define __DRAWBRIDGE_BUILTIN_VAR extern const __device__ __attribute__((weak))
__DRAWBRIDGE_BUILTIN_VAR __drawbridge_threadIdx_t threadIdx;
__DRAWBRIDGE_BUILTIN_VAR __drawbridge_blockIdx_t blockIdx;
__DRAWBRIDGE_BUILTIN_VAR __drawbridge_blockDim_t blockDim;
__DRAWBRIDGE_BUILTIN_VAR __drawbridge_gridDim_t gridDim;
#undef __DRAWBRIDGE_BUILTIN_VAR

/* The warp size is 32 on every Drawbridge target. */
static constexpr __device__ int warpSize = 32;

#endif /* __DRAWBRIDGE_DEVICE_BUILTIN_VARIABLES_H__ */
