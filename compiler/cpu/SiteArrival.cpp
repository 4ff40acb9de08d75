// SiteArrival: which of a block's threads a region sends on to its next site.
#include "SiteArrival.h"

#include "ThreadQueries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// The blocks a thread may run from From on without reaching a site, the sites it may reach
// from them, and whether it may leave the kernel there (a return, or unreachable).
struct Reach {
  SmallPtrSet<BasicBlock *, 16> Blocks;
  SmallVector<unsigned, 2> Sites;
  bool Leaves = false;
};

class SiteGraph {
public:
  SiteGraph(ArrayRef<BasicBlock *> SiteBlocks, std::optional<unsigned> Ignored)
      : SiteBlocks(SiteBlocks), Ignored(Ignored) {}

  // The site whose block BB is (1-based), or 0.
  unsigned siteOf(const BasicBlock *BB) const {
    const auto *It = find(SiteBlocks, BB);
    return It == SiteBlocks.end() ? 0 : unsigned(It - SiteBlocks.begin()) + 1;
  }

  // Everything reachable from the edge into To: To is entered as code unless Start is false
  // and To is a site block, which the edge then reaches. The walk does not enter Stop.
  Reach from(BasicBlock *To, bool Start, const BasicBlock *Stop = nullptr) const {
    Reach R;
    if (!Start && siteOf(To)) {
      note(R, siteOf(To));
      return R;
    }
    SmallVector<BasicBlock *> Stack{To};
    while (!Stack.empty()) {
      BasicBlock *BB = Stack.pop_back_val();
      if (BB == Stop || !R.Blocks.insert(BB).second)
        continue;
      R.Leaves |= succ_empty(BB);
      for (BasicBlock *Succ : successors(BB)) {
        if (unsigned Site = siteOf(Succ))
          note(R, Site);
        else
          Stack.push_back(Succ);
      }
    }
    return R;
  }

  // Whether BB has an edge into a site that counts, or leaves the kernel.
  bool endsAThread(BasicBlock *BB) const {
    return succ_empty(BB) || any_of(successors(BB), [&](BasicBlock *Succ) {
             unsigned Site = siteOf(Succ);
             return Site && Site != Ignored;
           });
  }

private:
  void note(Reach &R, unsigned Site) const {
    if (Site != Ignored && !is_contained(R.Sites, Site))
      R.Sites.push_back(Site);
  }

  ArrayRef<BasicBlock *> SiteBlocks;
  std::optional<unsigned> Ignored;
};

// `index <Pred> C` of a thread index (flat, or threadIdx.x) against a 32-bit constant, as the
// split of the threads for which it holds; none for tests no run describes.
std::optional<ThreadRangeSplit> splitOf(CmpInst::Predicate Pred, const Value *Index,
                                        const ConstantInt *C) {
  ThreadRangeSplit Split;
  if (isLinearThreadIndex(Index))
    Split.FlatIndex = true;
  else if (const auto *II = dyn_cast<IntrinsicInst>(Index);
           II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x)
    Split.FlatIndex = false;
  else
    return std::nullopt;
  if (C->getBitWidth() != 32)
    return std::nullopt;
  // A thread index is below 2^31, so the signed tests read as the unsigned ones once the
  // constant is clamped at zero.
  const int64_t Value = ICmpInst::isSigned(Pred) ? std::max<int64_t>(C->getSExtValue(), -1)
                                                 : int64_t(C->getZExtValue());
  int64_t Bound;
  switch (ICmpInst::getUnsignedPredicate(Pred)) {
  case ICmpInst::ICMP_ULT:
    Bound = Value;
    break;
  case ICmpInst::ICMP_ULE:
    Bound = Value + 1;
    break;
  case ICmpInst::ICMP_UGT:
    Bound = Value + 1, Split.Prefix = false;
    break;
  case ICmpInst::ICMP_UGE:
    Bound = Value, Split.Prefix = false;
    break;
  default:
    return std::nullopt;
  }
  // A bound of 0 makes an empty prefix (no thread goes on) or a suffix of every thread (no
  // test); past the 32-bit range, neither can happen either.
  if (Bound <= 0 || Bound > int64_t(UINT32_MAX))
    return std::nullopt;
  Split.Bound = uint32_t(Bound);
  return Split;
}

// The split a branch on a thread-index test makes, with its side Taken the one it holds on.
std::optional<ThreadRangeSplit> splitOfBranch(const BranchInst &Br, unsigned Taken) {
  const auto *Cmp = dyn_cast<ICmpInst>(Br.getCondition());
  if (!Cmp)
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  const Value *Index = Cmp->getOperand(0);
  const auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(1));
  if (!C) {
    C = dyn_cast<ConstantInt>(Cmp->getOperand(0));
    Index = Cmp->getOperand(1);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if (!C)
    return std::nullopt;
  if (Taken == 1)
    Pred = ICmpInst::getInversePredicate(Pred);
  return splitOf(Pred, Index, C);
}

// Whether threads that part at BB's branch go on alike: none of them can reach Next from
// there, or all of them meet at BB's immediate post-dominator before any reaches a site or
// leaves the kernel.
bool partsHarmlessly(BasicBlock *BB, const SiteGraph &Graph, unsigned Next,
                     const PostDominatorTree &PDT) {
  if (!is_contained(Graph.from(BB, /*Start=*/true).Sites, Next))
    return true;
  const DomTreeNode *Node = PDT.getNode(BB);
  const BasicBlock *Join = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  if (!Join)
    return false;
  for (BasicBlock *Succ : successors(BB)) {
    if (Succ == Join)
      continue;
    const Reach Side = Graph.from(Succ, /*Start=*/false, Join);
    if (!Side.Sites.empty() || Side.Leaves)
      return false;
  }
  return true;
}

} // namespace

bool arrivesTogether(BasicBlock *First, ArrayRef<BasicBlock *> SiteBlocks, unsigned Next,
                     const PostDominatorTree &PDT,
                     function_ref<bool(const Instruction &)> IsUniform) {
  const SiteGraph Graph(SiteBlocks, std::nullopt);
  return all_of(Graph.from(First, /*Start=*/true).Blocks, [&](BasicBlock *BB) {
    const Instruction *Term = BB->getTerminator();
    return Term->getNumSuccessors() < 2 || IsUniform(*Term) ||
           partsHarmlessly(BB, Graph, Next, PDT);
  });
}

std::optional<ThreadRangeSplit> findThreadRangeSplit(BasicBlock *First,
                                                     ArrayRef<BasicBlock *> SiteBlocks,
                                                     unsigned Next,
                                                     std::optional<unsigned> Ignored) {
  const SiteGraph Graph(SiteBlocks, Ignored);
  const Reach All = Graph.from(First, /*Start=*/true);
  for (BasicBlock *P : All.Blocks) {
    auto *Br = dyn_cast<BranchInst>(P->getTerminator());
    if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    const Reach Sides[2] = {Graph.from(Br->getSuccessor(0), false),
                            Graph.from(Br->getSuccessor(1), false)};
    const unsigned Taken = Sides[0].Sites.empty() ? 1 : 0;
    const Reach &On = Sides[Taken], &Off = Sides[1 - Taken];
    // One side goes on to Next alone, the other leaves the kernel; a branch inside a loop
    // fails this, as each side then reaches the other.
    if (On.Sites.size() != 1 || On.Sites[0] != Next || On.Leaves || !Off.Sites.empty())
      continue;
    auto OnEitherSide = [&](BasicBlock *BB) {
      return On.Blocks.contains(BB) || Off.Blocks.contains(BB);
    };
    // Every thread that gets to a site or out of the kernel went through P: no other block
    // ends a thread, and the sides are entered from P alone.
    bool OnlyThroughP = none_of(All.Blocks, [&](BasicBlock *BB) {
      return BB != P && !OnEitherSide(BB) && Graph.endsAThread(BB);
    });
    for (const Reach *Side : {&On, &Off})
      for (BasicBlock *BB : Side->Blocks)
        for (BasicBlock *Pred : predecessors(BB))
          OnlyThroughP &= Pred == P || OnEitherSide(Pred) || !All.Blocks.contains(Pred);
    if (!OnlyThroughP)
      continue;
    if (auto Split = splitOfBranch(*Br, Taken))
      return Split;
  }
  return std::nullopt;
}

} // namespace drawbridge::cpu
