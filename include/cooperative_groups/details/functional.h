/* cooperative_groups/details/functional.h - where NVIDIA's toolkit keeps the operators (cg::plus, cg::less, ...).
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. The details/ headers are the toolkit's
 * internals, but some programs include them by name; this one brings in the public header
 * that defines the same things.
 */
#ifndef __DRAWBRIDGE_CG_DETAILS_FUNCTIONAL_H__
#define __DRAWBRIDGE_CG_DETAILS_FUNCTIONAL_H__
#include "../reduce.h"
#endif
