// The inline PTX parser (compiler/cpu/PtxAsmParser.h): statements, declarations, operands of
// every kind, and the errors for what TranslateInlinePtxPass cannot run.
#include "PtxAsmParser.h"

#include <gtest/gtest.h>

using namespace drawbridge::cpu::ptx;

namespace {

const Instruction &instruction(const ParsedAsm &parsed, size_t index) {
  return std::get<Instruction>(parsed.statements.at(index));
}

TEST(PtxAsmParser, SimpleInstructionWithModifiers) {
  ParsedAsm p = parse("shfl.sync.down.b32 $0, $1, $2, $3, $4;");
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.statements.size(), 1u);
  const Instruction &i = instruction(p, 0);
  EXPECT_EQ(i.opcode, "shfl");
  EXPECT_EQ(i.modifiers, (std::vector<std::string>{"sync", "down", "b32"}));
  EXPECT_TRUE(i.has("down"));
  EXPECT_FALSE(i.has("up"));
  ASSERT_EQ(i.operands.size(), 5u);
  EXPECT_EQ(i.operands[4].kind, Operand::Kind::Placeholder);
  EXPECT_EQ(i.operands[4].index, 4u);
}

TEST(PtxAsmParser, ScopedBlockWithDeclarationsGuardsAndPairs) {
  ParsedAsm p = parse("{\n  .reg .u32 r0;\n  .reg .pred p, q;\n"
                      "  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;\n"
                      "  @!p add.u32 r0, r0, $4;\n  mov.u32 $0, r0;\n}");
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.statements.size(), 5u);
  const auto &pred = std::get<RegisterDeclaration>(p.statements[1]);
  EXPECT_EQ(pred.type, "pred");
  EXPECT_EQ(pred.names, (std::vector<std::string>{"p", "q"}));
  EXPECT_EQ(instruction(p, 2).operands[0].name, "r0");
  EXPECT_EQ(instruction(p, 2).operands[0].secondDestination, "p");
  EXPECT_EQ(instruction(p, 3).guard, "p");
  EXPECT_TRUE(instruction(p, 3).guardNegated);
}

TEST(PtxAsmParser, RegisterRangesAndSpecialRegisters) {
  ParsedAsm p = parse(".reg .b64 %rd<3>; mov.u32 $0, %tid.x; mov.u32 $1, %lanemask_le;");
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(std::get<RegisterDeclaration>(p.statements[0]).names,
            (std::vector<std::string>{"%rd0", "%rd1", "%rd2"}));
  EXPECT_EQ(instruction(p, 1).operands[1].kind, Operand::Kind::Name);
  EXPECT_EQ(instruction(p, 1).operands[1].name, "%tid.x");
  EXPECT_EQ(instruction(p, 2).operands[1].name, "%lanemask_le");
}

TEST(PtxAsmParser, Constants) {
  ParsedAsm p = parse("mov.b32 $0, 0x7fffffff; add.s32 $0, $0, -5; mov.f32 $1, 0f3F800000;"
                      "mov.f64 $2, 0d4000000000000000; mul.f64 $2, $2, 1.5; and.b32 $0, $0, 017;"
                      "mov.f32 $1, -0f3F800000; or.b32 $0, $0, 0b101; add.u32 $0, $0, 7U;");
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(instruction(p, 0).operands[1].bits, 0x7fffffffu);
  EXPECT_EQ(instruction(p, 1).operands[2].bits, uint64_t(-5));
  EXPECT_EQ(instruction(p, 2).operands[1].kind, Operand::Kind::Float32);
  EXPECT_EQ(instruction(p, 2).operands[1].bits, 0x3F800000u);
  EXPECT_EQ(instruction(p, 3).operands[1].kind, Operand::Kind::Float64);
  EXPECT_EQ(instruction(p, 3).operands[1].bits, 0x4000000000000000u);
  EXPECT_EQ(instruction(p, 4).operands[2].kind, Operand::Kind::Float64);
  EXPECT_EQ(instruction(p, 4).operands[2].bits, 0x3FF8000000000000u);
  EXPECT_EQ(instruction(p, 5).operands[2].bits, 15u);
  EXPECT_EQ(instruction(p, 6).operands[1].bits, 0xBF800000u);
  EXPECT_EQ(instruction(p, 7).operands[2].bits, 5u);
  EXPECT_EQ(instruction(p, 8).operands[2].bits, 7u);
}

TEST(PtxAsmParser, VectorsAndAddresses) {
  ParsedAsm p = parse("ld.global.nc.v2.u64 {$0, $1}, [$2];"
                      "st.shared.v4.f32 [$0+16], {$1, $2, _, $3};"
                      "ld.u32 $0, [r1-8]; mov.b64 {lo, hi}, $1; ld.const.u32 $0, [64];");
  ASSERT_EQ(p.error, "");
  const Operand &pair = instruction(p, 0).operands[0];
  EXPECT_EQ(pair.kind, Operand::Kind::Vector);
  ASSERT_EQ(pair.elements.size(), 2u);
  EXPECT_EQ(pair.elements[1].index, 1u);
  const Operand &at = instruction(p, 0).operands[1];
  EXPECT_EQ(at.kind, Operand::Kind::Address);
  ASSERT_EQ(at.elements.size(), 1u);
  EXPECT_EQ(at.elements[0].index, 2u);
  EXPECT_EQ(at.offset, 0);
  EXPECT_EQ(instruction(p, 1).operands[0].offset, 16);
  EXPECT_EQ(instruction(p, 1).operands[1].elements[2].kind, Operand::Kind::Sink);
  EXPECT_EQ(instruction(p, 2).operands[1].elements[0].name, "r1");
  EXPECT_EQ(instruction(p, 2).operands[1].offset, -8);
  EXPECT_EQ(instruction(p, 3).operands[0].elements[1].name, "hi");
  EXPECT_TRUE(instruction(p, 4).operands[1].elements.empty());
  EXPECT_EQ(instruction(p, 4).operands[1].offset, 64);
  const Operand &texture =
      instruction(parse("tex.1d.v4.f32.s32 {$0, $1, $2, $3}, [$4, {$5}];"), 0).operands[1];
  EXPECT_EQ(texture.kind, Operand::Kind::Address);
  ASSERT_EQ(texture.elements.size(), 2u);
  EXPECT_EQ(texture.elements[1].kind, Operand::Kind::Vector);
}

TEST(PtxAsmParser, NegatedPredicatesCommentsAndEmptyStrings) {
  ParsedAsm p = parse("// a comment\n vote.sync.ballot.b32 $0, !p, 0xffffffff; /* another */");
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.statements.size(), 1u);
  EXPECT_TRUE(instruction(p, 0).operands[1].negated);
  EXPECT_EQ(instruction(p, 0).operands[1].name, "p");
  EXPECT_EQ(parse("").statements.size(), 0u);
  EXPECT_EQ(parse("   ").error, "");
  EXPECT_EQ(parse("exit;").statements.size(), 1u);
  EXPECT_NE(parse("${1}").error.find("without its ';'"), std::string::npos);
  EXPECT_EQ(instruction(parse("mov.u32 ${0}, 1;"), 0).operands[0].index, 0u);
}

TEST(PtxAsmParser, ReportsWhatItCannotRead) {
  EXPECT_NE(parse("L1: bra L1;").error.find("label 'L1:'"), std::string::npos);
  EXPECT_NE(parse(".shared .u32 x;").error.find("directive '.shared'"), std::string::npos);
  EXPECT_NE(parse("mov.u32 $0, 1").error.find("without its ';'"), std::string::npos);
  EXPECT_NE(parse("mov.u32 $0, 0fXYZ;").error.find("floating-point constant"), std::string::npos);
  EXPECT_NE(parse("ld.u32 $0, [$1;").error.find("unclosed"), std::string::npos);
  EXPECT_NE(parse("mov.u32 $0, ${0:r};").error.find("modifier"), std::string::npos);
  EXPECT_NE(parse(".reg .v2 .u32 a;").error.find("vector register"), std::string::npos);
  EXPECT_NE(parse("add.u32 $0, #3, 1;").error.find("'#3'"), std::string::npos);
}

} // namespace
