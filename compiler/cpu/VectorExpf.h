// A vector expf that the loop vectoriser can call and LLVM can inline (AttachVectorMathPass
// maps float exp calls to it). libmvec's float versions are 3 ulps off CUDA's 2-ulp bound on
// some arguments, and going through its double exp costs a call per 8 lanes; this one is a few
// vector instructions of double arithmetic in the caller's module.
#pragma once

#include "llvm/IR/Function.h"

namespace drawbridge::cpu {

// Fills the body of Fn, a function from a float vector to a float vector of the same width:
// e^x for each lane, within 1 ulp (tools/math-accuracy/libmvec_sweep.cpp checks every float),
// with IEEE results for NaN, infinities, overflow and underflow to subnormals and zero.
void emitVectorExpf(llvm::Function &Fn);

} // namespace drawbridge::cpu
