// Tests for what nvcc hands drawbridge-cc for one .cu file (Invocation::unitOptions): read back
// with a compile of its own, those options must mean what the whole command meant.
#include "Invocation.h"
#include "Options.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace drawbridge::driver {
namespace {

using Strings = std::vector<std::string>;

Invocation invocationOf(const Strings &args) {
  auto parsed = parseCommandLine(args);
  if (auto *error = std::get_if<ParseError>(&parsed)) {
    ADD_FAILURE() << "parse error: " << error->message;
    return {};
  }
  auto inv = makeInvocation(std::get<ParsedCommandLine>(parsed));
  if (auto *error = std::get_if<ParseError>(&inv)) {
    ADD_FAILURE() << "invocation error: " << error->message;
    return {};
  }
  return std::get<Invocation>(std::move(inv));
}

// The invocation drawbridge-cc makes of what nvcc gives it for `input`.
Invocation unitInvocation(const Invocation &whole, const std::string &input) {
  Strings args = whole.unitOptions;
  args.insert(args.end(), {"-c", "-o", "unit.o", input});
  return invocationOf(args);
}

std::vector<int> architectureNumbers(const Invocation &inv) {
  std::vector<int> numbers;
  for (const Architecture &a : inv.architectures)
    numbers.push_back(a.number);
  return numbers;
}

TEST(UnitOptions, MeanWhatTheWholeCommandMeant) {
  Invocation whole = invocationOf({"-O3",
                                   "-g",
                                   "-G",
                                   "-std=c++20",
                                   "-I",
                                   "inc,inc2",
                                   "-Dx=1",
                                   "-DQ=\"a,b\"",
                                   "-DR=x\\,y",
                                   "-isystem",
                                   "sys",
                                   "-include",
                                   "pre.h",
                                   "-Xcompiler",
                                   "-fPIC,-Wall",
                                   "-Xcompiler",
                                   "-march=x86-64-v2",
                                   "--use_fast_math",
                                   "-rdc=true",
                                   "--split-compile=2",
                                   "--generate-code=arch=compute_70,code=[compute_70,sm_70]",
                                   "-gencode",
                                   "arch=compute_80,code=sm_80",
                                   "-c",
                                   "a.cu",
                                   "-o",
                                   "a.o"});
  Invocation unit = unitInvocation(whole, "a.cu");
  EXPECT_EQ(unit.phase, Phase::Compile);
  EXPECT_EQ(unit.preprocessor, whole.preprocessor);
  EXPECT_EQ(unit.compilerOptions, whole.compilerOptions);
  EXPECT_EQ(unit.hostOptimization, "-O3");
  EXPECT_TRUE(unit.hostDebug);
  EXPECT_TRUE(unit.deviceDebug);
  EXPECT_EQ(unit.languageStandard, "c++20");
  EXPECT_TRUE(unit.fastMath);
  EXPECT_TRUE(unit.flushDenormals);
  EXPECT_TRUE(unit.relocatableDeviceCode);
  EXPECT_EQ(unit.splitCompileThreads, "2");
  EXPECT_EQ(architectureNumbers(unit), (std::vector<int>{70, 80}));
  EXPECT_EQ(unit.output, "unit.o");
}

TEST(UnitOptions, LeaveOutPhaseOutputKeepAndLinkOptions) {
  Invocation whole =
      invocationOf({"--dryrun", "--keep", "--keep-dir=k", "-MD", "-MF", "a.d", "-lfoo", "-Lbar",
                    "-Xlinker", "-z,now", "-shared", "-o", "app", "a.cu", "b.o"});
  EXPECT_EQ(whole.unitOptions, Strings{});
}

TEST(UnitOptions, DeviceCompilePhasesBecomeRelocatableDeviceCode) {
  EXPECT_EQ(invocationOf({"-dc", "a.cu"}).unitOptions, Strings{"--relocatable-device-code=true"});
  EXPECT_EQ(invocationOf({"-dw", "a.cu"}).unitOptions, Strings{"--relocatable-device-code=false"});
  EXPECT_TRUE(unitInvocation(invocationOf({"-dc", "a.cu"}), "a.cu").relocatableDeviceCode);
}

TEST(UnitOptions, KeepForwardedHostOptionsAndTheLanguage) {
  Invocation whole = invocationOf(
      {"--forward-unknown-to-host-compiler", "-fno-exceptions", "-x", "cu", "-c", "host.cpp"});
  Invocation unit = unitInvocation(whole, "host.cpp");
  EXPECT_EQ(unit.compilerOptions, Strings{"-fno-exceptions"});
  ASSERT_EQ(unit.inputs.size(), 1u);
  EXPECT_EQ(unit.inputs[0].kind, InputKind::Cuda);
}

// -l of one of NVIDIA's CUDA libraries, which Drawbridge lacks, warns when linking: the one
// the linker would find belongs to another CUDA installation and fails at run time.
TEST(ForeignLibraries, WarnWhenLinking) {
  Invocation link = invocationOf({"a.cu", "-lcurand", "-lm", "-l", "cublas_static", "-lnppif"});
  ASSERT_EQ(link.warnings.size(), 3u);
  EXPECT_EQ(link.warnings[0].rfind("-lcurand: Drawbridge has no libcurand yet", 0), 0u);
  EXPECT_EQ(link.warnings[1].rfind("-lcublas_static: Drawbridge has no", 0), 0u);
  EXPECT_EQ(link.warnings[2].rfind("-lnppif: ", 0), 0u);
  EXPECT_TRUE(invocationOf({"-c", "a.cu", "-lcurand"}).warnings.empty());
  EXPECT_TRUE(
      invocationOf({"a.cu", "-lcuda", "-lcudart", "-lnvToolsExt", "-lcurandom"}).warnings.empty());
}

TEST(ListItems, QuoteBackToTheSameItem) {
  for (std::string item : {"plain", "a,b", "x\\y", "Q=\"a,b\"", "lone\"quote", "trail\\"}) {
    Strings args = {"-D" + quoteListItem(item)};
    auto parsed = parseCommandLine(args);
    ASSERT_TRUE(std::holds_alternative<ParsedCommandLine>(parsed)) << item;
    EXPECT_EQ(std::get<ParsedCommandLine>(parsed).valuesOf(OptionId::DefineMacro), Strings{item});
  }
}

} // namespace
} // namespace drawbridge::driver
