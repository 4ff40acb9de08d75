// Tests for the nvcc option table and command-line parser. Each expectation was first checked
// against NVIDIA's nvcc 13.0 (nvcc --dryrun ...), so these tests pin Drawbridge to nvcc's
// behaviour, error texts included.
#include "Options.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace drawbridge::driver {
namespace {

using Strings = std::vector<std::string>;

ParsedCommandLine parseOk(std::initializer_list<std::string> args) {
  Strings argv(args);
  auto result = parseCommandLine(argv);
  if (auto *error = std::get_if<ParseError>(&result)) {
    ADD_FAILURE() << "unexpected error: " << error->message;
    return {};
  }
  return std::get<ParsedCommandLine>(std::move(result));
}

std::string parseError(std::initializer_list<std::string> args) {
  Strings argv(args);
  auto result = parseCommandLine(argv);
  if (auto *error = std::get_if<ParseError>(&result))
    return error->message;
  return "(no error)";
}

// The values of the only occurrence of `id`.
Strings valuesOfOnly(const ParsedCommandLine &parsed, OptionId id) {
  int count = 0;
  Strings values;
  for (const ParsedOption &option : parsed.options)
    if (option.id == id) {
      ++count;
      values = option.values;
    }
  EXPECT_EQ(count, 1) << "option " << optionInfo(id).longName;
  return values;
}

GenerateCodeSpec specOk(std::string_view text) {
  auto result = parseGenerateCodeSpec(text);
  if (auto *error = std::get_if<ParseError>(&result)) {
    ADD_FAILURE() << "unexpected error: " << error->message;
    return {};
  }
  return std::get<GenerateCodeSpec>(std::move(result));
}

std::string specError(std::string_view text) {
  auto result = parseGenerateCodeSpec(text);
  if (auto *error = std::get_if<ParseError>(&result))
    return error->message;
  return "(no error)";
}

// ---- The table ------------------------------------------------------------------------------

TEST(OptionTable, ListsEveryOptionOnceUnderItsId) {
  std::span<const OptionInfo> options = allOptions();
  EXPECT_GE(options.size(), 140u); // nvcc 13.0 --help lists 143
  std::set<std::string_view> longNames, shortNames;
  for (const OptionInfo &info : options) {
    EXPECT_EQ(&optionInfo(info.id), &info);
    EXPECT_FALSE(info.longName.empty());
    EXPECT_NE(info.longName.front(), '-') << info.longName;
    EXPECT_TRUE(longNames.insert(info.longName).second) << "duplicate --" << info.longName;
    if (!info.shortName.empty()) {
      EXPECT_NE(info.shortName.front(), '-') << info.shortName;
      EXPECT_TRUE(shortNames.insert(info.shortName).second) << "duplicate -" << info.shortName;
    }
    EXPECT_FALSE(info.help.empty()) << info.longName;
  }
}

TEST(OptionTable, DescribesWellKnownOptions) {
  const OptionInfo &output = optionInfo(OptionId::OutputFile);
  EXPECT_EQ(output.longName, "output-file");
  EXPECT_EQ(output.shortName, "o");
  EXPECT_EQ(output.kind, OptionKind::Value);

  const OptionInfo &gencode = optionInfo(OptionId::GenerateCode);
  EXPECT_EQ(gencode.longName, "generate-code");
  EXPECT_EQ(gencode.shortName, "gencode");
  EXPECT_EQ(gencode.kind, OptionKind::List);

  EXPECT_EQ(optionInfo(OptionId::CompilerOptions).shortName, "Xcompiler");
  EXPECT_EQ(optionInfo(OptionId::UseFastMath).longName, "use_fast_math");
  EXPECT_EQ(optionInfo(OptionId::NoAlignDouble).shortName, "");
  EXPECT_EQ(optionInfo(OptionId::Compile).kind, OptionKind::Flag);
  EXPECT_EQ(optionInfo(OptionId::IncludePath).kind, OptionKind::List);

  EXPECT_EQ(optionInfo(OptionId::Compile).support, OptionSupport::Implemented);
  EXPECT_EQ(optionInfo(OptionId::Maxrregcount).support, OptionSupport::Ignored);
  EXPECT_EQ(optionInfo(OptionId::DiagSuppress).support, OptionSupport::Warned);
}

// ---- Spellings ------------------------------------------------------------------------------

TEST(ParseSpelling, LongAndShortFormsWithSpaceOrEquals) {
  const std::initializer_list<std::string> spellings[] = {
      {"--output-file", "f.o"}, {"--output-file=f.o"}, {"-o", "f.o"}, {"-o=f.o"}};
  for (auto args : spellings) {
    ParsedCommandLine parsed = parseOk(args);
    ASSERT_EQ(parsed.options.size(), 1u);
    EXPECT_EQ(parsed.options[0].id, OptionId::OutputFile);
    EXPECT_EQ(parsed.options[0].values, Strings{"f.o"});
    EXPECT_TRUE(parsed.inputs.empty());
  }
  EXPECT_EQ(parseOk({"--output-file=f.o"}).options[0].spelling, "--output-file");
  EXPECT_EQ(parseOk({"-o", "f.o"}).options[0].spelling, "-o");
}

TEST(ParseSpelling, LongNamesNeedTwoDashesShortNamesOne) {
  EXPECT_EQ(parseError({"-output-file", "y.o"}), "Unknown option '-output-file'");
  EXPECT_EQ(parseError({"-output-file=y.o"}), "Unknown option '-output-file=y.o'");
  EXPECT_EQ(parseError({"--o", "y.o"}), "Unknown option '--o'");
  EXPECT_EQ(parseError({"--o=y.o"}), "Unknown option '--o=y.o'");
  EXPECT_TRUE(parseOk({"--compile"}).has(OptionId::Compile));
  EXPECT_TRUE(parseOk({"-c"}).has(OptionId::Compile));
  EXPECT_TRUE(parseOk({"--cuda"}).has(OptionId::Cuda));
  EXPECT_TRUE(parseOk({"-cuda"}).has(OptionId::Cuda));
  EXPECT_TRUE(parseOk({"--no-align-double"}).has(OptionId::NoAlignDouble));
  EXPECT_EQ(parseError({"-no-align-double"}), "Unknown option '-no-align-double'");
}

TEST(ParseSpelling, GluedValuesOnlyForIDULlOt) {
  ParsedCommandLine parsed =
      parseOk({"-Ipath", "-DX=1", "-UY", "-lfoo", "-Llibdir", "-O3", "-t4", "-l:libx.a"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::IncludePath), Strings{"path"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::DefineMacro), Strings{"X=1"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::UndefineMacro), Strings{"Y"});
  EXPECT_EQ(parsed.valuesOf(OptionId::Library), (Strings{"foo", ":libx.a"}));
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::LibraryPath), Strings{"libdir"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::Optimize), Strings{"3"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::Threads), Strings{"4"});
  EXPECT_EQ(parsed.options[0].spelling, "-I");

  EXPECT_EQ(parseError({"-oy.o"}), "Unknown option '-oy.o'");
  EXPECT_EQ(parseError({"-xcu"}), "Unknown option '-xcu'");
  EXPECT_EQ(parseError({"-isystemdir"}), "Unknown option '-isystemdir'");
  EXPECT_EQ(parseError({"-includefoo.h"}), "Unknown option '-includefoo.h'");
  EXPECT_EQ(parseError({"-stdc++17"}), "Unknown option '-stdc++17'");
  EXPECT_EQ(parseError({"-archsm_80"}), "Unknown option '-archsm_80'");
  EXPECT_EQ(parseError({"-Xcompiler-fPIC"}), "Unknown option '-Xcompiler-fPIC'");
  EXPECT_EQ(parseError({"-ekernel"}), "Unknown option '-ekernel'");
  EXPECT_EQ(parseError({"-G0"}), "Unknown option '-G0'");
  EXPECT_EQ(parseError({"-m32"}), "Unknown option '-m32'");
}

TEST(ParseSpelling, ExactNamesBeatGluedValues) {
  ParsedCommandLine parsed = parseOk({"-lib", "-link", "-lineinfo", "-lto", "-ldir", "d"});
  EXPECT_TRUE(parsed.has(OptionId::Lib));
  EXPECT_TRUE(parsed.has(OptionId::Link));
  EXPECT_TRUE(parsed.has(OptionId::GenerateLineInfo));
  EXPECT_TRUE(parsed.has(OptionId::Lto));
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::LibdeviceDirectory), Strings{"d"});
  EXPECT_FALSE(parsed.has(OptionId::Library));

  EXPECT_EQ(parseOk({"-ldirfoo"}).valuesOf(OptionId::Library), Strings{"dirfoo"});
  EXPECT_EQ(parseOk({"-Ofc", "max"}).valuesOf(OptionId::OfastCompile), Strings{"max"});
  EXPECT_EQ(parseOk({"-time", "t.csv"}).valuesOf(OptionId::Time), Strings{"t.csv"});
  // Not an exact name, so -O and -t take the rest, which then is no number.
  EXPECT_EQ(parseError({"-Ofc0"}), "'fc0': expected a number");
  EXPECT_EQ(parseError({"-threads=1"}), "'hreads=1': expected a number");
}

TEST(ParseSpelling, EqualsAfterAnExactNameStartsTheValue) {
  EXPECT_EQ(parseOk({"-D=FOO=1"}).valuesOf(OptionId::DefineMacro), Strings{"FOO=1"});
  EXPECT_EQ(parseOk({"-DFOO=a=b"}).valuesOf(OptionId::DefineMacro), Strings{"FOO=a=b"});
  EXPECT_EQ(parseOk({"-Ifoo=bar"}).valuesOf(OptionId::IncludePath), Strings{"foo=bar"});
  EXPECT_EQ(parseOk({"-O=3"}).valuesOf(OptionId::Optimize), Strings{"3"});
  EXPECT_EQ(parseOk({"-o="}).valuesOf(OptionId::OutputFile), Strings{""});
  ParsedCommandLine emptyList = parseOk({"-I="});
  ASSERT_TRUE(emptyList.has(OptionId::IncludePath));
  EXPECT_TRUE(emptyList.valuesOf(OptionId::IncludePath).empty());
  EXPECT_EQ(parseError({"-=c"}), "Unknown option '-=c'");
}

TEST(ParseSpelling, FlagsTakeNoValue) {
  EXPECT_EQ(parseError({"-c=foo"}), "no argument expected after '-c'");
  EXPECT_EQ(parseError({"-c="}), "no argument expected after '-c'");
  EXPECT_EQ(parseError({"--compile=true"}), "no argument expected after '--compile'");
  EXPECT_EQ(parseError({"-G=true"}), "no argument expected after '-G'");
  EXPECT_EQ(parseError({"-lib=x"}), "no argument expected after '-lib'");
  // The next argument is not a flag's value.
  ParsedCommandLine parsed = parseOk({"-c", "x.cu"});
  EXPECT_TRUE(parsed.has(OptionId::Compile));
  EXPECT_EQ(parsed.inputs, Strings{"x.cu"});
}

TEST(ParseSpelling, MissingValue) {
  EXPECT_EQ(parseError({"x.cu", "-o"}), "argument expected after '-o'");
  EXPECT_EQ(parseError({"--output-file"}), "argument expected after '--output-file'");
  EXPECT_EQ(parseError({"-D"}), "argument expected after '-D'");
  EXPECT_EQ(parseError({"--define-macro"}), "argument expected after '--define-macro'");
  EXPECT_EQ(parseError({"-Xcompiler"}), "argument expected after '-Xcompiler'");
  EXPECT_EQ(parseError({"-rdc"}), "argument expected after '-rdc'");
  EXPECT_EQ(parseError({"-std"}), "argument expected after '-std'");
}

TEST(ParseSpelling, TwoOptionsHaveAnOptionalValue) {
  ParsedCommandLine parsed = parseOk({"-Ofc", "-c", "x.cu", "-hls"});
  EXPECT_EQ(parsed.valuesOf(OptionId::OfastCompile), Strings{"0"});
  EXPECT_EQ(parsed.valuesOf(OptionId::HostLinkerScript), Strings{"use-lcs"});
  EXPECT_TRUE(parsed.has(OptionId::Compile));
  EXPECT_EQ(parsed.inputs, Strings{"x.cu"});
  EXPECT_EQ(parseOk({"--Ofast-compile", "max"}).valuesOf(OptionId::OfastCompile), Strings{"max"});
  EXPECT_EQ(parseError({"-c", "-Ofc", "x.cu"}),
            "Value 'x.cu' is not defined for option 'Ofast-compile'");
  EXPECT_EQ(parseError({"-hls", "x.cu"}),
            "Value 'x.cu' is not defined for option 'host-linker-script'");
}

TEST(ParseSpelling, ValueIsTakenEvenIfItLooksLikeAnOption) {
  ParsedCommandLine parsed = parseOk({"-o", "-c", "-I", "-x", "-Xcompiler", "-fPIC"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::OutputFile), Strings{"-c"});
  EXPECT_FALSE(parsed.has(OptionId::Compile));
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::IncludePath), Strings{"-x"});
  EXPECT_EQ(valuesOfOnly(parsed, OptionId::CompilerOptions), Strings{"-fPIC"});
}

TEST(ParseSpelling, InputsKeepTheirOrderAndDashIsStdin) {
  ParsedCommandLine parsed = parseOk({"a.cu", "-c", "-", "b.o", ""});
  EXPECT_EQ(parsed.inputs, (Strings{"a.cu", "-", "b.o", ""}));
  EXPECT_EQ(parseError({"--", "x.cu"}), "Unknown option '--'");
  EXPECT_EQ(parseError({"---c"}), "Unknown option '---c'");
}

TEST(ParseSpelling, FlagsMayRepeat) {
  ParsedCommandLine parsed = parseOk({"-c", "-c"});
  EXPECT_EQ(parsed.options.size(), 2u);
  EXPECT_TRUE(parsed.warnings.empty());
}

// ---- List values ----------------------------------------------------------------------------

TEST(ParseLists, SplitOnCommasInEverySpelling) {
  EXPECT_EQ(parseOk({"-I", "a,b"}).valuesOf(OptionId::IncludePath), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-Ia,b"}).valuesOf(OptionId::IncludePath), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-I=a,b"}).valuesOf(OptionId::IncludePath), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"--include-path", "a,b"}).valuesOf(OptionId::IncludePath),
            (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-DA=1,B=2"}).valuesOf(OptionId::DefineMacro), (Strings{"A=1", "B=2"}));
  EXPECT_EQ(parseOk({"-DFOO=a,b"}).valuesOf(OptionId::DefineMacro), (Strings{"FOO=a", "b"}));
  EXPECT_EQ(parseOk({"--define-macro=A=1,B"}).valuesOf(OptionId::DefineMacro),
            (Strings{"A=1", "B"}));
  EXPECT_EQ(parseOk({"-U", "a,b"}).valuesOf(OptionId::UndefineMacro), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-l", "foo,bar"}).valuesOf(OptionId::Library), (Strings{"foo", "bar"}));
  EXPECT_EQ(parseOk({"-L=a,b"}).valuesOf(OptionId::LibraryPath), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-isystem=a,b"}).valuesOf(OptionId::SystemInclude), (Strings{"a", "b"}));
  EXPECT_EQ(parseOk({"-include=a.h,b.h"}).valuesOf(OptionId::PreInclude), (Strings{"a.h", "b.h"}));
  EXPECT_EQ(parseOk({"-code=sm_80,compute_80"}).valuesOf(OptionId::GpuCode),
            (Strings{"sm_80", "compute_80"}));
}

TEST(ParseLists, RepeatedOptionsAccumulate) {
  ParsedCommandLine parsed = parseOk({"-I", "a", "-c", "--include-path=b,c", "-Id"});
  EXPECT_EQ(parsed.valuesOf(OptionId::IncludePath), (Strings{"a", "b", "c", "d"}));
  EXPECT_EQ(parsed.options.size(), 4u);
  EXPECT_EQ(parsed.last(OptionId::IncludePath)->values, Strings{"d"});
  EXPECT_TRUE(parsed.warnings.empty());
}

TEST(ParseLists, EmptyItemsAreDropped) {
  EXPECT_EQ(parseOk({"-DA,,B,"}).valuesOf(OptionId::DefineMacro), (Strings{"A", "B"}));
  EXPECT_EQ(parseOk({"-D,A"}).valuesOf(OptionId::DefineMacro), Strings{"A"});
  ParsedCommandLine parsed = parseOk({"-D", ""});
  ASSERT_EQ(parsed.options.size(), 1u);
  EXPECT_TRUE(parsed.options[0].values.empty());
}

TEST(ParseLists, BackslashTakesTheNextCharacterLiterally) {
  EXPECT_EQ(parseOk({"-D", "FOO=a\\,b"}).valuesOf(OptionId::DefineMacro), Strings{"FOO=a,b"});
  EXPECT_EQ(parseOk({"-D", "foo\\x"}).valuesOf(OptionId::DefineMacro), Strings{"foox"});
  EXPECT_EQ(parseOk({"-D", "FOO=a\\\\,b"}).valuesOf(OptionId::DefineMacro),
            (Strings{"FOO=a\\", "b"}));
  EXPECT_EQ(parseOk({"-D", "V=\\\"q\\\""}).valuesOf(OptionId::DefineMacro), Strings{"V=\"q\""});
  EXPECT_EQ(parseError({"-D", "foo\\"}), "Stray '' character");
}

TEST(ParseLists, DoubleQuotesProtectCommasAndStay) {
  EXPECT_EQ(parseOk({"-D", "X=\"a,b\""}).valuesOf(OptionId::DefineMacro), Strings{"X=\"a,b\""});
  EXPECT_EQ(parseOk({"-D", "X=a\"b,c\"d"}).valuesOf(OptionId::DefineMacro), Strings{"X=a\"b,c\"d"});
  EXPECT_EQ(parseOk({"-D", "FOO=\"a\\\"b,c\""}).valuesOf(OptionId::DefineMacro),
            Strings{"FOO=\"a\"b,c\""});
  EXPECT_EQ(parseOk({"-Xcompiler", "-DX=\"a,b\""}).valuesOf(OptionId::CompilerOptions),
            Strings{"-DX=\"a,b\""});
  EXPECT_EQ(parseError({"-D", "a\"b"}), "Stray '\"' character");
}

TEST(ParseLists, SingleQuotesAndBracketsAreOrdinary) {
  EXPECT_EQ(parseOk({"-D", "X='a,b'"}).valuesOf(OptionId::DefineMacro), (Strings{"X='a", "b'"}));
  EXPECT_EQ(parseOk({"-Xcompiler", "[-a,-b]"}).valuesOf(OptionId::CompilerOptions),
            (Strings{"[-a", "-b]"}));
}

TEST(ParseLists, PhaseOptions) {
  EXPECT_EQ(parseOk({"-Xcompiler=-fPIC,-Wall"}).valuesOf(OptionId::CompilerOptions),
            (Strings{"-fPIC", "-Wall"}));
  EXPECT_EQ(parseOk({"-Xcompiler", "-fPIC,-Wall"}).valuesOf(OptionId::CompilerOptions),
            (Strings{"-fPIC", "-Wall"}));
  EXPECT_EQ(
      parseOk({"-Xcompiler", "-fPIC", "-Xcompiler", "-Wall"}).valuesOf(OptionId::CompilerOptions),
      (Strings{"-fPIC", "-Wall"}));
  EXPECT_EQ(parseOk({"--compiler-options", "-fPIC"}).valuesOf(OptionId::CompilerOptions),
            Strings{"-fPIC"});
  EXPECT_EQ(parseOk({"-Xlinker", "-rpath,/x"}).valuesOf(OptionId::LinkerOptions),
            (Strings{"-rpath", "/x"}));
  EXPECT_EQ(parseOk({"--linker-options=--as-needed"}).valuesOf(OptionId::LinkerOptions),
            Strings{"--as-needed"});
  EXPECT_EQ(parseOk({"-Xptxas", "-v"}).valuesOf(OptionId::PtxasOptions), Strings{"-v"});
  EXPECT_EQ(parseOk({"-Xnvlink=-v"}).valuesOf(OptionId::NvlinkOptions), Strings{"-v"});
  EXPECT_EQ(parseOk({"-Xcudafe", "--diag_suppress=177"}).valuesOf(OptionId::CudafeOptions),
            Strings{"--diag_suppress=177"});
}

TEST(ParseLists, ValueOptionsAreNeverSplit) {
  EXPECT_EQ(parseOk({"-o", "a,b"}).valuesOf(OptionId::OutputFile), Strings{"a,b"});
  EXPECT_EQ(parseOk({"-o", "a\\b"}).valuesOf(OptionId::OutputFile), Strings{"a\\b"});
  EXPECT_EQ(parseOk({"-o", "a\"b"}).valuesOf(OptionId::OutputFile), Strings{"a\"b"});
  EXPECT_EQ(parseOk({"-arch=sm_80,sm_86"}).valuesOf(OptionId::GpuArchitecture),
            Strings{"sm_80,sm_86"});
}

// ---- --generate-code ------------------------------------------------------------------------

TEST(ParseGenerateCode, EachValueIsOneWholeSpecification) {
  const std::initializer_list<std::string> spellings[] = {
      {"-gencode", "arch=compute_80,code=sm_80"},
      {"-gencode=arch=compute_80,code=sm_80"},
      {"--generate-code=arch=compute_80,code=sm_80"},
      {"--generate-code", "arch=compute_80,code=sm_80"}};
  for (auto args : spellings)
    EXPECT_EQ(valuesOfOnly(parseOk(args), OptionId::GenerateCode),
              Strings{"arch=compute_80,code=sm_80"});

  EXPECT_EQ(parseOk({"-gencode", "arch=compute_80,code=[compute_80,sm_80]"})
                .valuesOf(OptionId::GenerateCode),
            Strings{"arch=compute_80,code=[compute_80,sm_80]"});
}

TEST(ParseGenerateCode, RepeatedOptionsAccumulate) {
  ParsedCommandLine parsed = parseOk(
      {"-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=compute_90"});
  EXPECT_EQ(parsed.valuesOf(OptionId::GenerateCode),
            (Strings{"arch=compute_80,code=sm_80", "arch=compute_90,code=compute_90"}));
}

TEST(ParseGenerateCode, ReadsArchAndCodes) {
  GenerateCodeSpec simple = specOk("arch=compute_80,code=sm_80");
  EXPECT_EQ(simple.arch, "compute_80");
  EXPECT_EQ(simple.codes, Strings{"sm_80"});

  EXPECT_EQ(specOk("arch=compute_80,code=[compute_80,sm_80]").codes,
            (Strings{"compute_80", "sm_80"}));
  EXPECT_EQ(specOk("arch=compute_80,code=\"sm_80,compute_80\"").codes,
            (Strings{"sm_80", "compute_80"}));
  EXPECT_EQ(specOk("arch=compute_80,code=[sm_80,[sm_86]]").codes, (Strings{"sm_80", "sm_86"}));
  EXPECT_EQ(specOk("code=sm_80,arch=compute_80").arch, "compute_80");
  EXPECT_EQ(specOk("arch=\"compute_80\",code=sm_80").arch, "compute_80");
  EXPECT_EQ(specOk(" arch=compute_80,,code=sm_80,").codes, Strings{"sm_80"});
  // nvcc then rejects these architectures by name; that is the driver's job.
  EXPECT_EQ(specOk("arch=compute_80,code=[sm_80, sm_86]").codes, (Strings{"sm_80", " sm_86"}));
  EXPECT_EQ(specOk("arch=compute_80,code=").codes, Strings{""});
  EXPECT_EQ(specOk("arch=compute_80,code=sm_80]").codes, Strings{"sm_80]"});
  EXPECT_EQ(specOk("arch=[compute_80,compute_90],code=sm_90").arch, "compute_80,compute_90");
}

TEST(ParseGenerateCode, ErrorsUseNvccWording) {
  EXPECT_EQ(specError("arch=compute_80"), "Option '--generate-code arch=compute_80', missing code");
  EXPECT_EQ(specError("code=sm_80"), "Option '--generate-code code=sm_80', missing architecture");
  EXPECT_EQ(specError(""), "Option '--generate-code code=(null)', missing architecture");
  EXPECT_EQ(specError(","), "Option '--generate-code code=(null)', missing architecture");
  EXPECT_EQ(specError("arch=compute_80,code=sm_80,sm_86"),
            "'sm_86' is not in 'keyword=value' format");
  EXPECT_EQ(specError("sm_80"), "'sm_80' is not in 'keyword=value' format");
  EXPECT_EQ(specError("foo=1"), "Keyword 'foo' is not defined for option 'generate-code'");
  EXPECT_EQ(specError("ARCH=compute_80,code=sm_80"),
            "Keyword 'ARCH' is not defined for option 'generate-code'");
  EXPECT_EQ(specError("arch = compute_80,code=sm_80"),
            "Keyword 'arch ' is not defined for option 'generate-code'");
  EXPECT_EQ(specError("arch=compute_80,code=sm_80,arch=compute_90,code=sm_90"),
            "redefinition of keyword 'arch' ");
  EXPECT_EQ(specError("arch=compute_80,code=sm_80,code=sm_86"), "redefinition of keyword 'code' ");
  EXPECT_EQ(specError("arch=compute_80,code=[sm_80"), "Stray '[' character");
  EXPECT_EQ(specError("arch=compute_80,code=[sm_80,\"sm_86]\""), "Stray '[' character");
  EXPECT_EQ(specError("arch=compute_80,code=\"sm_80"), "Stray '\"' character");
}

TEST(ParseGenerateCode, CommandLineReportsSpecificationErrors) {
  EXPECT_EQ(parseError({"-gencode", "arch=compute_80"}),
            "Option '--generate-code arch=compute_80', missing code");
  EXPECT_EQ(parseError({"-gencode", "arch=compute_80,code=sm_80", "-gencode", ""}),
            "Option '--generate-code code=(null)', missing architecture");
  EXPECT_EQ(parseError({"-gencodearch=compute_80,code=sm_80"}),
            "Unknown option '-gencodearch=compute_80,code=sm_80'");
  EXPECT_EQ(parseError({"-gencode"}), "argument expected after '-gencode'");
}

// ---- Checked values -------------------------------------------------------------------------

TEST(ParseValues, TrueOrFalse) {
  EXPECT_EQ(parseOk({"-rdc=true"}).valuesOf(OptionId::RelocatableDeviceCode), Strings{"true"});
  EXPECT_EQ(parseOk({"-rdc", "false"}).valuesOf(OptionId::RelocatableDeviceCode), Strings{"false"});
  EXPECT_EQ(
      parseOk({"--relocatable-device-code", "true"}).valuesOf(OptionId::RelocatableDeviceCode),
      Strings{"true"});
  EXPECT_EQ(
      parseOk({"-ftz=true", "-prec-div=false", "-prec-sqrt", "true", "-fmad=false"}).options.size(),
      4u);
  EXPECT_EQ(parseError({"-rdc=yes"}), "'yes': expected true or false");
  EXPECT_EQ(parseError({"-rdc=TRUE"}), "'TRUE': expected true or false");
  EXPECT_EQ(parseError({"-rdc=1"}), "'1': expected true or false");
  EXPECT_EQ(parseError({"-rdc="}), "'': expected true or false");
  EXPECT_EQ(parseError({"-ftz", "0"}), "'0': expected true or false");
}

TEST(ParseValues, UnderscoresOnlyWhereNvccHasThem) {
  EXPECT_TRUE(parseOk({"--use_fast_math"}).has(OptionId::UseFastMath));
  EXPECT_TRUE(parseOk({"-use_fast_math"}).has(OptionId::UseFastMath));
  EXPECT_EQ(parseError({"--use-fast-math"}), "Unknown option '--use-fast-math'");
  EXPECT_EQ(parseError({"-use-fast-math"}), "Unknown option '-use-fast-math'");
  EXPECT_TRUE(parseOk({"--expt-relaxed-constexpr"}).has(OptionId::ExptRelaxedConstexpr));
  EXPECT_EQ(parseError({"--expt_relaxed_constexpr"}), "Unknown option '--expt_relaxed_constexpr'");
  EXPECT_TRUE(parseOk({"-extended-lambda"}).has(OptionId::ExtendedLambda));
  EXPECT_EQ(parseError({"--extended_lambda"}), "Unknown option '--extended_lambda'");
}

TEST(ParseValues, FixedValueSets) {
  EXPECT_EQ(parseOk({"-std=c++17"}).valuesOf(OptionId::Std), Strings{"c++17"});
  EXPECT_EQ(parseOk({"-std", "c++14"}).valuesOf(OptionId::Std), Strings{"c++14"});
  EXPECT_EQ(parseOk({"--std=c++20"}).valuesOf(OptionId::Std), Strings{"c++20"});
  EXPECT_EQ(parseOk({"-cudart", "static"}).valuesOf(OptionId::Cudart), Strings{"static"});
  EXPECT_EQ(parseOk({"--default-stream", "per-thread"}).valuesOf(OptionId::DefaultStream),
            Strings{"per-thread"});
  EXPECT_EQ(parseOk({"-x", "cu"}).valuesOf(OptionId::Language), Strings{"cu"});
  EXPECT_EQ(parseOk({"-x=c++"}).valuesOf(OptionId::Language), Strings{"c++"});
  EXPECT_EQ(parseOk({"-Werror", "reorder,deprecated-declarations"}).valuesOf(OptionId::Werror),
            (Strings{"reorder", "deprecated-declarations"}));
  EXPECT_EQ(parseOk({"-Werror=all-warnings"}).valuesOf(OptionId::Werror), Strings{"all-warnings"});
  EXPECT_EQ(parseOk({"-m=64", "-m64"}).valuesOf(OptionId::Machine), Strings{"64"});

  EXPECT_EQ(parseError({"-std=c++23"}), "Value 'c++23' is not defined for option 'std'");
  EXPECT_EQ(parseError({"-std=c++17,c++20"}),
            "Value 'c++17,c++20' is not defined for option 'std'");
  EXPECT_EQ(parseError({"-std="}), "Value '' is not defined for option 'std'");
  EXPECT_EQ(parseError({"-cudart=Static"}), "Value 'Static' is not defined for option 'cudart'");
  EXPECT_EQ(parseError({"--default-stream=per_thread"}),
            "Value 'per_thread' is not defined for option 'default-stream'");
  EXPECT_EQ(parseError({"-x", "cuda"}), "Value 'cuda' is not defined for option 'x'");
  EXPECT_EQ(parseError({"-Werror", "all-warnings,foo"}),
            "Value 'foo' is not defined for option 'Werror'");
  EXPECT_EQ(parseError({"-Ofc=3"}), "Value '3' is not defined for option 'Ofast-compile'");
  EXPECT_EQ(parseError({"-dopt", "off"}), "Value 'off' is not defined for option 'dopt'");
  EXPECT_EQ(parseError({"-hls", "foo"}),
            "Value 'foo' is not defined for option 'host-linker-script'");
  EXPECT_EQ(parseError({"-m=32"}), "Value '32' is not defined for option 'machine'");
  EXPECT_EQ(parseError({"-m", "foo"}), "'foo': expected a number");
}

TEST(ParseValues, NumbersReadLikeStrtol) {
  for (const char *number :
       {"3", "0x10", "0X1F", "010", " 1", "+1", "-1", "", "2147483647", "-2147483648"})
    EXPECT_EQ(parseOk({"-O", number}).valuesOf(OptionId::Optimize), Strings{number});
  EXPECT_EQ(parseError({"-O", "foo"}), "'foo': expected a number");
  EXPECT_EQ(parseError({"-O", "08"}), "'08': expected a number");
  EXPECT_EQ(parseError({"-O", "1 "}), "'1 ': expected a number");
  EXPECT_EQ(parseError({"-O", "1.5"}), "'1.5': expected a number");
  EXPECT_EQ(parseError({"-O", "0x"}), "'0x': expected a number");
  EXPECT_EQ(parseError({"-t", "4,5"}), "'4,5': expected a number");
  EXPECT_EQ(parseError({"-maxrregcount", "2147483648"}),
            "32-bit integer value (2147483648) out of range");
  EXPECT_EQ(parseError({"-maxrregcount", "0xffffffff"}),
            "32-bit integer value (0xffffffff) out of range");
  EXPECT_EQ(parseError({"-maxrregcount", "99999999999999999999"}),
            "32-bit integer value (99999999999999999999) out of range");
  EXPECT_EQ(parseOk({"-diag-suppress", "177,550"}).valuesOf(OptionId::DiagSuppress),
            (Strings{"177", "550"}));
  EXPECT_EQ(parseError({"-diag-suppress", "1,x"}), "'x': expected a number");
}

TEST(ParseValues, FreeTextValuesAreNotChecked) {
  ParsedCommandLine parsed = parseOk({"-arch", "sm_80", "-ccbin", "g++", "-compress-mode=foo",
                                      "-sanitize", "memcheck", "-frandom-seed", "x"});
  EXPECT_EQ(parsed.options.size(), 5u);
  EXPECT_EQ(parsed.valuesOf(OptionId::CompilerBindir), Strings{"g++"});
}

TEST(ParseValues, DeprecatedNullStreamWarns) {
  ParsedCommandLine parsed = parseOk({"-default-stream", "null"});
  EXPECT_EQ(parsed.warnings, Strings{"'null' is a deprecated value for option '--default-stream "
                                     "(-default-stream)'. Use 'legacy' instead."});
}

TEST(ParseValues, RedefiningAValueOptionWarnsAndTheLastCounts) {
  ParsedCommandLine parsed = parseOk({"-o", "a", "--output-file", "b"});
  EXPECT_EQ(parsed.warnings, Strings{"incompatible redefinition for option 'output-file', the "
                                     "last value of this option was used"});
  EXPECT_EQ(parsed.last(OptionId::OutputFile)->values, Strings{"b"});
  EXPECT_EQ(parsed.valuesOf(OptionId::OutputFile), (Strings{"a", "b"}));

  EXPECT_EQ(parseOk({"-std=c++17", "-std=c++20"}).warnings,
            Strings{"incompatible redefinition for option 'std', the last value of this option "
                    "was used"});
  EXPECT_TRUE(parseOk({"-std=c++17", "-std", "c++17"}).warnings.empty());
  EXPECT_TRUE(parseOk({"-O3", "-O03"}).warnings.empty()); // the same number
  EXPECT_TRUE(parseOk({"-t1", "-t=1"}).warnings.empty());
  EXPECT_EQ(parseOk({"-O2", "-O3"}).warnings.size(), 1u);
}

// ---- Unknown options and forwarding ---------------------------------------------------------

TEST(ParseUnknown, FirstUnknownOptionIsReported) {
  EXPECT_EQ(parseError({"-foo", "x.cu"}), "Unknown option '-foo'");
  EXPECT_EQ(parseError({"x.cu", "-foo", "-bar"}), "Unknown option '-foo'");
  EXPECT_EQ(parseError({"--foo=bar"}), "Unknown option '--foo=bar'");
}

TEST(ParseUnknown, IsReportedOnlyAfterEverythingElse) {
  EXPECT_EQ(parseError({"-foo", "-c", "x.cu", "-o"}), "argument expected after '-o'");
  EXPECT_EQ(parseError({"-foo", "-std=bad"}), "Value 'bad' is not defined for option 'std'");
  EXPECT_EQ(parseError({"-std=bad", "-o"}), "Value 'bad' is not defined for option 'std'");
}

TEST(ParseUnknown, ForwardedToHostCompiler) {
  ParsedCommandLine parsed = parseOk({"-forward-unknown-to-host-compiler", "-foo=bar", "-Wall",
                                      "x.cu", "--foo", "-march=native", "-oy.o", "-a,b"});
  EXPECT_EQ(parsed.forwardedToCompiler,
            (Strings{"-foo=bar", "-Wall", "--foo", "-march=native", "-oy.o", "-a,b"}));
  EXPECT_TRUE(parsed.forwardedToLinker.empty());
  EXPECT_EQ(parsed.inputs, Strings{"x.cu"});
}

TEST(ParseUnknown, ForwardingOptionMayComeAfterTheUnknownOne) {
  EXPECT_EQ(parseOk({"-foo", "--forward-unknown-to-host-compiler"}).forwardedToCompiler,
            Strings{"-foo"});
}

TEST(ParseUnknown, NextArgumentIsNotTakenAsTheValue) {
  ParsedCommandLine parsed =
      parseOk({"-forward-unknown-to-host-compiler", "-foo", "bar", "-baz", "-o", "y.o"});
  EXPECT_EQ(parsed.forwardedToCompiler, (Strings{"-foo", "-baz"}));
  EXPECT_EQ(parsed.inputs, Strings{"bar"}); // nvcc: Don't know what to do with 'bar'
  EXPECT_EQ(parsed.valuesOf(OptionId::OutputFile), Strings{"y.o"});
}

TEST(ParseUnknown, ForwardedToHostLinkerOrBoth) {
  ParsedCommandLine linker = parseOk({"-forward-unknown-to-host-linker", "-pie"});
  EXPECT_TRUE(linker.forwardedToCompiler.empty());
  EXPECT_EQ(linker.forwardedToLinker, Strings{"-pie"});

  ParsedCommandLine both = parseOk({"-foo", "--forward-unknown-opts", "-bar"});
  EXPECT_EQ(both.forwardedToCompiler, (Strings{"-foo", "-bar"}));
  EXPECT_EQ(both.forwardedToLinker, (Strings{"-foo", "-bar"}));

  ParsedCommandLine separately =
      parseOk({"-forward-unknown-to-host-linker", "-foo", "-forward-unknown-to-host-compiler"});
  EXPECT_EQ(separately.forwardedToCompiler, Strings{"-foo"});
  EXPECT_EQ(separately.forwardedToLinker, Strings{"-foo"});
}

TEST(ParseUnknown, ForwardingOptionAsAValueDoesNotCount) {
  EXPECT_EQ(parseError({"-Xcompiler", "-forward-unknown-to-host-compiler", "-foo"}),
            "Unknown option '-foo'");
}

// ---- Options files --------------------------------------------------------------------------

class OptionsFileTest : public testing::Test {
protected:
  void SetUp() override {
    const testing::TestInfo *test = testing::UnitTest::GetInstance()->current_test_info();
    directory_ = std::filesystem::temp_directory_path() /
                 ("drawbridge-options-" + std::string(test->name()) + "-" +
                  std::to_string(std::random_device{}()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override {
    std::filesystem::current_path(originalDirectory_);
    std::filesystem::remove_all(directory_);
  }

  // Writes `text` to a file in the test's directory; returns its absolute path.
  std::string writeFile(const std::string &name, const std::string &text) {
    std::filesystem::path path = directory_ / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  std::filesystem::path directory_;
  std::filesystem::path originalDirectory_ = std::filesystem::current_path();
};

TEST_F(OptionsFileTest, OptionsAreSplicedInPlace) {
  std::string file = writeFile("opts", "-DA=1 -I inc\n-c x.cu");
  ParsedCommandLine parsed = parseOk({"-DZ", "-optf", file, "-DB", "y.cu"});
  EXPECT_EQ(parsed.valuesOf(OptionId::DefineMacro), (Strings{"Z", "A=1", "B"}));
  EXPECT_EQ(parsed.valuesOf(OptionId::IncludePath), Strings{"inc"});
  EXPECT_EQ(parsed.inputs, (Strings{"x.cu", "y.cu"}));
  ASSERT_GE(parsed.options.size(), 3u);
  EXPECT_EQ(parsed.options[1].id, OptionId::OptionsFile);
  EXPECT_EQ(parsed.options[1].values, Strings{file});
  EXPECT_EQ(parsed.options[2].id, OptionId::DefineMacro);
  EXPECT_EQ(parsed.options[2].values, Strings{"A=1"});
}

TEST_F(OptionsFileTest, PositionDecidesWhichValueCounts) {
  std::string file = writeFile("opts", "-o b");
  EXPECT_EQ(parseOk({"-o", "a", "--options-file", file}).last(OptionId::OutputFile)->values,
            Strings{"b"});
  ParsedCommandLine fileFirst = parseOk({"--options-file=" + file, "-o", "a"});
  EXPECT_EQ(fileFirst.last(OptionId::OutputFile)->values, Strings{"a"});
  EXPECT_EQ(fileFirst.warnings.size(), 1u);
}

TEST_F(OptionsFileTest, QuotesAndBackslashes) {
  std::string file = writeFile("opts", "-DB=\"x y\"  -I \"dir with space\"\t-DD=a\\ b\r\n"
                                       "-DF=\"m\"n\"o\" -DE=\\\"q\\\" -DG=\"\\\"q\\\"\" "
                                       "-DH=a\\\\b -o \"\"");
  ParsedCommandLine parsed = parseOk({"-optf", file});
  // -DH=a\\b is a\b after the file and ab after list splitting, as in nvcc.
  EXPECT_EQ(parsed.valuesOf(OptionId::DefineMacro),
            (Strings{"B=x y", "D=a b", "F=mno", "E=q", "G=q", "H=ab"}));
  EXPECT_EQ(parsed.valuesOf(OptionId::IncludePath), Strings{"dir with space"});
  EXPECT_EQ(parsed.valuesOf(OptionId::OutputFile), Strings{""});
}

TEST_F(OptionsFileTest, QuotesRemovedBeforeListSplitting) {
  std::string file = writeFile("opts", "-D \"A=1,B=2\" \"-DC=1 2\" -DE=\\\"a,b\\\"");
  EXPECT_EQ(parseOk({"-optf", file}).valuesOf(OptionId::DefineMacro),
            (Strings{"A=1", "B=2", "C=1 2", "E=a", "b"}));
}

TEST_F(OptionsFileTest, SingleQuotesAndHashesAreOrdinary) {
  std::string file = writeFile("opts", "-DC='p q' # -DX");
  ParsedCommandLine parsed = parseOk({"-optf", file});
  EXPECT_EQ(parsed.valuesOf(OptionId::DefineMacro), (Strings{"C='p", "X"}));
  EXPECT_EQ(parsed.inputs, (Strings{"q'", "#"}));
}

TEST_F(OptionsFileTest, BadQuotingIsAnError) {
  EXPECT_EQ(parseError({"-optf", writeFile("a", "-o \"abc")}), "Stray '\"' character");
  EXPECT_EQ(parseError({"-optf", writeFile("b", "-o abc\"")}), "Stray '\"' character");
  EXPECT_EQ(parseError({"-optf", writeFile("c", "-o a\\")}), "Stray '' character");
  EXPECT_EQ(parseError({"-optf", writeFile("d", "-DG='a\"b'")}), "Stray '\"' character");
}

TEST_F(OptionsFileTest, ValueIsNotTakenFromOutsideTheFile) {
  std::string file = writeFile("opts", "-c -o");
  EXPECT_EQ(parseError({"-optf", file, "y.o"}), "argument expected after '-o'");
}

TEST_F(OptionsFileTest, SeveralFilesInOneOption) {
  std::string first = writeFile("first", "-DA");
  std::string second = writeFile("second", "-DB");
  EXPECT_EQ(parseOk({"-optf", first + "," + second}).valuesOf(OptionId::DefineMacro),
            (Strings{"A", "B"}));
}

TEST_F(OptionsFileTest, MissingFile) {
  std::string missing = (directory_ / "missing.txt").string();
  EXPECT_EQ(parseError({"-optf", missing}), "Could not open options file '" + missing + "'");
}

TEST_F(OptionsFileTest, NestedPathsAreRelativeToTheWorkingDirectory) {
  writeFile("outer", "-optf sub/inner");
  writeFile("sub/inner", "-optf leaf");
  writeFile("leaf", "-o top-level-leaf");
  writeFile("sub/leaf", "-o sub-leaf");
  std::filesystem::current_path(directory_);
  EXPECT_EQ(parseOk({"-optf", "outer"}).valuesOf(OptionId::OutputFile), Strings{"top-level-leaf"});
}

TEST_F(OptionsFileTest, NestingStopsAtFifteenFiles) {
  // f1 opens f2, ..., f15 sets the output: fine. One level more fails on the sixteenth.
  for (int i = 1; i <= 15; ++i)
    writeFile("f" + std::to_string(i),
              "-optf " + (directory_ / ("f" + std::to_string(i + 1))).string());
  writeFile("f15", "-o deep");
  EXPECT_EQ(parseOk({"-optf", (directory_ / "f1").string()}).valuesOf(OptionId::OutputFile),
            Strings{"deep"});

  std::string sixteenth = (directory_ / "f16").string();
  writeFile("f15", "-optf " + sixteenth);
  writeFile("f16", "-o deep");
  EXPECT_EQ(parseError({"-optf", (directory_ / "f1").string()}),
            "Too many options file opened '" + sixteenth + "'");

  std::string self = (directory_ / "self").string();
  writeFile("self", "-optf " + self);
  EXPECT_EQ(parseError({"-optf", self}), "Too many options file opened '" + self + "'");
}

TEST_F(OptionsFileTest, UnknownOptionsAndForwardingInsideFiles) {
  std::string forward = writeFile("forward", "-forward-unknown-to-host-compiler");
  EXPECT_EQ(parseOk({"-foo", "-optf", forward}).forwardedToCompiler, Strings{"-foo"});
  std::string unknown = writeFile("unknown", "-c -bar");
  EXPECT_EQ(parseError({"-optf", unknown}), "Unknown option '-bar'");
}

// ---- Helpers on the result ------------------------------------------------------------------

TEST(ParsedCommandLineHelpers, HasLastAndValuesOf) {
  ParsedCommandLine parsed = parseOk({"-I", "a", "-arch=sm_80", "-I", "b,c", "-arch", "sm_90"});
  EXPECT_TRUE(parsed.has(OptionId::IncludePath));
  EXPECT_FALSE(parsed.has(OptionId::Compile));
  EXPECT_EQ(parsed.last(OptionId::Compile), nullptr);
  EXPECT_EQ(parsed.last(OptionId::GpuArchitecture)->values, Strings{"sm_90"});
  EXPECT_EQ(parsed.last(OptionId::GpuArchitecture)->spelling, "-arch");
  EXPECT_EQ(parsed.valuesOf(OptionId::IncludePath), (Strings{"a", "b", "c"}));
  EXPECT_TRUE(parsed.valuesOf(OptionId::LibraryPath).empty());
}

TEST(HostWords, SplitLikeTheShellNvccPastesThemInto) {
  EXPECT_EQ(splitHostWords("-O2 -Wall"), (Strings{"-O2", "-Wall"}));
  EXPECT_EQ(splitHostWords("  -fPIC\t-pthread  "), (Strings{"-fPIC", "-pthread"}));
  EXPECT_EQ(splitHostWords("-DX=\"a b\""), Strings{"-DX=a b"});
  EXPECT_EQ(splitHostWords("-DX='a \"b\"'"), Strings{"-DX=a \"b\""});
  EXPECT_EQ(splitHostWords("-DX=\"a\\\"b\""), Strings{"-DX=a\"b"});
  EXPECT_EQ(splitHostWords("a\\ b"), Strings{"a b"});
  EXPECT_EQ(splitHostWords("\"\""), Strings{""});
  EXPECT_EQ(splitHostWords(""), Strings{});
}

} // namespace
} // namespace drawbridge::driver
