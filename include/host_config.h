/* host_config.h - kept because CUDA code includes it by name.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's header checks the host compiler and
 * sets up host-side definitions; Drawbridge needs no such checks, and the qualifiers code
 * expects after including it come from host_defines.h.
 */
#ifndef __DRAWBRIDGE_HOST_CONFIG_H__
#define __DRAWBRIDGE_HOST_CONFIG_H__

#include "host_defines.h"

#endif /* __DRAWBRIDGE_HOST_CONFIG_H__ */
