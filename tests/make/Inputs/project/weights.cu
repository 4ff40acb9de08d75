// Relocatable device code: the stencil's weights and a device function, used from stencil.cu.
#include "stencil.h"

__device__ float weights[2 * kRadius + 1] = {1, 2, 3, 2, 1};

__device__ float weigh(int k, float x) { return weights[k + kRadius] * x; }
