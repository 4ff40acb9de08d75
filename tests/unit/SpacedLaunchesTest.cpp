// Joining spaced kernel launch brackets (driver/SpacedLaunches.h): launches written
// `k << < g, b >> > (a)` are joined without moving a line, and nothing else is touched: shifts,
// template argument lists closing together, operator<< with explicit template arguments,
// comments and literals.
#include "SpacedLaunches.h"

#include <gtest/gtest.h>

using namespace drawbridge::driver;

namespace {

std::string joined(const std::string &source) {
  std::optional<std::string> out = joinSpacedLaunches(source);
  return out ? *out : "(unchanged)";
}

TEST(SpacedLaunches, JoinsBothBrackets) {
  EXPECT_EQ(joined("k << < 1, 4 >> > (d);"), "k <<<  1, 4 >>>  (d);");
  EXPECT_EQ(joined("k<< <g, b>> >(d);"), "k<<< g, b>>> (d);");
  EXPECT_EQ(joined("k <</*c*/< 1, 1 >>\n> (d);"), "k <<</*c*/ 1, 1 >>>\n (d);");
}

TEST(SpacedLaunches, KeepsLinesAndLengths) {
  std::string source = "a();\nk << < n,\n  m >> > (p, q);\nb();\n";
  std::string out = joined(source);
  EXPECT_EQ(out.size(), source.size());
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'),
            std::count(source.begin(), source.end(), '\n'));
  EXPECT_EQ(out, "a();\nk <<<  n,\n  m >>>  (p, q);\nb();\n");
}

TEST(SpacedLaunches, ConfigurationsWithParenthesesAndTemplates) {
  EXPECT_EQ(joined("k << < dim3((n >> 1), 1), std::min<int>(a, b) >> > (x);"),
            "k <<<  dim3((n >> 1), 1), std::min<int>(a, b) >>>  (x);");
  // A launch opened spaced and closed joined.
  EXPECT_EQ(joined("k << < 1, 1>>>(x); y = v >> 2;"), "k <<<  1, 1>>>(x); y = v >> 2;");
  EXPECT_EQ(joined("a << < 1, 1 >> > (); b << < 2, 2 >> > ();"),
            "a <<<  1, 1 >>>  (); b <<<  2, 2 >>>  ();");
}

TEST(SpacedLaunches, LeavesOtherCodeAlone) {
  EXPECT_EQ(joined("k<<<1, 1>>>(d); x = a << b; y = c >> d; z <<= 2;"), "(unchanged)");
  EXPECT_EQ(joined("std::vector<std::vector<std::pair<int, int>> > v;"), "(unchanged)");
  EXPECT_EQ(joined("os = operator<< <int>(os, 1);"), "(unchanged)");
  // Not C++ either way: joined, and clang says what is wrong with it.
  EXPECT_EQ(joined("x = a << <ignored;"), "x = a <<< ignored;");
  EXPECT_EQ(joined("x = a < < b;"), "(unchanged)");
}

TEST(SpacedLaunches, SkipsCommentsAndLiterals) {
  EXPECT_EQ(joined("// k << < 1, 1 >> > ();\n"), "(unchanged)");
  EXPECT_EQ(joined("/* k << < 1, 1 >> > (); */"), "(unchanged)");
  EXPECT_EQ(joined("const char *s = \"k << < 1, 1 >> > ()\";"), "(unchanged)");
  EXPECT_EQ(joined("char c = '<'; s = R\"x(<< <)x\"; n = 1'000;"), "(unchanged)");
  EXPECT_EQ(joined("s = \"\\\"\"; k << < 1, 1 >> > ();"), "s = \"\\\"\"; k <<<  1, 1 >>>  ();");
}

} // namespace
