/* cooperative_groups/details/async.h - where NVIDIA's toolkit keeps memcpy_async and wait.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. The details/ headers are the toolkit's
 * internals, but some programs include them by name; this one brings in the public header
 * that defines the same things.
 */
#ifndef __DRAWBRIDGE_CG_DETAILS_ASYNC_H__
#define __DRAWBRIDGE_CG_DETAILS_ASYNC_H__
#include "../memcpy_async.h"
#endif
