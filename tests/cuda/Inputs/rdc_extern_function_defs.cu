// Device definitions for rdc_extern_function.cu: a function and a variable other files use
// through extern declarations.
__device__ int rdc_offset = 1000;
__device__ int rdc_scale(int x) { return 3 * x + 1; }
__device__ int rdc_defs_probe(void) { return rdc_offset; }
