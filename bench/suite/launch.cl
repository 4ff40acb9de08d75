// An empty kernel for launch.cu's launch-overhead measurement under PoCL.
__kernel void empty(void) {}
