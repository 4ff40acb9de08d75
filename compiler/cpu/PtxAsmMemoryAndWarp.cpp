// PtxAsmMemoryAndWarp: the semantics of PTX's loads, stores and atomics, and of its warp and
// block instructions, as IR (see PtxAsmTranslator.h). State spaces and cache hints change
// nothing on the CPU, where every space is ordinary memory; .volatile and the memory-order
// qualifiers keep their meaning. Warp and block instructions become the NVVM intrinsics that
// the later passes lower for CUDA's own builtins.
#include "PtxAsmTranslator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace drawbridge::cpu::ptx {
namespace {

unsigned vectorLength(const Instruction &I) {
  return I.has("v2") ? 2 : I.has("v4") ? 4 : I.has("v8") ? 8 : 1;
}

AtomicOrdering ordering(const Instruction &I, AtomicOrdering Default) {
  if (I.has("acq_rel"))
    return AtomicOrdering::AcquireRelease;
  if (I.has("acquire"))
    return AtomicOrdering::Acquire;
  if (I.has("release"))
    return AtomicOrdering::Release;
  if (I.has("relaxed"))
    return AtomicOrdering::Monotonic;
  if (I.has("sc"))
    return AtomicOrdering::SequentiallyConsistent;
  return Default;
}

} // namespace

// ld{.sem}{.space}{.cache}{.vN}.type d, [a]
bool Translator::load(const Instruction &I) {
  auto T = instructionType(I);
  if (!T || !needOperands(I, 2, 2))
    return false;
  Value *Ptr = address(I.operands[1]);
  if (!Ptr)
    return false;
  Type *Element = irType(*T);
  unsigned Bytes = std::max(1u, T->bits / 8), N = vectorLength(I);
  AtomicOrdering Order = ordering(I, AtomicOrdering::NotAtomic);
  if (N > 1 && Order != AtomicOrdering::NotAtomic)
    return fail("a vector load with a memory order"), false;
  LoadInst *L = B.CreateAlignedLoad(N > 1 ? FixedVectorType::get(Element, N) : Element, Ptr,
                                    Align(Bytes * N));
  L->setVolatile(I.has("volatile"));
  if (Order != AtomicOrdering::NotAtomic)
    L->setAtomic(Order);
  // A narrow signed load into a wider register is sign-extended.
  auto Put = [&](const Operand &D, Value *V) {
    Register *R = registerFor(D);
    if (R && T->kind == PtxType::Signed && R->type->isIntegerTy() &&
        R->type->getIntegerBitWidth() > T->bits)
      V = B.CreateSExt(V, R->type);
    return write(D, V);
  };
  if (N == 1)
    return Put(I.operands[0], L);
  const Operand &D = I.operands[0];
  if (D.kind != Operand::Kind::Vector || D.elements.size() != N)
    return fail("a vector load into something other than {" + std::to_string(N) + " registers}"),
           false;
  for (unsigned E = 0; E < N; ++E)
    if (!Put(D.elements[E], B.CreateExtractElement(L, E)))
      return false;
  return true;
}

// st{.sem}{.space}{.cache}{.vN}.type [a], b
bool Translator::store(const Instruction &I) {
  auto T = instructionType(I);
  if (!T || !needOperands(I, 2, 2))
    return false;
  Value *Ptr = address(I.operands[0]);
  if (!Ptr)
    return false;
  Type *Element = irType(*T);
  unsigned Bytes = std::max(1u, T->bits / 8), N = vectorLength(I);
  AtomicOrdering Order = ordering(I, AtomicOrdering::NotAtomic);
  Value *V;
  if (N == 1) {
    V = readAs(I, 1, *T);
  } else {
    const Operand &S = I.operands[1];
    if (S.kind != Operand::Kind::Vector || S.elements.size() != N ||
        Order != AtomicOrdering::NotAtomic)
      return fail("a vector store of something other than {" + std::to_string(N) + " values}"),
             false;
    V = PoisonValue::get(FixedVectorType::get(Element, N));
    for (unsigned E = 0; E < N; ++E)
      V = B.CreateInsertElement(V, read(S.elements[E], Element), E);
  }
  if (!V)
    return false;
  StoreInst *S = B.CreateAlignedStore(V, Ptr, Align(Bytes * N));
  S->setVolatile(I.has("volatile"));
  if (Order != AtomicOrdering::NotAtomic)
    S->setAtomic(Order);
  return true;
}

// atom{.sem}{.scope}{.space}.op.type d, [a], b{, c}; red{...}.op.type [a], b
bool Translator::atomic(const Instruction &I) {
  auto T = instructionType(I);
  bool Reduce = I.opcode == "red";
  if (!T || !needOperands(I, Reduce ? 2 : 3, Reduce ? 2 : 4))
    return false;
  if (vectorLength(I) > 1)
    return fail("vector atomics"), false;
  unsigned First = Reduce ? 0 : 1;
  Value *Ptr = address(I.operands[First]);
  if (!Ptr)
    return false;
  AtomicOrdering Order = ordering(I, AtomicOrdering::Monotonic);
  Align Alignment(std::max(1u, T->bits / 8));
  Value *Old;
  if (I.has("cas")) {
    if (!needOperands(I, 4, 4))
      return false;
    AtomicOrdering Failure = AtomicCmpXchgInst::getStrongestFailureOrdering(Order);
    Old = B.CreateExtractValue(
        B.CreateAtomicCmpXchg(Ptr, readAs(I, 2, *T), readAs(I, 3, *T), Alignment, Order, Failure),
        0);
  } else {
    bool Float = T->kind == PtxType::Float, Signed = T->kind == PtxType::Signed;
    std::optional<AtomicRMWInst::BinOp> Op;
    for (const std::string &M : I.modifiers)
      if (!Op)
        Op = StringSwitch<std::optional<AtomicRMWInst::BinOp>>(M)
                 .Case("add", Float ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
                 .Case("min", Float    ? AtomicRMWInst::FMin
                              : Signed ? AtomicRMWInst::Min
                                       : AtomicRMWInst::UMin)
                 .Case("max", Float    ? AtomicRMWInst::FMax
                              : Signed ? AtomicRMWInst::Max
                                       : AtomicRMWInst::UMax)
                 .Case("inc", AtomicRMWInst::UIncWrap)
                 .Case("dec", AtomicRMWInst::UDecWrap)
                 .Case("and", AtomicRMWInst::And)
                 .Case("or", AtomicRMWInst::Or)
                 .Case("xor", AtomicRMWInst::Xor)
                 .Case("exch", AtomicRMWInst::Xchg)
                 .Default(std::nullopt);
    if (!Op)
      return fail("an atomic operation PTX does not have"), false;
    Value *V = readAs(I, First + 1, *T);
    if (!V)
      return false;
    Old = B.CreateAtomicRMW(*Op, Ptr, V, Alignment, Order);
  }
  return Reduce || write(I.operands[0], Old);
}

// shfl{.sync}.mode.b32 d[|p], a, b, c{, membermask}; the legacy form shuffles the whole warp.
bool Translator::shuffle(const Instruction &I) {
  bool Sync = I.has("sync");
  if (!needOperands(I, Sync ? 5 : 4, Sync ? 5 : 4))
    return false;
  std::optional<Intrinsic::ID> ID = I.has("up")     ? Intrinsic::nvvm_shfl_sync_up_i32p
                                    : I.has("down") ? Intrinsic::nvvm_shfl_sync_down_i32p
                                    : I.has("bfly") ? Intrinsic::nvvm_shfl_sync_bfly_i32p
                                    : I.has("idx")
                                        ? std::optional(Intrinsic::nvvm_shfl_sync_idx_i32p)
                                        : std::nullopt;
  if (!ID)
    return fail("a shfl without .up, .down, .bfly or .idx"), false;
  Type *I32 = B.getInt32Ty();
  Value *Mask = Sync ? read(I.operands[4], I32) : B.getInt32(~0u);
  Value *R = B.CreateIntrinsic(
      *ID, {},
      {Mask, read(I.operands[1], I32), read(I.operands[2], I32), read(I.operands[3], I32)});
  return write(I.operands[0], B.CreateExtractValue(R, 0)) &&
         writeSecondDestination(I.operands[0], B.CreateExtractValue(R, 1));
}

// vote{.sync}.{all,any,uni}.pred d, {!}a{, membermask}; vote{.sync}.ballot.b32 d, {!}a{, ...}
bool Translator::vote(const Instruction &I) {
  bool Sync = I.has("sync");
  if (!needOperands(I, Sync ? 3 : 2, Sync ? 3 : 2))
    return false;
  Intrinsic::ID ID;
  if (I.has("ballot"))
    ID = Sync ? Intrinsic::nvvm_vote_ballot_sync : Intrinsic::nvvm_vote_ballot;
  else if (I.has("all"))
    ID = Sync ? Intrinsic::nvvm_vote_all_sync : Intrinsic::nvvm_vote_all;
  else if (I.has("any"))
    ID = Sync ? Intrinsic::nvvm_vote_any_sync : Intrinsic::nvvm_vote_any;
  else if (I.has("uni"))
    ID = Sync ? Intrinsic::nvvm_vote_uni_sync : Intrinsic::nvvm_vote_uni;
  else
    return fail("a vote without .all, .any, .uni or .ballot"), false;
  Value *Pred = read(I.operands[1], B.getInt1Ty());
  Value *R = Sync ? B.CreateIntrinsic(ID, {}, {read(I.operands[2], B.getInt32Ty()), Pred})
                  : B.CreateIntrinsic(ID, {}, {Pred});
  return write(I.operands[0], R);
}

// activemask.b32 d; match.{any,all}.sync.type d[|p], a, membermask;
// redux.sync.op.type d, a, membermask
bool Translator::warpCollective(const Instruction &I) {
  Type *I32 = B.getInt32Ty();
  if (I.opcode == "activemask")
    return needOperands(I, 1, 1) &&
           write(I.operands[0], B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}));
  auto T = instructionType(I);
  if (!T || !needOperands(I, 3, 3))
    return false;
  Value *Mask = read(I.operands[2], I32);
  if (I.opcode == "redux") {
    bool Signed = T->kind == PtxType::Signed;
    std::optional<Intrinsic::ID> ID =
        I.has("add")   ? Intrinsic::nvvm_redux_sync_add
        : I.has("min") ? (Signed ? Intrinsic::nvvm_redux_sync_min : Intrinsic::nvvm_redux_sync_umin)
        : I.has("max") ? (Signed ? Intrinsic::nvvm_redux_sync_max : Intrinsic::nvvm_redux_sync_umax)
        : I.has("and") ? Intrinsic::nvvm_redux_sync_and
        : I.has("or")  ? Intrinsic::nvvm_redux_sync_or
        : I.has("xor") ? std::optional(Intrinsic::nvvm_redux_sync_xor)
                       : std::nullopt;
    if (!ID || T->bits != 32)
      return fail("a redux.sync PTX does not have"), false;
    return write(I.operands[0], B.CreateIntrinsic(*ID, {}, {read(I.operands[1], I32), Mask}));
  }
  bool Wide = T->bits == 64;
  Value *A = read(I.operands[1], B.getIntNTy(Wide ? 64 : 32));
  if (I.has("any"))
    return write(I.operands[0], B.CreateIntrinsic(Wide ? Intrinsic::nvvm_match_any_sync_i64
                                                       : Intrinsic::nvvm_match_any_sync_i32,
                                                  {}, {Mask, A}));
  Value *R = B.CreateIntrinsic(Wide ? Intrinsic::nvvm_match_all_sync_i64p
                                    : Intrinsic::nvvm_match_all_sync_i32p,
                               {}, {Mask, A});
  return write(I.operands[0], B.CreateExtractValue(R, 0)) &&
         writeSecondDestination(I.operands[0], B.CreateExtractValue(R, 1));
}

// bar.sync a{, b}; barrier.sync{.aligned} a{, b}; bar.warp.sync mask; membar.*; fence.*
bool Translator::barrier(const Instruction &I) {
  if (I.opcode == "membar" || I.opcode == "fence") {
    // A block's threads all run on one processor thread: at .cta scope, program order.
    B.CreateFence(AtomicOrdering::SequentiallyConsistent,
                  I.has("cta") ? SyncScope::SingleThread : SyncScope::System);
    return true;
  }
  Type *I32 = B.getInt32Ty();
  if (I.has("warp"))
    return needOperands(I, 1, 1) &&
           B.CreateIntrinsic(Intrinsic::nvvm_bar_warp_sync, {}, {read(I.operands[0], I32)});
  if (!I.has("sync") || I.has("arrive") || I.has("red"))
    return fail("barriers other than bar.sync and barrier.sync"), false;
  if (!needOperands(I, 1, 2))
    return false;
  const Operand &Id = I.operands[0];
  if (I.operands.size() == 1 && Id.kind == Operand::Kind::Integer && Id.bits == 0)
    B.CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
  else if (I.operands.size() == 1)
    B.CreateIntrinsic(Intrinsic::nvvm_barrier_sync, {}, {read(Id, I32)});
  else
    B.CreateIntrinsic(Intrinsic::nvvm_barrier_sync_cnt, {},
                      {read(Id, I32), read(I.operands[1], I32)});
  return true;
}

} // namespace drawbridge::cpu::ptx
