// PtxAsmArithmetic: the semantics of PTX's moves, integer and float arithmetic, comparisons,
// conversions and bit manipulation, as IR (see PtxAsmTranslator.h). Each follows the PTX ISA's
// definition, including its edge cases: shifts by the width or more, bit fields past the top
// bit, saturating float-to-integer conversions, the carry flag of add.cc and friends.
#include "PtxAsmTranslator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace drawbridge::cpu::ptx {

bool Translator::move(const Instruction &I) {
  auto T = instructionType(I);
  if (!T || !needOperands(I, 2, 2))
    return false;
  const Operand &D = I.operands[0], &S = I.operands[1];
  Type *Whole = B.getIntNTy(T->bits);
  // mov.b64 d, {lo, hi} packs; mov.b64 {lo, hi}, a unpacks; the first element is the lowest.
  if (S.kind == Operand::Kind::Vector || D.kind == Operand::Kind::Vector) {
    const Operand &V = S.kind == Operand::Kind::Vector ? S : D;
    unsigned Piece = T->bits / V.elements.size();
    if (Piece * V.elements.size() != T->bits)
      return fail("a vector that does not divide the move's width"), false;
    Type *PieceTy = B.getIntNTy(Piece);
    if (&V == &S) {
      Value *Packed = ConstantInt::get(Whole, 0);
      for (unsigned E = 0; E < S.elements.size(); ++E) {
        Value *Part = B.CreateZExt(read(S.elements[E], PieceTy), Whole);
        Packed = B.CreateOr(Packed, B.CreateShl(Part, E * Piece));
      }
      return write(D, Packed);
    }
    Value *Packed = read(S, Whole);
    for (unsigned E = 0; E < D.elements.size(); ++E)
      if (!write(D.elements[E], B.CreateTrunc(B.CreateLShr(Packed, E * Piece), PieceTy)))
        return false;
    return true;
  }
  return write(D, read(S, irType(*T)));
}

Value *Translator::comparison(StringRef Op, PtxType T, Value *A, Value *Bv) {
  if (T.kind == PtxType::Float) {
    auto Pred = StringSwitch<std::optional<CmpInst::Predicate>>(Op)
                    .Case("eq", CmpInst::FCMP_OEQ)
                    .Case("ne", CmpInst::FCMP_ONE)
                    .Case("lt", CmpInst::FCMP_OLT)
                    .Case("le", CmpInst::FCMP_OLE)
                    .Case("gt", CmpInst::FCMP_OGT)
                    .Case("ge", CmpInst::FCMP_OGE)
                    .Case("equ", CmpInst::FCMP_UEQ)
                    .Case("neu", CmpInst::FCMP_UNE)
                    .Case("ltu", CmpInst::FCMP_ULT)
                    .Case("leu", CmpInst::FCMP_ULE)
                    .Case("gtu", CmpInst::FCMP_UGT)
                    .Case("geu", CmpInst::FCMP_UGE)
                    .Case("num", CmpInst::FCMP_ORD)
                    .Case("nan", CmpInst::FCMP_UNO)
                    .Default(std::nullopt);
    if (!Pred)
      return fail("the float comparison '" + Op.str() + "'");
    return B.CreateFCmp(*Pred, A, Bv);
  }
  bool Signed = T.kind == PtxType::Signed;
  auto Pred = StringSwitch<std::optional<CmpInst::Predicate>>(Op)
                  .Case("eq", CmpInst::ICMP_EQ)
                  .Case("ne", CmpInst::ICMP_NE)
                  .Case("lt", Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
                  .Case("le", Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
                  .Case("gt", Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
                  .Case("ge", Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                  .Case("lo", CmpInst::ICMP_ULT)
                  .Case("ls", CmpInst::ICMP_ULE)
                  .Case("hi", CmpInst::ICMP_UGT)
                  .Case("hs", CmpInst::ICMP_UGE)
                  .Default(std::nullopt);
  if (!Pred)
    return fail("the integer comparison '" + Op.str() + "'");
  return B.CreateICmp(*Pred, A, Bv);
}

// setp.cmp{.bool}.type p[|q], a, b{, {!}c}
bool Translator::compare(const Instruction &I) {
  auto T = instructionType(I);
  if (!T || !needOperands(I, 3, 4) || I.modifiers.empty())
    return false;
  Value *C = comparison(I.modifiers.front(), *T, readAs(I, 1, *T), readAs(I, 2, *T));
  if (!C)
    return false;
  Value *In = I.operands.size() == 4 ? read(I.operands[3], B.getInt1Ty()) : nullptr;
  // p = cmp BOOLOP c, and q = !cmp BOOLOP c.
  auto Combine = [&](Value *X) -> Value * {
    if (!In)
      return X;
    if (I.has("and"))
      return B.CreateAnd(X, In);
    if (I.has("or"))
      return B.CreateOr(X, In);
    if (I.has("xor"))
      return B.CreateXor(X, In);
    return fail("setp with a fourth operand and no .and/.or/.xor");
  };
  if (!write(I.operands[0], Combine(C)))
    return false;
  return I.operands[0].secondDestination.empty() ||
         writeSecondDestination(I.operands[0], Combine(B.CreateNot(C)));
}

// selp.type d, a, b, c (c ? a : b); slct.dtype.ctype d, a, b, c (c >= 0 ? a : b)
bool Translator::select(const Instruction &I) {
  auto T = instructionType(I);
  if (!T || !needOperands(I, 4, 4))
    return false;
  Value *Cond;
  if (I.opcode == "selp") {
    Cond = read(I.operands[3], B.getInt1Ty());
  } else {
    auto CT = instructionType(I, 1);
    if (!CT)
      return false;
    Value *C = readAs(I, 3, *CT);
    Cond = CT->kind == PtxType::Float ? B.CreateFCmpOGE(C, ConstantFP::get(C->getType(), 0.0))
                                      : B.CreateICmpSGE(C, ConstantInt::get(C->getType(), 0));
  }
  return write(I.operands[0], B.CreateSelect(Cond, readAs(I, 1, *T), readAs(I, 2, *T)));
}

namespace {

bool directedRounding(const Instruction &I) { return I.has("rz") || I.has("rm") || I.has("rp"); }

Intrinsic::ID integralRounding(const Instruction &I) {
  if (I.has("rni"))
    return Intrinsic::roundeven;
  if (I.has("rmi"))
    return Intrinsic::floor;
  if (I.has("rpi"))
    return Intrinsic::ceil;
  return Intrinsic::trunc;
}

} // namespace

// cvt{.rnd}{.ftz}{.sat}.dtype.atype d, a; cvta{.to}.space.size d, a
bool Translator::convert(const Instruction &I) {
  if (!needOperands(I, 2, 2))
    return false;
  if (I.opcode == "cvta") {
    if (!I.has("u64"))
      return fail("cvta to a 32-bit address"), false;
    return write(I.operands[0], read(I.operands[1], B.getInt64Ty()));
  }
  auto D = instructionType(I, 0), A = instructionType(I, 1);
  if (!D || !A)
    return false;
  Type *DT = irType(*D);
  Value *V = readAs(I, 1, *A);
  if (!V)
    return false;
  Value *R;
  bool Integral = I.has("rni") || I.has("rzi") || I.has("rmi") || I.has("rpi");
  if (D->isInteger() && A->isInteger()) {
    if (I.has("sat")) {
      unsigned Wide = std::max(D->bits, A->bits) + 1;
      Value *X = fit(V, B.getIntNTy(Wide), A->kind == PtxType::Signed);
      APInt Lo = D->kind == PtxType::Signed ? APInt::getSignedMinValue(D->bits).sext(Wide)
                                            : APInt::getZero(Wide);
      APInt Hi = D->kind == PtxType::Signed ? APInt::getSignedMaxValue(D->bits).sext(Wide)
                                            : APInt::getMaxValue(D->bits).zext(Wide);
      X = B.CreateBinaryIntrinsic(Intrinsic::smin, X, B.getInt(Hi));
      V = B.CreateBinaryIntrinsic(Intrinsic::smax, X, B.getInt(Lo));
    }
    R = fit(V, DT, A->kind == PtxType::Signed);
  } else if (D->kind == PtxType::Float && A->kind == PtxType::Float) {
    if (D->bits < A->bits && (directedRounding(I) || Integral))
      return fail("a narrowing float conversion rounded other than to nearest"), false;
    R = D->bits == A->bits  ? (Integral ? B.CreateUnaryIntrinsic(integralRounding(I), V) : V)
        : D->bits > A->bits ? B.CreateFPExt(V, DT)
                            : B.CreateFPTrunc(V, DT);
    if (I.has("sat"))
      R = B.CreateSelect(B.CreateFCmpUNO(R, R), ConstantFP::get(DT, 0.0),
                         B.CreateBinaryIntrinsic(Intrinsic::minnum,
                                                 B.CreateBinaryIntrinsic(Intrinsic::maxnum, R,
                                                                         ConstantFP::get(DT, 0.0)),
                                                 ConstantFP::get(DT, 1.0)));
  } else if (D->isInteger() && A->kind == PtxType::Float) {
    Value *Rounded = B.CreateUnaryIntrinsic(integralRounding(I), V);
    R = B.CreateIntrinsic(D->kind == PtxType::Signed ? Intrinsic::fptosi_sat
                                                     : Intrinsic::fptoui_sat,
                          {DT, Rounded->getType()}, {Rounded});
  } else if (D->kind == PtxType::Float && A->isInteger()) {
    if (directedRounding(I))
      return fail("an integer-to-float conversion rounded other than to nearest"), false;
    R = A->kind == PtxType::Signed ? B.CreateSIToFP(V, DT) : B.CreateUIToFP(V, DT);
  } else {
    return fail("a conversion between these types"), false;
  }
  return write(I.operands[0], R);
}

bool Translator::integerOrFloat(const Instruction &I) {
  auto T = instructionType(I);
  if (!T)
    return false;
  StringRef Op = I.opcode;
  if (Op == "addc" || Op == "subc" || Op == "madc" || I.has("cc"))
    return carryArithmetic(I, *T);
  if (T->kind == PtxType::Float)
    return floatArithmetic(I, *T);
  return integerArithmetic(I, *T);
}

bool Translator::integerArithmetic(const Instruction &I, PtxType T) {
  StringRef Op = I.opcode;
  Type *Ty = irType(T);
  unsigned W = T.bits;
  bool Signed = T.kind == PtxType::Signed;
  auto Arg = [&](unsigned N) { return readAs(I, N, T); };
  auto Wide = [&](Value *V, unsigned Bits) { return fit(V, B.getIntNTy(Bits), Signed); };
  size_t Arity = StringSwitch<size_t>(Op)
                     .Cases("not", "cnot", "neg", "abs", "popc", "clz", "brev", "bfind", 2)
                     .Cases("mad", "mad24", "sad", 4)
                     .Default(3);
  if (!needOperands(I, Arity, Arity))
    return false;
  const Operand &D = I.operands[0];
  Value *R = nullptr;
  if (Op == "add" || Op == "sub") {
    bool Add = Op == "add";
    R = I.has("sat") ? B.CreateBinaryIntrinsic(Add ? Intrinsic::sadd_sat : Intrinsic::ssub_sat,
                                               Arg(1), Arg(2))
        : Add ? B.CreateAdd(Arg(1), Arg(2))
              : B.CreateSub(Arg(1), Arg(2));
  } else if (Op == "mul" || Op == "mad") {
    Value *A = Arg(1), *Bv = Arg(2);
    if (I.has("wide")) {
      R = B.CreateMul(Wide(A, 2 * W), Wide(Bv, 2 * W));
      if (Op == "mad")
        R = B.CreateAdd(R, read(I.operands[3], B.getIntNTy(2 * W), Signed));
      return write(D, R);
    }
    R = I.has("hi")
            ? B.CreateTrunc(B.CreateLShr(B.CreateMul(Wide(A, 2 * W), Wide(Bv, 2 * W)), W), Ty)
            : B.CreateMul(A, Bv);
    if (Op == "mad")
      R = B.CreateAdd(R, Arg(3));
  } else if (Op == "mul24" || Op == "mad24") {
    auto Low24 = [&](Value *V) { return Wide(B.CreateTrunc(V, B.getIntNTy(24)), 64); };
    Value *P = B.CreateMul(Low24(Arg(1)), Low24(Arg(2)));
    R = B.CreateTrunc(I.has("hi") ? B.CreateLShr(P, 16) : P, Ty);
    if (Op == "mad24")
      R = B.CreateAdd(R, Arg(3));
  } else if (Op == "sad") {
    Value *A = Arg(1), *Bv = Arg(2);
    Value *Greater = Signed ? B.CreateICmpSGT(A, Bv) : B.CreateICmpUGT(A, Bv);
    R = B.CreateAdd(Arg(3), B.CreateSelect(Greater, B.CreateSub(A, Bv), B.CreateSub(Bv, A)));
  } else if (Op == "min" || Op == "max") {
    Intrinsic::ID ID = Op == "min" ? (Signed ? Intrinsic::smin : Intrinsic::umin)
                                   : (Signed ? Intrinsic::smax : Intrinsic::umax);
    R = B.CreateBinaryIntrinsic(ID, Arg(1), Arg(2));
  } else if (Op == "and") {
    R = B.CreateAnd(Arg(1), Arg(2));
  } else if (Op == "or") {
    R = B.CreateOr(Arg(1), Arg(2));
  } else if (Op == "xor") {
    R = B.CreateXor(Arg(1), Arg(2));
  } else if (Op == "not") {
    R = B.CreateNot(Arg(1));
  } else if (Op == "cnot") {
    R = B.CreateZExt(B.CreateIsNull(Arg(1)), Ty);
  } else if (Op == "neg") {
    R = B.CreateNeg(Arg(1));
  } else if (Op == "abs") {
    R = B.CreateBinaryIntrinsic(Intrinsic::abs, Arg(1), B.getFalse());
  } else if (Op == "shl" || Op == "shr") {
    // The amount is a u32 whatever the type. Capped at the width so that narrowing it to a
    // 16-bit type keeps it out of range, it becomes a plain IR shift: ClampShiftAmountsPass,
    // later in the retarget stage, gives every device-code shift PTX's clamped result.
    Value *Amount = B.CreateBinaryIntrinsic(Intrinsic::umin, read(I.operands[2], B.getInt32Ty()),
                                            B.getInt32(W));
    Value *A = Arg(1), *By = fit(Amount, Ty);
    R = Op == "shl" ? B.CreateShl(A, By) : Signed ? B.CreateAShr(A, By) : B.CreateLShr(A, By);
  } else if (Op == "div") {
    R = Signed ? B.CreateSDiv(Arg(1), Arg(2)) : B.CreateUDiv(Arg(1), Arg(2));
  } else if (Op == "rem") {
    R = Signed ? B.CreateSRem(Arg(1), Arg(2)) : B.CreateURem(Arg(1), Arg(2));
  } else if (Op == "popc") {
    R = fit(B.CreateUnaryIntrinsic(Intrinsic::ctpop, Arg(1)), B.getInt32Ty());
  } else if (Op == "clz") {
    R = fit(B.CreateBinaryIntrinsic(Intrinsic::ctlz, Arg(1), B.getFalse()), B.getInt32Ty());
  } else if (Op == "brev") {
    R = B.CreateUnaryIntrinsic(Intrinsic::bitreverse, Arg(1));
  } else if (Op == "bfind") {
    Value *A = Arg(1);
    if (Signed)
      A = B.CreateSelect(B.CreateIsNeg(A), B.CreateNot(A), A);
    Value *Leading = fit(B.CreateBinaryIntrinsic(Intrinsic::ctlz, A, B.getFalse()), B.getInt32Ty());
    Value *Position = I.has("shiftamt") ? Leading : B.CreateSub(B.getInt32(W - 1), Leading);
    R = B.CreateSelect(B.CreateIsNull(A), B.getInt32(~0u), Position);
  } else {
    return fail("the integer instruction '" + I.opcode + "'"), false;
  }
  return write(D, R);
}

// add.cc, addc{.cc}, sub.cc, subc{.cc}, mad{.lo,.hi}.cc, madc{.lo,.hi}{.cc}: CC.CF is the carry
// of additions and the borrow of subtractions.
bool Translator::carryArithmetic(const Instruction &I, PtxType T) {
  StringRef Op = I.opcode;
  bool Mad = Op.starts_with("mad");
  if (!T.isInteger() || !needOperands(I, Mad ? 4 : 3, Mad ? 4 : 3))
    return fail("'" + I.opcode + "' with a carry on this type"), false;
  Type *Ty = irType(T);
  unsigned W = T.bits;
  Value *CarryIn = Op.ends_with("c") ? (Carry ? Carry : B.getFalse()) : B.getFalse();
  Value *A = readAs(I, 1, T), *Bv = readAs(I, 2, T);
  bool Sub = Op.starts_with("sub");
  if (Mad) {
    Type *Wide = B.getIntNTy(2 * W);
    Value *P = B.CreateMul(fit(A, Wide, T.kind == PtxType::Signed),
                           fit(Bv, Wide, T.kind == PtxType::Signed));
    A = B.CreateTrunc(I.has("hi") ? B.CreateLShr(P, W) : P, Ty);
    Bv = readAs(I, 3, T);
  }
  Intrinsic::ID ID = Sub ? Intrinsic::usub_with_overflow : Intrinsic::uadd_with_overflow;
  Value *First = B.CreateBinaryIntrinsic(ID, A, Bv);
  Value *Second =
      B.CreateBinaryIntrinsic(ID, B.CreateExtractValue(First, 0), B.CreateZExt(CarryIn, Ty));
  if (I.has("cc"))
    Carry = B.CreateOr(B.CreateExtractValue(First, 1), B.CreateExtractValue(Second, 1));
  return write(I.operands[0], B.CreateExtractValue(Second, 0));
}

bool Translator::floatArithmetic(const Instruction &I, PtxType T) {
  StringRef Op = I.opcode;
  if (directedRounding(I))
    return fail("directed rounding (.rz/.rm/.rp) in inline PTX; the __fadd_rz() family of "
                "intrinsics does it"),
           false;
  Type *Ty = irType(T);
  auto Arg = [&](unsigned N) { return readAs(I, N, T); };
  size_t Arity = StringSwitch<size_t>(Op)
                     .Cases("neg", "abs", "sqrt", "rsqrt", "rcp", "ex2", "lg2", "sin", 2)
                     .Cases("cos", "testp", 2)
                     .Cases("fma", "mad", 4)
                     .Default(3);
  if (!needOperands(I, Arity, Arity))
    return false;
  Value *One = ConstantFP::get(Ty, 1.0);
  Value *R = nullptr;
  if (Op == "add")
    R = B.CreateFAdd(Arg(1), Arg(2));
  else if (Op == "sub")
    R = B.CreateFSub(Arg(1), Arg(2));
  else if (Op == "mul")
    R = B.CreateFMul(Arg(1), Arg(2));
  else if (Op == "div")
    R = B.CreateFDiv(Arg(1), Arg(2));
  else if (Op == "fma" || Op == "mad")
    R = B.CreateIntrinsic(Intrinsic::fma, {Ty}, {Arg(1), Arg(2), Arg(3)});
  else if (Op == "min" || Op == "max")
    R = B.CreateBinaryIntrinsic(Op == "min" ? Intrinsic::minnum : Intrinsic::maxnum, Arg(1),
                                Arg(2));
  else if (Op == "neg")
    R = B.CreateFNeg(Arg(1));
  else if (Op == "abs")
    R = B.CreateUnaryIntrinsic(Intrinsic::fabs, Arg(1));
  else if (Op == "sqrt")
    R = B.CreateUnaryIntrinsic(Intrinsic::sqrt, Arg(1));
  else if (Op == "rsqrt")
    R = B.CreateFDiv(One, B.CreateUnaryIntrinsic(Intrinsic::sqrt, Arg(1)));
  else if (Op == "rcp")
    R = B.CreateFDiv(One, Arg(1));
  else if (Op == "ex2")
    R = B.CreateUnaryIntrinsic(Intrinsic::exp2, Arg(1));
  else if (Op == "lg2")
    R = B.CreateUnaryIntrinsic(Intrinsic::log2, Arg(1));
  else if (Op == "sin")
    R = B.CreateUnaryIntrinsic(Intrinsic::sin, Arg(1));
  else if (Op == "cos")
    R = B.CreateUnaryIntrinsic(Intrinsic::cos, Arg(1));
  else if (Op == "copysign")
    R = B.CreateBinaryIntrinsic(Intrinsic::copysign, Arg(2), Arg(1));
  else if (Op == "testp") {
    unsigned Classes = I.has("finite")       ? fcFinite
                       : I.has("infinite")   ? fcInf
                       : I.has("number")     ? ~fcNan & fcAllFlags
                       : I.has("notanumber") ? fcNan
                       : I.has("normal")     ? fcNormal
                       : I.has("subnormal")  ? fcSubnormal
                                             : 0;
    if (!Classes)
      return fail("a testp class PTX does not have"), false;
    return write(I.operands[0], B.createIsFPClass(Arg(1), Classes));
  } else
    return fail("the float instruction '" + I.opcode + "'"), false;
  if (I.has("sat"))
    R = B.CreateSelect(B.CreateFCmpUNO(R, R), ConstantFP::get(Ty, 0.0),
                       B.CreateBinaryIntrinsic(
                           Intrinsic::minnum,
                           B.CreateBinaryIntrinsic(Intrinsic::maxnum, R, ConstantFP::get(Ty, 0.0)),
                           One));
  return write(I.operands[0], R);
}

// bfe.type d, a, pos, len; bfi.type d, a, b, pos, len. Positions and lengths use their low
// eight bits; fields reaching past the top bit read zeros (unsigned) or the sign (signed) and
// write nothing there.
bool Translator::bitField(const Instruction &I) {
  auto T = instructionType(I);
  bool Extract = I.opcode == "bfe";
  if (!T || !needOperands(I, Extract ? 4 : 5, Extract ? 4 : 5))
    return false;
  unsigned W = T->bits;
  Type *Ty = irType(*T), *Wide = B.getIntNTy(2 * W);
  bool Signed = T->kind == PtxType::Signed;
  auto Field = [&](unsigned N, unsigned Max) {
    Value *V = B.CreateAnd(read(I.operands[N], B.getInt32Ty()), 0xff);
    return fit(B.CreateBinaryIntrinsic(Intrinsic::umin, V, B.getInt32(Max)), Wide);
  };
  unsigned First = Extract ? 2 : 3;
  Value *Pos = Field(First, Extract ? 2 * W - 1 : W), *Len = Field(First + 1, W);
  Value *Mask = B.CreateSub(B.CreateShl(ConstantInt::get(Wide, 1), Len), ConstantInt::get(Wide, 1));
  if (!Extract) {
    Value *Shifted = B.CreateShl(Mask, Pos);
    Value *Inserted = B.CreateShl(fit(readAs(I, 1, *T), Wide), Pos);
    Value *Base = fit(readAs(I, 2, *T), Wide);
    Value *R = B.CreateOr(B.CreateAnd(Base, B.CreateNot(Shifted)), B.CreateAnd(Inserted, Shifted));
    return write(I.operands[0], B.CreateTrunc(R, Ty));
  }
  Value *A = fit(readAs(I, 1, *T), Wide, Signed);
  Value *Bits = B.CreateAnd(Signed ? B.CreateAShr(A, Pos) : B.CreateLShr(A, Pos), Mask);
  if (Signed) {
    Value *Up = B.CreateSub(ConstantInt::get(Wide, 2 * W), Len);
    Value *Extended = B.CreateAShr(B.CreateShl(Bits, Up), Up);
    Bits = B.CreateSelect(B.CreateIsNull(Len), ConstantInt::get(Wide, 0), Extended);
  }
  return write(I.operands[0], B.CreateTrunc(Bits, Ty));
}

// prmt.b32 d, a, b, c: each selector nibble of c picks a byte of {b, a} (a is bytes 0-3) and,
// with its top bit set, replicates that byte's sign.
bool Translator::permute(const Instruction &I) {
  if (!needOperands(I, 4, 4))
    return false;
  for (const char *Mode : {"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"})
    if (I.has(Mode))
      return fail(std::string("prmt's .") + Mode + " mode"), false;
  Value *Both = B.CreateOr(
      B.CreateZExt(read(I.operands[1], B.getInt32Ty()), B.getInt64Ty()),
      B.CreateShl(B.CreateZExt(read(I.operands[2], B.getInt32Ty()), B.getInt64Ty()), 32));
  Value *Selectors = read(I.operands[3], B.getInt32Ty());
  Value *R = B.getInt32(0);
  for (unsigned K = 0; K < 4; ++K) {
    Value *Sel = B.CreateAnd(B.CreateLShr(Selectors, 4 * K), 0xf);
    Value *Shift = B.CreateZExt(B.CreateShl(B.CreateAnd(Sel, 7), 3), B.getInt64Ty());
    Value *Byte = B.CreateTrunc(B.CreateLShr(Both, Shift), B.getInt8Ty());
    Byte = B.CreateSelect(B.CreateICmpUGE(Sel, B.getInt32(8)), B.CreateAShr(Byte, 7), Byte);
    R = B.CreateOr(R, B.CreateShl(B.CreateZExt(Byte, B.getInt32Ty()), 8 * K));
  }
  return write(I.operands[0], R);
}

// lop3.b32 d, a, b, c, lut: any function of three inputs, as the sum of the minterms the
// look-up table selects (a is 0xF0, b 0xCC, c 0xAA).
bool Translator::logic3(const Instruction &I) {
  if (!needOperands(I, 5, 5))
    return false;
  if (I.operands[4].kind != Operand::Kind::Integer)
    return fail("lop3 with a look-up table that is not a constant"), false;
  uint64_t Table = I.operands[4].bits & 0xff;
  Value *In[3];
  for (unsigned N = 0; N < 3; ++N)
    In[N] = read(I.operands[N + 1], B.getInt32Ty());
  Value *R = B.getInt32(0);
  for (unsigned Term = 0; Term < 8; ++Term) {
    if (!(Table >> Term & 1))
      continue;
    Value *Product = B.getInt32(~0u);
    for (unsigned N = 0; N < 3; ++N)
      Product = B.CreateAnd(Product, (Term >> (2 - N) & 1) ? In[N] : B.CreateNot(In[N]));
    R = B.CreateOr(R, Product);
  }
  return write(I.operands[0], R);
}

// dp4a.atype.btype d, a, b, c: c plus the four products of a's and b's bytes.
bool Translator::dotProduct(const Instruction &I) {
  auto TA = instructionType(I, 0), TB = instructionType(I, 1);
  if (!TA || !TB || !needOperands(I, 4, 4))
    return false;
  Value *A = read(I.operands[1], B.getInt32Ty()), *Bv = read(I.operands[2], B.getInt32Ty());
  Value *R = read(I.operands[3], B.getInt32Ty());
  for (unsigned K = 0; K < 4; ++K) {
    auto Byte = [&](Value *V, PtxType T) {
      return fit(B.CreateTrunc(B.CreateLShr(V, 8 * K), B.getInt8Ty()), B.getInt32Ty(),
                 T.kind == PtxType::Signed);
    };
    R = B.CreateAdd(R, B.CreateMul(Byte(A, *TA), Byte(Bv, *TB)));
  }
  return write(I.operands[0], R);
}

// The video instructions on whole 32-bit registers: vop.dtype.atype.btype{.sat}{.op2} d, a, b{,
// c}, with .clamp or .wrap for the shifts.
bool Translator::video(const Instruction &I) {
  auto D = instructionType(I, 0), A = instructionType(I, 1), Bt = instructionType(I, 2);
  if (!D || !A || !Bt || !needOperands(I, 3, 4))
    return false;
  if (D->bits != 32 || A->bits != 32 || Bt->bits != 32)
    return fail("video instructions on parts of registers"), false;
  Type *I64 = B.getInt64Ty();
  Value *X = read(I.operands[1], I64, A->kind == PtxType::Signed);
  Value *Y = read(I.operands[2], I64, Bt->kind == PtxType::Signed);
  StringRef Op = I.opcode;
  Value *R;
  if (Op == "vadd")
    R = B.CreateAdd(X, Y);
  else if (Op == "vsub")
    R = B.CreateSub(X, Y);
  else if (Op == "vabsdiff")
    R = B.CreateBinaryIntrinsic(Intrinsic::abs, B.CreateSub(X, Y), B.getFalse());
  else if (Op == "vmin" || Op == "vmax")
    R = B.CreateBinaryIntrinsic(Op == "vmin" ? Intrinsic::smin : Intrinsic::smax, X, Y);
  else {
    Value *Amount = B.CreateAnd(Y, 0xffffffff);
    Amount = I.has("wrap") ? B.CreateAnd(Amount, 31)
                           : B.CreateBinaryIntrinsic(Intrinsic::umin, Amount, B.getInt64(32));
    R = Op == "vshl"                 ? B.CreateShl(B.CreateAnd(X, 0xffffffff), Amount)
        : A->kind == PtxType::Signed ? B.CreateAShr(X, Amount)
                                     : B.CreateLShr(X, Amount);
    if (Op == "vshl")
      R = B.CreateAnd(R, 0xffffffff);
  }
  if (I.operands.size() == 4) {
    Value *C = read(I.operands[3], I64, D->kind == PtxType::Signed);
    R = I.has("add")   ? B.CreateAdd(R, C)
        : I.has("min") ? B.CreateBinaryIntrinsic(Intrinsic::smin, R, C)
        : I.has("max") ? B.CreateBinaryIntrinsic(Intrinsic::smax, R, C)
                       : static_cast<Value *>(fail("a video instruction's second operation"));
    if (!R)
      return false;
  }
  if (I.has("sat")) {
    int64_t Lo = D->kind == PtxType::Signed ? INT32_MIN : 0;
    int64_t Hi = D->kind == PtxType::Signed ? INT32_MAX : UINT32_MAX;
    R = B.CreateBinaryIntrinsic(Intrinsic::smax,
                                B.CreateBinaryIntrinsic(Intrinsic::smin, R, B.getInt64(Hi)),
                                B.getInt64(Lo));
  }
  return write(I.operands[0], B.CreateTrunc(R, B.getInt32Ty()));
}

} // namespace drawbridge::cpu::ptx
