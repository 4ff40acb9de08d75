// Tells LLVM which memory of a region function cannot overlap: the block's shared memory and
// what the kernel's pointer parameters point to are separate places. After address spaces
// collapse every pointer is a plain one, so without this a store through a parameter
// (`d_Dst[i] = sum`) may, for all LLVM knows, change the shared tile, and each load of the tile
// after it must be made again: a separable convolution's column pass loaded its tile 136 times
// a thread where 81 of the loads are distinct. A host-side pointer, which is all a kernel
// parameter holds, never points into a block's shared memory. The runtime's per-thread slots
// are as separate, but saying so let LLVM hoist a tiled SGEMM's row-uniform tile loads out of
// its thread loop past the store of each thread's running sum, into registers it then ran
// short of (1.07 of its time), and gained the convolution nothing: they are left out. Loads of
// a __constant__ variable that no code writes are invariant: no store in a kernel changes them.
// So are loads of a by-value parameter (a struct passed to the kernel): they read the launch's
// copy of the arguments, which nothing writes while the kernel runs (a kernel that assigns to
// such a parameter has a private copy, PrivatizeByvalParams), and LLVM may then load a field
// once before the thread loop rather than once a thread (CUB's input iterators).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"

namespace drawbridge::cpu {

// The values each kind of memory is reached from in a region function.
struct BlockMemoryBases {
  llvm::Value *Shared = nullptr;                  // the block's shared memory
  llvm::SmallVector<llvm::Value *, 8> Parameters; // the kernel's pointer parameters
  // The launch's copies of the kernel's by-value parameters, read-only while it runs.
  llvm::SmallVector<llvm::Value *, 4> ByValueParameters;
};

// Gives each load, store and atomic of F whose address comes from one kind of base only (through
// address arithmetic, selects and phis) an alias scope of that kind, and says it does not alias
// the other kind (scoped no-alias metadata); marks loads of unwritten __constant__ variables
// and of by-value parameters invariant. Accesses through any other pointer keep what they had.
void scopeBlockMemory(llvm::Function &F, const BlockMemoryBases &Bases);

// Whether I's address was given a kind by scopeBlockMemory (it has that alias scope).
bool hasBlockMemoryScope(const llvm::Instruction &I);

// Whether every object Pointer may be based on is a pointer to the runtime's per-thread context
// arrays (kThreadSlotsMD loads), through getUnderlyingObjects, which follows the phis of a merged
// store's address. Such memory is the runtime's own: no kernel pointer reaches it, so an access
// through it and one with a block-memory scope never overlap.
bool isThreadSlotAddress(const llvm::Value *Pointer);

} // namespace drawbridge::cpu
