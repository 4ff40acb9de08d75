// Relocatable device code inside the shared library of build_shared_library.cu.
__device__ int shared_lib_twice(int x) { return 2 * x; }
