// Alias scopes for a region function's kinds of memory; see ScopeBlockMemory.h.
#include "ScopeBlockMemory.h"

#include "KernelInfo.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Operator.h"

#include <optional>

using namespace llvm;

namespace drawbridge::cpu {
namespace {

enum Kind : unsigned { SharedMemory, ParameterMemory, NumKinds };

constexpr llvm::StringLiteral kDomainName = "drawbridge.block-memory";

Value *addressOf(Instruction &I) {
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return Load->getPointerOperand();
  if (auto *Store = dyn_cast<StoreInst>(&I))
    return Store->getPointerOperand();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
    return CmpXchg->getPointerOperand();
  return nullptr;
}

// The one kind of base every object Address may point into comes from, or none.
std::optional<Kind> kindOf(const Value *Address, const DenseMap<const Value *, Kind> &Kinds) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Address, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  std::optional<Kind> Found;
  for (const Value *Object : Objects) {
    auto It = Kinds.find(Object);
    if (It == Kinds.end() || (Found && *Found != It->second))
      return std::nullopt;
    Found = It->second;
  }
  return Found;
}

// Whether V, a __constant__ variable or an address computed from one, is only ever read:
// device code cannot write constant memory, but a kernel that did would keep its own value.
bool onlyRead(const Value &V, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  for (const User *U : V.users()) {
    if (const auto *Load = dyn_cast<LoadInst>(U)) {
      if (Load->getPointerOperand() != &V)
        return false;
      continue;
    }
    // llvm.used and llvm.compiler.used keep the variable for the host's copies to it.
    if (isa<ConstantAggregate>(U) && all_of(U->users(), [](const User *Keeper) {
          const auto *Used = dyn_cast<GlobalVariable>(Keeper);
          return Used && Used->getSection() == "llvm.metadata";
        }))
      continue;
    if (!isa<GEPOperator>(U) && !isa<BitCastOperator>(U) && !isa<AddrSpaceCastOperator>(U))
      return false;
    if (!onlyRead(*U, Depth + 1))
      return false;
  }
  return true;
}

// Whether every object Address may point into is a __constant__ variable no code writes: the
// load then reads the same value wherever it is made, and LLVM may make it once. Unwritten
// caches each variable's answer (a walk over its uses).
bool readsConstantMemory(const Value *Address, DenseMap<const GlobalVariable *, bool> &Unwritten) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Address, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  return !Objects.empty() && all_of(Objects, [&](const Value *Object) {
    const auto *GV = dyn_cast<GlobalVariable>(Object);
    if (!GV || !hasMarker(*GV, kConstantVarMD))
      return false;
    auto [It, New] = Unwritten.try_emplace(GV, false);
    if (New)
      It->second = onlyRead(*GV);
    return It->second;
  });
}

// Whether every object Address may point into is one of the launch's by-value parameters.
bool readsByValueParameter(const Value *Address, ArrayRef<Value *> ByValueParameters) {
  if (ByValueParameters.empty())
    return false;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Address, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  return !Objects.empty() && all_of(Objects, [&](const Value *Object) {
    return is_contained(ByValueParameters, Object);
  });
}

} // namespace

void scopeBlockMemory(Function &F, const BlockMemoryBases &Bases) {
  DenseMap<const Value *, Kind> Kinds;
  if (Bases.Shared)
    Kinds[Bases.Shared] = SharedMemory;
  for (Value *Parameter : Bases.Parameters)
    Kinds[Parameter] = ParameterMemory;

  LLVMContext &C = F.getContext();
  MDBuilder MDB(C);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain(kDomainName);
  MDNode *Scopes[NumKinds];
  static const char *Names[NumKinds] = {"shared", "parameters"};
  for (unsigned K = 0; K < NumKinds; ++K)
    Scopes[K] = MDB.createAnonymousAliasScope(Domain, Names[K]);

  DenseMap<const GlobalVariable *, bool> Unwritten;
  for (Instruction &I : instructions(F)) {
    Value *Address = addressOf(I);
    if (!Address)
      continue;
    if (isa<LoadInst>(I) && (readsConstantMemory(Address, Unwritten) ||
                             readsByValueParameter(Address, Bases.ByValueParameters))) {
      I.setMetadata(LLVMContext::MD_invariant_load, MDNode::get(C, {}));
      continue;
    }
    std::optional<Kind> K = kindOf(Address, Kinds);
    if (!K)
      continue;
    I.setMetadata(LLVMContext::MD_alias_scope,
                  MDNode::concatenate(I.getMetadata(LLVMContext::MD_alias_scope),
                                      MDNode::get(C, {Scopes[*K]})));
    const Kind Other = *K == SharedMemory ? ParameterMemory : SharedMemory;
    I.setMetadata(LLVMContext::MD_noalias,
                  MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias),
                                      MDNode::get(C, {Scopes[Other]})));
  }
}

bool hasBlockMemoryScope(const Instruction &I) {
  const MDNode *Scopes = I.getMetadata(LLVMContext::MD_alias_scope);
  return Scopes && any_of(Scopes->operands(), [](const MDOperand &Scope) {
           const auto *Node = dyn_cast<MDNode>(Scope.get());
           const MDNode *Domain = Node ? AliasScopeNode(Node).getDomain() : nullptr;
           const auto *Name = Domain && Domain->getNumOperands() > 1
                                  ? dyn_cast<MDString>(Domain->getOperand(1).get())
                                  : nullptr;
           return Name && Name->getString() == kDomainName;
         });
}

bool isThreadSlotAddress(const Value *Pointer) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Pointer, Objects);
  return !Objects.empty() && all_of(Objects, [](const Value *Object) {
    auto *Load = dyn_cast<LoadInst>(Object);
    return Load && hasMarker(*Load, kThreadSlotsMD);
  });
}

} // namespace drawbridge::cpu
