/* crt/host_config.h - kept because CUDA code includes it by this path.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's toolkit keeps part of its headers
 * under crt/; in Drawbridge what this one declares comes with host_defines.h.
 */
#ifndef __DRAWBRIDGE_CRT_HOST_CONFIG_H__
#define __DRAWBRIDGE_CRT_HOST_CONFIG_H__

#include "../host_defines.h"

#endif /* __DRAWBRIDGE_CRT_HOST_CONFIG_H__ */
