// Stores a two-dimensional __shared__ array transposed when every access indexes its rows by
// threadIdx.x and its columns by values the same for the threads of a row. GPU code keeps such
// tiles (`s_Data[threadIdx.x][threadIdx.y + i]`, a separable convolution's column pass) so that
// a warp's accesses fall in different banks; on the CPU a region vectorises across threadIdx.x,
// and each access became a gather with a whole row between its lanes. Transposed, element
// [a][b] lives at [b][a]: the same accesses read and write neighbouring elements, plain vector
// loads and stores.
//
// Every use of the array must be a full two-index element address used only by loads and
// stores, so no code sees the layout. An index past the end of a row (`s[t][B]` reaching
// `s[t + 1][0]`) is undefined in C++, and such code would read other elements here.
#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

class TransposeSharedTilesPass : public llvm::PassInfoMixin<TransposeSharedTilesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

} // namespace drawbridge::cpu
