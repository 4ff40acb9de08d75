// The PTX nvcc --ptx writes is accepted by NVIDIA's ptxas (where CUDA is installed) for the
// GPUs CUDA 13 still supports: shuffles, barriers, atomics, printf and assert.
// REQUIRES: nvidia-nvcc
// RUN: %nvcc --ptx -arch=sm_80 %S/ptx_output.cu -o %t.80.ptx
// RUN: /usr/local/cuda/bin/ptxas -arch=sm_80 %t.80.ptx -o %t.80.cubin
// RUN: %nvcc --ptx -arch=sm_90a %S/ptx_output.cu -o %t.90a.ptx
// RUN: /usr/local/cuda/bin/ptxas -arch=sm_90a %t.90a.ptx -o %t.90a.cubin
