// PtxAsmTranslator: operands, registers, guards and the dispatch of one inline PTX call (see
// PtxAsmTranslator.h).
#include "PtxAsmTranslator.h"

#include "KernelInfo.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace ptx {

std::optional<PtxType> typeNamed(std::string_view name) {
  if (name == "pred")
    return PtxType{PtxType::Predicate, 1};
  if (name.size() < 2)
    return std::nullopt;
  PtxType::Kind kind;
  switch (name.front()) {
  case 'u':
    kind = PtxType::Unsigned;
    break;
  case 's':
    kind = PtxType::Signed;
    break;
  case 'b':
    kind = PtxType::Untyped;
    break;
  case 'f':
    kind = PtxType::Float;
    break;
  default:
    return std::nullopt;
  }
  unsigned bits = StringSwitch<unsigned>(StringRef(name.data() + 1, name.size() - 1))
                      .Case("8", 8)
                      .Case("16", 16)
                      .Case("32", 32)
                      .Case("64", 64)
                      .Default(0);
  if (!bits || (kind == PtxType::Float && bits == 8))
    return std::nullopt;
  return PtxType{kind, bits};
}

namespace {

// Instructions without side effects: a guarded one becomes a select.
bool isPure(StringRef Opcode) {
  return StringSwitch<bool>(Opcode)
      .Cases("mov", "add", "sub", "mul", "mad", "mul24", "mad24", "sad", true)
      .Cases("min", "max", "and", "or", "xor", "not", "cnot", "neg", "abs", true)
      .Cases("shl", "shr", "div", "rem", "popc", "clz", "brev", "bfind", true)
      .Cases("bfe", "bfi", "prmt", "lop3", "dp4a", "setp", "selp", "slct", true)
      .Cases("cvt", "cvta", "fma", "rcp", "sqrt", "rsqrt", "ex2", "lg2", true)
      .Cases("sin", "cos", "copysign", "testp", "addc", "subc", "madc", true)
      .Cases("vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", true)
      .Default(false);
}

std::optional<Intrinsic::ID> specialRegisterIntrinsic(StringRef Name) {
  return StringSwitch<std::optional<Intrinsic::ID>>(Name)
      .Case("%tid.x", Intrinsic::nvvm_read_ptx_sreg_tid_x)
      .Case("%tid.y", Intrinsic::nvvm_read_ptx_sreg_tid_y)
      .Case("%tid.z", Intrinsic::nvvm_read_ptx_sreg_tid_z)
      .Case("%ntid.x", Intrinsic::nvvm_read_ptx_sreg_ntid_x)
      .Case("%ntid.y", Intrinsic::nvvm_read_ptx_sreg_ntid_y)
      .Case("%ntid.z", Intrinsic::nvvm_read_ptx_sreg_ntid_z)
      .Case("%ctaid.x", Intrinsic::nvvm_read_ptx_sreg_ctaid_x)
      .Case("%ctaid.y", Intrinsic::nvvm_read_ptx_sreg_ctaid_y)
      .Case("%ctaid.z", Intrinsic::nvvm_read_ptx_sreg_ctaid_z)
      .Case("%nctaid.x", Intrinsic::nvvm_read_ptx_sreg_nctaid_x)
      .Case("%nctaid.y", Intrinsic::nvvm_read_ptx_sreg_nctaid_y)
      .Case("%nctaid.z", Intrinsic::nvvm_read_ptx_sreg_nctaid_z)
      .Case("%laneid", Intrinsic::nvvm_read_ptx_sreg_laneid)
      .Case("%warpid", Intrinsic::nvvm_read_ptx_sreg_warpid)
      .Case("%nwarpid", Intrinsic::nvvm_read_ptx_sreg_nwarpid)
      .Case("%smid", Intrinsic::nvvm_read_ptx_sreg_smid)
      .Case("%nsmid", Intrinsic::nvvm_read_ptx_sreg_nsmid)
      .Case("%gridid", Intrinsic::nvvm_read_ptx_sreg_gridid)
      .Case("%lanemask_eq", Intrinsic::nvvm_read_ptx_sreg_lanemask_eq)
      .Case("%lanemask_lt", Intrinsic::nvvm_read_ptx_sreg_lanemask_lt)
      .Case("%lanemask_le", Intrinsic::nvvm_read_ptx_sreg_lanemask_le)
      .Case("%lanemask_gt", Intrinsic::nvvm_read_ptx_sreg_lanemask_gt)
      .Case("%lanemask_ge", Intrinsic::nvvm_read_ptx_sreg_lanemask_ge)
      .Case("%clock", Intrinsic::nvvm_read_ptx_sreg_clock)
      .Case("%clock64", Intrinsic::nvvm_read_ptx_sreg_clock64)
      .Case("%globaltimer", Intrinsic::nvvm_read_ptx_sreg_globaltimer)
      .Default(std::nullopt);
}

} // namespace

Translator::Translator(CallInst &Call) : Call(Call), M(*Call.getModule()), B(&Call) {}

Value *Translator::fail(const std::string &Why) {
  if (Error.empty())
    Error = Why;
  return nullptr;
}

Type *Translator::irType(PtxType T) {
  if (T.kind == PtxType::Predicate)
    return B.getInt1Ty();
  if (T.kind == PtxType::Float)
    return T.bits == 16 ? B.getHalfTy() : T.bits == 32 ? B.getFloatTy() : B.getDoubleTy();
  return B.getIntNTy(T.bits);
}

// PTX registers are untyped bits: a value moves between registers and instructions of other
// types as the same bits, widened or narrowed where the sizes differ.
Value *Translator::fit(Value *V, Type *To, bool Signed) {
  if (!V)
    return nullptr;
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->isPointerTy())
    return fit(B.CreatePtrToInt(V, B.getInt64Ty()), To, Signed);
  if (To->isPointerTy())
    return B.CreateIntToPtr(fit(V, B.getInt64Ty(), Signed), To);
  if (To->isIntegerTy(1))
    return B.CreateIsNotNull(fit(V, B.getIntNTy(From->getPrimitiveSizeInBits()), Signed));
  unsigned FromBits = From->getPrimitiveSizeInBits(), ToBits = To->getPrimitiveSizeInBits();
  Value *Bits = From->isIntegerTy() ? V : B.CreateBitCast(V, B.getIntNTy(FromBits));
  if (ToBits != FromBits)
    Bits = ToBits < FromBits        ? B.CreateTrunc(Bits, B.getIntNTy(ToBits))
           : Signed && FromBits > 1 ? B.CreateSExt(Bits, B.getIntNTy(ToBits))
                                    : B.CreateZExt(Bits, B.getIntNTy(ToBits));
  return To->isIntegerTy() ? Bits : B.CreateBitCast(Bits, To);
}

Translator::Register *Translator::registerFor(const Operand &Op) {
  std::string Key;
  if (Op.kind == Operand::Kind::Name)
    Key = Op.name;
  else if (Op.kind == Operand::Kind::Placeholder)
    Key = "$" + std::to_string(Op.index);
  else
    return nullptr;
  auto It = Registers.find(Key);
  return It == Registers.end() ? nullptr : &It->second;
}

Value *Translator::specialRegister(const std::string &Name) {
  if (Name == "WARP_SZ")
    return B.getInt32(32);
  auto ID = specialRegisterIntrinsic(Name);
  if (!ID)
    return fail("the register '" + Name + "' is neither declared nor a special register");
  return B.CreateIntrinsic(*ID, {}, {});
}

Value *Translator::read(const Operand &Op, Type *To, bool Signed) {
  Value *V = nullptr;
  switch (Op.kind) {
  case Operand::Kind::Placeholder:
    if (Op.index >= Inputs.size())
      return fail("the asm has no operand $" + std::to_string(Op.index));
    V = Inputs[Op.index] ? Inputs[Op.index] : registerFor(Op)->value;
    break;
  case Operand::Kind::Name:
    if (Register *R = registerFor(Op))
      V = R->value;
    else
      V = specialRegister(Op.name);
    break;
  case Operand::Kind::Integer: {
    unsigned Bits = To->isIntegerTy() ? To->getIntegerBitWidth() : To->getPrimitiveSizeInBits();
    V = ConstantInt::get(B.getIntNTy(Bits), Op.bits);
    break;
  }
  case Operand::Kind::Float32:
  case Operand::Kind::Float64: {
    bool Single = Op.kind == Operand::Kind::Float32;
    Type *FT = Single ? B.getFloatTy() : B.getDoubleTy();
    V = ConstantFP::get(FT, APFloat(Single ? APFloat::IEEEsingle() : APFloat::IEEEdouble(),
                                    APInt(Single ? 32 : 64, Op.bits)));
    if (To->isFloatingPointTy())
      V = B.CreateFPCast(V, To);
    break;
  }
  default:
    return fail("an operand of the wrong kind");
  }
  V = fit(V, To, Signed);
  if (V && Op.negated)
    V = B.CreateNot(V);
  return V;
}

Value *Translator::readAs(const Instruction &I, unsigned Index, PtxType T) {
  if (Index >= I.operands.size())
    return fail("too few operands");
  return read(I.operands[Index], irType(T), T.kind == PtxType::Signed);
}

bool Translator::write(const Operand &Op, Value *V) {
  if (!V)
    return false;
  if (Op.kind == Operand::Kind::Sink)
    return true;
  if (Op.kind == Operand::Kind::Placeholder && Op.index < Inputs.size() && Inputs[Op.index]) {
    fail("it writes to $" + std::to_string(Op.index) + ", an input operand");
    return false;
  }
  Register *R = registerFor(Op);
  if (!R) {
    fail("it writes to '" + (Op.kind == Operand::Kind::Name ? Op.name : std::string("?")) +
         "', which is not a declared register or an output");
    return false;
  }
  R->value = fit(V, R->type);
  return true;
}

// The p of "d|p" (a shuffle's validity, setp's complement), when the instruction names one.
bool Translator::writeSecondDestination(const Operand &Op, Value *V) {
  if (Op.secondDestination.empty())
    return true;
  Operand Second;
  Second.kind = Operand::Kind::Name;
  Second.name = Op.secondDestination;
  return write(Second, V);
}

std::optional<PtxType> Translator::instructionType(const Instruction &I, unsigned Which) {
  for (const std::string &Modifier : I.modifiers)
    if (auto T = typeNamed(Modifier))
      if (Which-- == 0)
        return T;
  fail("'" + I.opcode + "' without a type it supports");
  return std::nullopt;
}

bool Translator::needOperands(const Instruction &I, size_t Min, size_t Max) {
  if (I.operands.size() >= Min && I.operands.size() <= Max)
    return true;
  fail("'" + I.opcode + "' with " + std::to_string(I.operands.size()) + " operands");
  return false;
}

Value *Translator::address(const Operand &Op) {
  if (Op.kind != Operand::Kind::Address || Op.elements.size() > 1)
    return fail("a memory operand that is not [address]");
  Type *Ptr = B.getPtrTy();
  Value *Base;
  if (Op.elements.empty()) {
    Base = ConstantPointerNull::get(cast<PointerType>(Ptr));
  } else {
    const Operand &BaseOp = Op.elements.front();
    Value *Raw = nullptr;
    if (BaseOp.kind == Operand::Kind::Placeholder && BaseOp.index < Inputs.size() &&
        Inputs[BaseOp.index])
      Raw = Inputs[BaseOp.index];
    else if (Register *R = registerFor(BaseOp))
      Raw = R->value;
    if (!Raw)
      return fail("an address that is not a register or operand");
    if (Raw->getType()->isIntegerTy() && Raw->getType()->getIntegerBitWidth() < 64)
      return fail("a 32-bit address (window offsets such as cvta.to.shared's are not supported; "
                  "pass a generic 64-bit pointer)");
    Base = fit(Raw, Ptr);
  }
  if (Op.offset == 0)
    return Base;
  return B.CreateGEP(B.getInt8Ty(), Base, B.getInt64(Op.offset));
}

bool Translator::declare(const RegisterDeclaration &D) {
  auto T = typeNamed(D.type);
  if (!T) {
    fail("registers of type ." + D.type);
    return false;
  }
  for (const std::string &Name : D.names)
    Registers[Name] = Register{irType(*T), PoisonValue::get(irType(*T))};
  return true;
}

bool Translator::bindOperands() {
  auto *Asm = cast<InlineAsm>(Call.getCalledOperand());
  unsigned Arg = 0;
  for (const InlineAsm::ConstraintInfo &C : Asm->ParseConstraints()) {
    if (C.Type == InlineAsm::isClobber) {
      if (!C.Codes.empty() && C.Codes.front() == "{memory}")
        B.CreateFence(AtomicOrdering::SequentiallyConsistent, SyncScope::SingleThread);
      continue;
    }
    if (C.isIndirect || C.Type == InlineAsm::isLabel) {
      fail("memory ('m') and label operands are not supported");
      return false;
    }
    std::string Key = "$" + std::to_string(Inputs.size());
    if (C.Type == InlineAsm::isOutput) {
      Type *T = Call.getType()->isStructTy()
                    ? Call.getType()->getStructElementType(OutputTypes.size())
                    : Call.getType();
      OutputTypes.push_back(T);
      Registers[Key] = Register{T, PoisonValue::get(T)};
      Inputs.push_back(nullptr);
      continue;
    }
    Value *V = Call.getArgOperand(Arg++);
    Inputs.push_back(V);
    const std::string &Code = C.Codes.empty() ? std::string() : C.Codes.front();
    if (!Code.empty() &&
        std::all_of(Code.begin(), Code.end(), [](char C) { return C >= '0' && C <= '9'; })) {
      Register &Tied = Registers["$" + Code];
      Tied.value = fit(V, Tied.type);
    }
  }
  return true;
}

bool Translator::dispatch(const Instruction &I) {
  StringRef Op = I.opcode;
  if (Op == "mov")
    return move(I);
  if (Op == "setp")
    return compare(I);
  if (Op == "selp" || Op == "slct")
    return select(I);
  if (Op == "cvt" || Op == "cvta")
    return convert(I);
  if (Op == "bfe" || Op == "bfi")
    return bitField(I);
  if (Op == "prmt")
    return permute(I);
  if (Op == "lop3")
    return logic3(I);
  if (Op == "dp4a")
    return dotProduct(I);
  if (Op.starts_with("v") && isPure(Op))
    return video(I);
  if (Op == "ld" || Op == "ldu")
    return load(I);
  if (Op == "st")
    return store(I);
  if (Op == "atom" || Op == "red")
    return atomic(I);
  if (Op == "shfl")
    return shuffle(I);
  if (Op == "vote")
    return vote(I);
  if (Op == "activemask" || Op == "match" || Op == "redux")
    return warpCollective(I);
  if (Op == "bar" || Op == "barrier" || Op == "membar" || Op == "fence")
    return barrier(I);
  if (Op == "exit")
    return exitThread();
  if (Op == "trap") {
    B.CreateIntrinsic(Intrinsic::trap, {}, {});
    return true;
  }
  // Hints with no effect on the CPU's results.
  if (Op == "nanosleep" || Op == "prefetch" || Op == "prefetchu" || Op == "pmevent" ||
      Op == "brkpt")
    return true;
  if (isPure(Op))
    return integerOrFloat(I);
  fail("the instruction '" + I.opcode + "'");
  return false;
}

// The thread ends here: a call that InlineDeviceFunctionsPass turns into a return from the
// kernel, and nothing after it on this path.
bool Translator::exitThread() {
  FunctionCallee Exit =
      M.getOrInsertFunction(kThreadExitFn, FunctionType::get(B.getVoidTy(), false));
  cast<Function>(Exit.getCallee())->setDoesNotReturn();
  B.CreateCall(Exit)->setDoesNotReturn();
  BasicBlock *Here = B.GetInsertBlock();
  BasicBlock *Rest = Here->splitBasicBlock(B.GetInsertPoint());
  Here->getTerminator()->eraseFromParent();
  new UnreachableInst(M.getContext(), Here);
  B.SetInsertPoint(Rest, Rest->begin());
  return true;
}

bool Translator::execute(const Instruction &I) {
  if (I.guard.empty())
    return dispatch(I);
  auto It = Registers.find(I.guard);
  if (It == Registers.end() || !It->second.type->isIntegerTy(1)) {
    fail("the guard '@" + I.guard + "' is not a declared .pred register");
    return false;
  }
  Value *Cond = It->second.value;
  if (I.guardNegated)
    Cond = B.CreateNot(Cond);
  StringMap<Register> Before = Registers;
  Value *CarryBefore = Carry;
  if (isPure(I.opcode)) {
    if (!dispatch(I))
      return false;
    for (auto &Entry : Registers)
      if (Value *Old = Before[Entry.first()].value; Entry.second.value != Old)
        Entry.second.value = B.CreateSelect(Cond, Entry.second.value, Old);
    if (Carry != CarryBefore)
      Carry = B.CreateSelect(Cond, Carry, CarryBefore ? CarryBefore : B.getFalse());
    return true;
  }
  BasicBlock *Head = B.GetInsertBlock();
  llvm::Instruction *ThenEnd = SplitBlockAndInsertIfThen(Cond, B.GetInsertPoint(), false);
  B.SetInsertPoint(ThenEnd);
  if (!dispatch(I))
    return false;
  BasicBlock *ThenBlock = B.GetInsertBlock();
  BasicBlock *Tail = Call.getParent();
  IRBuilder<> Phis(Tail, Tail->begin());
  for (auto &Entry : Registers)
    if (Value *Old = Before[Entry.first()].value; Entry.second.value != Old) {
      PHINode *Phi = Phis.CreatePHI(Entry.second.type, 2);
      Phi->addIncoming(Old, Head);
      Phi->addIncoming(Entry.second.value, ThenBlock);
      Entry.second.value = Phi;
    }
  if (Carry != CarryBefore) {
    PHINode *Phi = Phis.CreatePHI(B.getInt1Ty(), 2);
    Phi->addIncoming(CarryBefore ? CarryBefore : B.getFalse(), Head);
    Phi->addIncoming(Carry, ThenBlock);
    Carry = Phi;
  }
  B.SetInsertPoint(&Call);
  return true;
}

std::string Translator::run() {
  auto *Asm = cast<InlineAsm>(Call.getCalledOperand());
  ParsedAsm Parsed = parse(Asm->getAsmString());
  if (!Parsed.error.empty())
    return Parsed.error;
  if (!bindOperands())
    return Error;
  for (const Statement &S : Parsed.statements) {
    bool Done = std::holds_alternative<RegisterDeclaration>(S)
                    ? declare(std::get<RegisterDeclaration>(S))
                    : execute(std::get<Instruction>(S));
    if (!Done || !Error.empty()) {
      if (const auto *I = std::get_if<Instruction>(&S))
        return Error + " in '" + I->text + "'";
      return Error;
    }
  }
  Value *Result = nullptr;
  if (Call.getType()->isStructTy()) {
    Result = PoisonValue::get(Call.getType());
    for (unsigned I = 0; I < OutputTypes.size(); ++I)
      Result = B.CreateInsertValue(Result, Registers["$" + std::to_string(I)].value, I);
  } else if (!OutputTypes.empty()) {
    Result = Registers["$0"].value;
  }
  if (Result)
    Call.replaceAllUsesWith(Result);
  Call.eraseFromParent();
  return {};
}

} // namespace ptx

std::string translateInlinePtx(CallInst &Call) { return ptx::Translator(Call).run(); }

} // namespace drawbridge::cpu
