// PtxAsmTranslator: one inline PTX assembly call turned into the IR it stands for.
//
// The PTX is read by PtxAsmParser and run symbolically, statement by statement: each register
// (the string's own `.reg` declarations and the asm's output operands) holds the IR value it
// was last given, so the whole string becomes straight-line IR in the caller. Warp and block
// instructions become the NVVM intrinsics clang emits for the CUDA builtins (shfl.sync becomes
// llvm.nvvm.shfl.sync.*, %laneid llvm.nvvm.read.ptx.sreg.laneid), which the later passes
// lower like any other. A guarded instruction (`@p add ...`) becomes a select, or, when it
// touches memory or the warp, a branch. The instruction set is what CUDA libraries and tuned
// kernels write by hand: moves and special registers, integer and float arithmetic (with the
// carry chain of add.cc/addc), comparisons and selects, conversions, bit-field and byte
// permutes, loads and stores of every space and cache hint, atomics, shuffles, votes, barriers
// and fences. Anything else is reported, by name, as not supported.
//
// The instruction semantics are split by kind over PtxAsmArithmetic.cpp and
// PtxAsmMemoryAndWarp.cpp; this file's .cpp holds operands, registers and the dispatch.
#ifndef DRAWBRIDGE_CPU_PTXASMTRANSLATOR_H
#define DRAWBRIDGE_CPU_PTXASMTRANSLATOR_H

#include "PtxAsmParser.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <optional>
#include <string>

namespace drawbridge::cpu {

// Replaces Call, an inline assembly call, by IR; returns why it cannot (and leaves Call alone)
// or an empty string.
std::string translateInlinePtx(llvm::CallInst &Call);

namespace ptx {

// The type an instruction modifier names: u32, s64, b16, f32, pred, ...
struct PtxType {
  enum Kind { Unsigned, Signed, Untyped, Float, Predicate } kind;
  unsigned bits;
  bool isInteger() const { return kind == Unsigned || kind == Signed || kind == Untyped; }
};
std::optional<PtxType> typeNamed(std::string_view name);

class Translator {
public:
  explicit Translator(llvm::CallInst &Call);
  std::string run();

private:
  struct Register {
    llvm::Type *type;
    llvm::Value *value;
  };

  // Core (PtxAsmTranslator.cpp).
  bool bindOperands();
  bool declare(const RegisterDeclaration &D);
  bool execute(const Instruction &I);
  bool dispatch(const Instruction &I);
  bool exitThread();
  llvm::Value *fail(const std::string &Why);
  llvm::Type *irType(PtxType T);
  llvm::Value *fit(llvm::Value *V, llvm::Type *To, bool Signed = false);
  llvm::Value *read(const Operand &Op, llvm::Type *To, bool Signed = false);
  llvm::Value *readAs(const Instruction &I, unsigned Index, PtxType T);
  llvm::Value *specialRegister(const std::string &Name);
  bool write(const Operand &Op, llvm::Value *V);
  bool writeSecondDestination(const Operand &Op, llvm::Value *V);
  Register *registerFor(const Operand &Op);
  std::optional<PtxType> instructionType(const Instruction &I, unsigned Which = 0);
  bool needOperands(const Instruction &I, size_t Min, size_t Max);
  llvm::Value *address(const Operand &Op);

  // Arithmetic, logic, comparisons and conversions (PtxAsmArithmetic.cpp).
  bool move(const Instruction &I);
  bool integerOrFloat(const Instruction &I);
  bool integerArithmetic(const Instruction &I, PtxType T);
  bool carryArithmetic(const Instruction &I, PtxType T);
  bool floatArithmetic(const Instruction &I, PtxType T);
  bool compare(const Instruction &I);
  bool select(const Instruction &I);
  bool convert(const Instruction &I);
  bool bitField(const Instruction &I);
  bool permute(const Instruction &I);
  bool logic3(const Instruction &I);
  bool dotProduct(const Instruction &I);
  bool video(const Instruction &I);
  llvm::Value *comparison(llvm::StringRef Op, PtxType T, llvm::Value *A, llvm::Value *B);

  // Memory, warp and block (PtxAsmMemoryAndWarp.cpp).
  bool load(const Instruction &I);
  bool store(const Instruction &I);
  bool atomic(const Instruction &I);
  bool shuffle(const Instruction &I);
  bool vote(const Instruction &I);
  bool warpCollective(const Instruction &I);
  bool barrier(const Instruction &I);

  llvm::CallInst &Call;
  llvm::Module &M;
  llvm::IRBuilder<> B;
  llvm::StringMap<Register> Registers;     // declared ones and "$N" for outputs
  llvm::SmallVector<llvm::Value *> Inputs; // by operand number; null for outputs
  llvm::SmallVector<llvm::Type *> OutputTypes;
  llvm::Value *Carry = nullptr; // CC.CF of the carry chain, i1
  std::string Error;
};

} // namespace ptx
} // namespace drawbridge::cpu

#endif
