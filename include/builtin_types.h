/* builtin_types.h - the data types shared by host and device code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Kept because CUDA code includes it by name.
 */
#ifndef __DRAWBRIDGE_BUILTIN_TYPES_H__
#define __DRAWBRIDGE_BUILTIN_TYPES_H__

#include "device_types.h"
#include "driver_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif /* __DRAWBRIDGE_BUILTIN_TYPES_H__ */
