// KeepScalarizedLoopsScalarPass: a thread loop whose vector form would be mostly one scalar
// access per lane stays a scalar loop.
//
// x86 has gathers and scatters of 32- and 64-bit elements only. A byte or 16-bit access whose
// address is not consecutive across threads (a radix sort's per-thread digit counters,
// `counters[digit][threadIdx.x][lane]` in CUB's upsweep kernel) is vectorised as one extract,
// scalar load or store and insert per lane. A loop of many of them gains little from vectors,
// while its vector body, interleaved and with an epilogue loop of its own, grows to tens of
// times its scalar size: CUB's radix-sort upsweep regions, 47 counter increments a thread, were
// 150 KB of code each, and the Thrust test file's largest part. Before the vectoriser, an
// innermost thread loop with at least kMinScalarizedAccesses such accesses, making up at least
// a quarter of its memory accesses, gets `llvm.loop.vectorize.width` 1 and
// `llvm.loop.interleave.count` 1.
#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

class KeepScalarizedLoopsScalarPass : public llvm::PassInfoMixin<KeepScalarizedLoopsScalarPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
