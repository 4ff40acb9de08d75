/* drawbridge/device/atomic_builtins.h - CUDA's built-in atomic functions (__nv_atomic_*).
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. CUDA 12.8 added atomics in the style of
 * GCC's __atomic builtins that take a memory order (__NV_ATOMIC_RELAXED ... __NV_ATOMIC_SEQ_CST)
 * and a thread scope (__NV_THREAD_SCOPE_THREAD ... __NV_THREAD_SCOPE_SYSTEM, the system when
 * left out). They are built on clang's scoped atomic builtins, whose memory orders have CUDA's
 * numbers; the scopes are renumbered, a cluster counting as the device (Drawbridge has no
 * clusters). What nvcc rejects is rejected here too, with nvcc's reason: arithmetic on objects
 * of other than 4 or 8 bytes, add and sub on signed 64-bit integers, min and max on floating
 * point, exchange of other than 4 or 8 bytes. Objects of 16 bytes, which nvcc accepts from
 * compute capability 9.0 on, are not supported, as 128-bit atomics are not.
 */
#ifndef __DRAWBRIDGE_DEVICE_ATOMIC_BUILTINS_H__
#define __DRAWBRIDGE_DEVICE_ATOMIC_BUILTINS_H__

#include "common.h"
#include "synchronization.h"

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};

enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

#if defined(__cplusplus)
__DRAWBRIDGE_HOST_DEVICE constexpr int __drawbridge_memory_scope(int scope) {
  return scope == __NV_THREAD_SCOPE_THREAD   ? __MEMORY_SCOPE_SINGLE
         : scope == __NV_THREAD_SCOPE_BLOCK  ? __MEMORY_SCOPE_WRKGRP
         : scope == __NV_THREAD_SCOPE_SYSTEM ? __MEMORY_SCOPE_SYSTEM
                                             : __MEMORY_SCOPE_DEVICE;
}

/* The value operand takes the pointee's type without deducing it, so that
   __nv_atomic_fetch_add(unsigned_pointer, 1, ...) converts the 1 as nvcc does. */
template <class T> struct __drawbridge_atomic_value {
  using type = __remove_cv(T);
};
template <class T> using __drawbridge_atomic_value_t = typename __drawbridge_atomic_value<T>::type;

#define __DRAWBRIDGE_NV_ATOMIC_ARITHMETIC_SIZE(T)                                                  \
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,                                                  \
                "atomic operations and, or, xor, add, sub, min and max are valid only on objects " \
                "of size 4, or 8")
#define __DRAWBRIDGE_NV_ATOMIC_ADD_SUB(T)                                                          \
  __DRAWBRIDGE_NV_ATOMIC_ARITHMETIC_SIZE(T);                                                       \
  static_assert(__is_integral(T) || __is_floating_point(T),                                        \
                "atomic operations add and sub are valid only on integers and floating point");    \
  static_assert(!(__is_integral(T) && __is_signed(T) && sizeof(T) == 8),                           \
                "atomic operations add and sub are not valid on signed integer of size 8")
#define __DRAWBRIDGE_NV_ATOMIC_BITWISE(T)                                                          \
  __DRAWBRIDGE_NV_ATOMIC_ARITHMETIC_SIZE(T);                                                       \
  static_assert(__is_integral(T), "atomic operations and, or and xor are valid only on integers")
#define __DRAWBRIDGE_NV_ATOMIC_MIN_MAX(T)                                                          \
  __DRAWBRIDGE_NV_ATOMIC_ARITHMETIC_SIZE(T);                                                       \
  static_assert(!__is_floating_point(T),                                                           \
                "atomic operations min and max are not supported on any floating-point types");    \
  static_assert(__is_floating_point(T) || __is_integral(T),                                        \
                "atomic operations min and max are valid only on integers")

/* __nv_atomic_fetch_OP returns the old value; __nv_atomic_OP returns nothing. */
#define __DRAWBRIDGE_NV_ATOMIC_RMW(op, check)                                                      \
  template <class T>                                                                               \
  __DRAWBRIDGE_DEVICE __drawbridge_atomic_value_t<T> __nv_atomic_fetch_##op(                       \
      T *ptr, __drawbridge_atomic_value_t<T> val, int order,                                       \
      int scope = __NV_THREAD_SCOPE_SYSTEM) {                                                      \
    check(__drawbridge_atomic_value_t<T>);                                                         \
    return __scoped_atomic_fetch_##op(ptr, val, order, __drawbridge_memory_scope(scope));          \
  }                                                                                                \
  template <class T>                                                                               \
  __DRAWBRIDGE_DEVICE void __nv_atomic_##op(T *ptr, __drawbridge_atomic_value_t<T> val, int order, \
                                            int scope = __NV_THREAD_SCOPE_SYSTEM) {                \
    check(__drawbridge_atomic_value_t<T>);                                                         \
    __scoped_atomic_fetch_##op(ptr, val, order, __drawbridge_memory_scope(scope));                 \
  }
__DRAWBRIDGE_NV_ATOMIC_RMW(add, __DRAWBRIDGE_NV_ATOMIC_ADD_SUB)
__DRAWBRIDGE_NV_ATOMIC_RMW(sub, __DRAWBRIDGE_NV_ATOMIC_ADD_SUB)
__DRAWBRIDGE_NV_ATOMIC_RMW(and, __DRAWBRIDGE_NV_ATOMIC_BITWISE)
__DRAWBRIDGE_NV_ATOMIC_RMW(or, __DRAWBRIDGE_NV_ATOMIC_BITWISE)
__DRAWBRIDGE_NV_ATOMIC_RMW(xor, __DRAWBRIDGE_NV_ATOMIC_BITWISE)
__DRAWBRIDGE_NV_ATOMIC_RMW(min, __DRAWBRIDGE_NV_ATOMIC_MIN_MAX)
__DRAWBRIDGE_NV_ATOMIC_RMW(max, __DRAWBRIDGE_NV_ATOMIC_MIN_MAX)
#undef __DRAWBRIDGE_NV_ATOMIC_RMW
#undef __DRAWBRIDGE_NV_ATOMIC_MIN_MAX
#undef __DRAWBRIDGE_NV_ATOMIC_BITWISE
#undef __DRAWBRIDGE_NV_ATOMIC_ADD_SUB
#undef __DRAWBRIDGE_NV_ATOMIC_ARITHMETIC_SIZE

#define __DRAWBRIDGE_NV_ATOMIC_PLAIN(T)                                                            \
  static_assert(sizeof(T) != 16, "Drawbridge does not support 16-byte atomics (nvcc's compute "    \
                                 "capability 9.0 ones); use an object of 8 bytes or fewer");       \
  static_assert(sizeof(T) == 16 || sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||           \
                    sizeof(T) == 8,                                                                \
                "atomic load, store and compare-exchange are valid only on objects of size 1, 2, " \
                "4, 8 or 16 bytes")
#define __DRAWBRIDGE_NV_ATOMIC_EXCHANGE(T)                                                         \
  __DRAWBRIDGE_NV_ATOMIC_PLAIN(T);                                                                 \
  static_assert(sizeof(T) == 16 || sizeof(T) == 4 || sizeof(T) == 8,                               \
                "atomic exchange is valid only on objects of size 4, 8 or 16 bytes")

/* Loads, stores, exchanges and compare-exchanges take any trivially copyable type of 1, 2, 4 or
   8 bytes (a float, a pointer, a struct of two ints): they go through the unsigned integer of
   its size, at the object's address, which CUDA requires to be aligned to that size. */
template <unsigned long Size> struct __drawbridge_atomic_bits {
  struct type {
    unsigned char bytes[Size];
  };
};
template <> struct __drawbridge_atomic_bits<1> {
  using type = unsigned char;
};
template <> struct __drawbridge_atomic_bits<2> {
  using type = unsigned short;
};
template <> struct __drawbridge_atomic_bits<4> {
  using type = unsigned int;
};
template <> struct __drawbridge_atomic_bits<8> {
  using type = unsigned long long;
};
template <class T>
using __drawbridge_atomic_bits_t = typename __drawbridge_atomic_bits<sizeof(T)>::type;
#define __DRAWBRIDGE_NV_ATOMIC_BITS(T, value)                                                      \
  __builtin_bit_cast(__drawbridge_atomic_bits_t<T>, value)
#define __DRAWBRIDGE_NV_ATOMIC_ADDRESS(T, ptr) ((__drawbridge_atomic_bits_t<T> *)(ptr))

template <class T>
__DRAWBRIDGE_DEVICE void __nv_atomic_load(T *ptr, __drawbridge_atomic_value_t<T> *ret, int order,
                                          int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __DRAWBRIDGE_NV_ATOMIC_PLAIN(T);
  __drawbridge_atomic_bits_t<T> bits;
  __scoped_atomic_load(__DRAWBRIDGE_NV_ATOMIC_ADDRESS(T, ptr), &bits, order,
                       __drawbridge_memory_scope(scope));
  *ret = __builtin_bit_cast(__drawbridge_atomic_value_t<T>, bits);
}
template <class T>
__DRAWBRIDGE_DEVICE __drawbridge_atomic_value_t<T>
__nv_atomic_load_n(T *ptr, int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __drawbridge_atomic_value_t<T> value;
  __nv_atomic_load(ptr, &value, order, scope);
  return value;
}

template <class T>
__DRAWBRIDGE_DEVICE void __nv_atomic_store(T *ptr, __drawbridge_atomic_value_t<T> *val, int order,
                                           int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __DRAWBRIDGE_NV_ATOMIC_PLAIN(T);
  __drawbridge_atomic_bits_t<T> bits = __DRAWBRIDGE_NV_ATOMIC_BITS(T, *val);
  __scoped_atomic_store(__DRAWBRIDGE_NV_ATOMIC_ADDRESS(T, ptr), &bits, order,
                        __drawbridge_memory_scope(scope));
}
template <class T>
__DRAWBRIDGE_DEVICE void __nv_atomic_store_n(T *ptr, __drawbridge_atomic_value_t<T> val, int order,
                                             int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __nv_atomic_store(ptr, &val, order, scope);
}

template <class T>
__DRAWBRIDGE_DEVICE void __nv_atomic_exchange(T *ptr, __drawbridge_atomic_value_t<T> *val,
                                              __drawbridge_atomic_value_t<T> *ret, int order,
                                              int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __DRAWBRIDGE_NV_ATOMIC_EXCHANGE(T);
  __drawbridge_atomic_bits_t<T> bits = __DRAWBRIDGE_NV_ATOMIC_BITS(T, *val), old;
  __scoped_atomic_exchange(__DRAWBRIDGE_NV_ATOMIC_ADDRESS(T, ptr), &bits, &old, order,
                           __drawbridge_memory_scope(scope));
  *ret = __builtin_bit_cast(__drawbridge_atomic_value_t<T>, old);
}
template <class T>
__DRAWBRIDGE_DEVICE __drawbridge_atomic_value_t<T>
__nv_atomic_exchange_n(T *ptr, __drawbridge_atomic_value_t<T> val, int order,
                       int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __drawbridge_atomic_value_t<T> old;
  __nv_atomic_exchange(ptr, &val, &old, order, scope);
  return old;
}

/* On failure the object's value is written to *expected, as GCC's builtins do. */
template <class T>
__DRAWBRIDGE_DEVICE bool
__nv_atomic_compare_exchange(T *ptr, __drawbridge_atomic_value_t<T> *expected,
                             __drawbridge_atomic_value_t<T> *desired, bool weak, int success_order,
                             int failure_order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  __DRAWBRIDGE_NV_ATOMIC_PLAIN(T);
  __drawbridge_atomic_bits_t<T> seen = __DRAWBRIDGE_NV_ATOMIC_BITS(T, *expected),
                                bits = __DRAWBRIDGE_NV_ATOMIC_BITS(T, *desired);
  bool exchanged = __scoped_atomic_compare_exchange(__DRAWBRIDGE_NV_ATOMIC_ADDRESS(T, ptr), &seen,
                                                    &bits, weak, success_order, failure_order,
                                                    __drawbridge_memory_scope(scope));
  *expected = __builtin_bit_cast(__drawbridge_atomic_value_t<T>, seen);
  return exchanged;
}
template <class T>
__DRAWBRIDGE_DEVICE bool
__nv_atomic_compare_exchange_n(T *ptr, __drawbridge_atomic_value_t<T> *expected,
                               __drawbridge_atomic_value_t<T> desired, bool weak, int success_order,
                               int failure_order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange(ptr, expected, &desired, weak, success_order, failure_order,
                                      scope);
}
#undef __DRAWBRIDGE_NV_ATOMIC_ADDRESS
#undef __DRAWBRIDGE_NV_ATOMIC_BITS
#undef __DRAWBRIDGE_NV_ATOMIC_EXCHANGE
#undef __DRAWBRIDGE_NV_ATOMIC_PLAIN

/* nvcc makes every such fence sequentially consistent (fence.sc), whatever the order named; a
   thread-scope fence orders only the thread's own accesses, so it is a compiler barrier. */
__DRAWBRIDGE_DEVICE void __nv_atomic_thread_fence(int order, int scope = __NV_THREAD_SCOPE_SYSTEM) {
  (void)order;
  if (scope == __NV_THREAD_SCOPE_THREAD)
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
  else if (scope == __NV_THREAD_SCOPE_BLOCK)
    __threadfence_block();
  else if (scope == __NV_THREAD_SCOPE_SYSTEM)
    __threadfence_system();
  else
    __threadfence();
}
#endif

#endif /* __DRAWBRIDGE_DEVICE_ATOMIC_BUILTINS_H__ */
