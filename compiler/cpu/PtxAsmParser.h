// PtxAsmParser: the statements of an inline PTX assembly string, as data.
//
// CUDA code reaches for inline PTX where C++ has no word for an instruction: a lane id, a
// shuffle with its validity predicate, a non-coherent load, a bit-field extract (CUB, and so
// Thrust, does all four). TranslateInlinePtxPass turns such strings into IR; this parser is its
// front half and knows nothing of LLVM, so it is unit-tested on its own. It reads the string as
// clang hands it over in IR: operands are `$N` (`%N` in the source), special registers keep
// their `%` (`%laneid`, `%tid.x`), and `{ }` around a block of statements only scopes
// declarations. Comments are dropped. Anything outside straight-line PTX (labels, branches,
// directives other than `.reg`) is a parse error that says what it met.
#ifndef DRAWBRIDGE_CPU_PTXASMPARSER_H
#define DRAWBRIDGE_CPU_PTXASMPARSER_H

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace drawbridge::cpu::ptx {

struct Operand {
  enum class Kind {
    Name,        // a declared register or a special register: "r0", "%laneid", "%tid.x"
    Placeholder, // $N, the asm statement's N-th operand
    Integer,     // bits holds the value, two's complement
    Float32,     // bits holds the IEEE single bits (0f3F800000)
    Float64,     // bits holds the IEEE double bits (0d..., or a decimal literal)
    Vector,      // {a, b, ...}: elements
    Address,     // [base+offset]: elements holds the base, or nothing for an absolute address;
                 // [a, b, ...] (texture and surface operands) holds each part
    Sink,        // _
  };
  Kind kind = Kind::Sink;
  std::string name;
  unsigned index = 0;
  uint64_t bits = 0;
  int64_t offset = 0;
  bool negated = false;          // !p
  std::vector<Operand> elements; // Vector elements, or an Address's base
  std::string secondDestination; // the p of "d|p"
};

struct Instruction {
  std::string guard; // the predicate of "@p" or "@!p"; empty when unguarded
  bool guardNegated = false;
  std::string opcode;                 // "shfl"
  std::vector<std::string> modifiers; // "sync", "down", "b32" (without their dots)
  std::vector<Operand> operands;
  std::string text; // the statement as written, for diagnostics

  bool has(std::string_view modifier) const;
};

struct RegisterDeclaration {
  std::string type;               // "u32", "pred", "f64", ...
  std::vector<std::string> names; // "%r<3>" is declared as %r0, %r1, %r2
};

using Statement = std::variant<RegisterDeclaration, Instruction>;

struct ParsedAsm {
  std::vector<Statement> statements;
  std::string error; // empty when the whole string parsed
};

ParsedAsm parse(std::string_view assembly);

} // namespace drawbridge::cpu::ptx

#endif
