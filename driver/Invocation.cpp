// From parsed options to an Invocation; see Invocation.h.
#include "Invocation.h"

#include "Architectures.h"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace drawbridge::driver {

namespace {

std::optional<InputKind> kindFromExtension(const std::string &path) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".cu")
    return InputKind::Cuda;
  if (ext == ".c")
    return InputKind::C;
  if (ext == ".cc" || ext == ".cpp" || ext == ".cxx" || ext == ".C" || ext == ".c++" ||
      ext == ".cp" || ext == ".CPP")
    return InputKind::Cxx;
  if (ext == ".i")
    return InputKind::PreprocessedC;
  if (ext == ".ii")
    return InputKind::PreprocessedCxx;
  if (ext == ".o" || ext == ".obj")
    return InputKind::Object;
  if (ext == ".a" || ext == ".lib")
    return InputKind::Archive;
  if (ext == ".so" || path.find(".so.") != std::string::npos)
    return InputKind::Library;
  return std::nullopt;
}

// The warning for -l of one of NVIDIA's CUDA libraries, which Drawbridge does not ship yet:
// the linker would take the library from another CUDA installation on the machine (its
// lib64 on the loader's path), which loads NVIDIA's driver at run time, finds Drawbridge's
// libcuda instead, and fails each call (a program that checks no status then prints zeros).
std::optional<std::string> foreignLibraryWarning(const std::string &library) {
  static const std::regex Nvidia("(cublas|cublasLt|cufft|cufftw|curand|cusparse|cusolver|"
                                 "cusolverMg|nvrtc|nvjpeg|npp[a-z]*|cudnn|nccl|nvJitLink|cufile|"
                                 "nvblas)(_static)?");
  if (!std::regex_match(library, Nvidia))
    return std::nullopt;
  return "-l" + library + ": Drawbridge has no lib" + library +
         " yet; one the linker finds elsewhere belongs to NVIDIA's toolkit and fails at run "
         "time without NVIDIA's driver";
}

void addArchitecture(std::vector<Architecture> &archs, const Architecture &arch) {
  for (const Architecture &a : archs)
    if (a.number == arch.number && a.variant == arch.variant)
      return;
  archs.push_back(arch);
}

std::optional<ParseError> unsupported(const std::string &name) {
  return ParseError{"Unsupported gpu architecture '" + name + "'"};
}

// A code (sm_XX or compute_XX) must be generated from a virtual architecture it can come
// from: a real one at least as new, or the virtual one itself.
std::optional<ParseError> checkCodes(const std::string &archName, const Architecture &arch,
                                     const std::vector<std::string> &codes) {
  if (!arch.isVirtual)
    return ParseError{"Value of -arch option ('" + archName +
                      "') must be a virtual code architecture"};
  for (const std::string &codeName : codes) {
    std::optional<Architecture> code = parseArchitecture(codeName);
    if (!code)
      return unsupported(codeName);
    bool compatible = code->isVirtual ? code->number == arch.number : code->number >= arch.number;
    if (!compatible)
      return ParseError{"Incompatible code generation requested: arch='" + archName + "', code='" +
                        codeName + "'"};
  }
  return std::nullopt;
}

// The virtual architectures device code is compiled for, as nvcc derives them from -arch,
// -code and -gencode; the CPU image takes the newest (Compilation.cpp).
std::optional<ParseError> collectArchitectures(const ParsedCommandLine &command, Invocation &inv) {
  std::vector<std::string> codes = command.valuesOf(OptionId::GpuCode);
  for (const std::string &code : codes)
    if (!parseArchitecture(code))
      return ParseError{"Value '" + code + "' is not defined for option 'gpu-code'"};
  if (const ParsedOption *archOption = command.last(OptionId::GpuArchitecture)) {
    const std::string &name = archOption->values.at(0);
    if (name == "all" || name == "all-major" || name == "native") {
      for (int number : name == "all"         ? kAllArchitectures
                        : name == "all-major" ? kMajorArchitectures
                                              : std::vector<int>{kNativeArchitecture})
        addArchitecture(inv.architectures, Architecture{number, "", true});
    } else {
      std::optional<Architecture> arch = parseArchitecture(name);
      if (!arch)
        return unsupported(name);
      if (!codes.empty()) {
        if (auto e = checkCodes(name, *arch, codes))
          return e;
      }
      arch->isVirtual = true;
      addArchitecture(inv.architectures, *arch);
    }
  } else if (!codes.empty()) {
    return ParseError{"-arch option not specified"};
  }
  for (const std::string &value : command.valuesOf(OptionId::GenerateCode)) {
    auto spec = parseGenerateCodeSpec(value);
    if (auto *error = std::get_if<ParseError>(&spec))
      return *error;
    const GenerateCodeSpec &g = std::get<GenerateCodeSpec>(spec);
    std::optional<Architecture> arch = parseArchitecture(g.arch);
    if (!arch)
      return unsupported(g.arch);
    if (auto e = checkCodes(g.arch, *arch, g.codes))
      return e;
    addArchitecture(inv.architectures, *arch);
  }
  if (inv.architectures.empty())
    inv.architectures.push_back(Architecture{kDefaultArchitecture, "", true});
  return std::nullopt;
}

} // namespace

namespace {

// Earlier phases win over later ones.
int phaseRank(Phase phase) {
  switch (phase) {
  case Phase::Dependencies:
    return 0;
  case Phase::Preprocess:
    return 1;
  case Phase::HostSide:
    return 2;
  case Phase::Compile:
  case Phase::Ptx:
    return 3;
  case Phase::DeviceLink:
    return 4;
  case Phase::Library:
    return 5;
  case Phase::Link:
  case Phase::Run:
    return 6;
  }
  return 6;
}

// See Invocation::unitOptions.
std::vector<std::string> unitOptions(const ParsedCommandLine &command) {
  std::vector<std::string> options;
  for (const ParsedOption &o : command.options) {
    switch (o.id) {
    case OptionId::Cuda:
    case OptionId::Cubin:
    case OptionId::Fatbin:
    case OptionId::Ptx:
    case OptionId::OptixIr:
    case OptionId::Ltoir:
    case OptionId::Preprocess:
    case OptionId::GenerateDependencies:
    case OptionId::GenerateNonsystemDependencies:
    case OptionId::GenerateDependenciesWithCompile:
    case OptionId::GenerateNonsystemDependenciesWithCompile:
    case OptionId::DependencyOutput:
    case OptionId::DependencyTargetName:
    case OptionId::GenerateDependencyTargets:
    case OptionId::Compile:
    case OptionId::DeviceLink:
    case OptionId::Link:
    case OptionId::Lib:
    case OptionId::Run:
    case OptionId::RunArgs:
    case OptionId::OutputFile:
    case OptionId::OptionsFile: // its contents are already in place
    case OptionId::Dryrun:
    case OptionId::Keep:
    case OptionId::KeepDir:
    case OptionId::SaveTemps:
    case OptionId::Library:
    case OptionId::LibraryPath:
    case OptionId::LinkerOptions:
    case OptionId::Shared:
      continue;
    case OptionId::DeviceC:
      options.push_back("--relocatable-device-code=true");
      continue;
    case OptionId::DeviceW:
      options.push_back("--relocatable-device-code=false");
      continue;
    default:
      break;
    }
    const OptionInfo &info = optionInfo(o.id);
    std::string name = "--" + std::string(info.longName);
    if (info.kind == OptionKind::Flag)
      options.push_back(name);
    // A --generate-code value is one specification, not a list.
    bool split = info.kind == OptionKind::List && o.id != OptionId::GenerateCode;
    for (const std::string &value : o.values)
      options.push_back(name + "=" + (split ? quoteListItem(value) : value));
  }
  options.insert(options.end(), command.forwardedToCompiler.begin(),
                 command.forwardedToCompiler.end());
  return options;
}

} // namespace

bool isSource(InputKind kind) {
  return kind == InputKind::Cuda || kind == InputKind::Cxx || kind == InputKind::C ||
         kind == InputKind::PreprocessedC || kind == InputKind::PreprocessedCxx;
}

std::variant<Invocation, ParseError> makeInvocation(const ParsedCommandLine &command) {
  Invocation inv;
  auto value = [&](OptionId id) -> std::string {
    const ParsedOption *o = command.last(id);
    return o && !o->values.empty() ? o->values[0] : std::string();
  };

  // Phase: when several are given, nvcc stops at the earliest (-M before -E before -c before
  // -dlink before -lib before linking), whatever their order.
  bool phaseGiven = false;
  auto request = [&](Phase phase) {
    if (!phaseGiven || phaseRank(phase) < phaseRank(inv.phase))
      inv.phase = phase;
    phaseGiven = true;
  };
  for (const ParsedOption &o : command.options) {
    switch (o.id) {
    case OptionId::Preprocess:
      request(Phase::Preprocess);
      break;
    case OptionId::GenerateDependencies:
    case OptionId::GenerateNonsystemDependencies:
      request(Phase::Dependencies);
      inv.dependencies = true;
      inv.dependenciesOnlyUserHeaders = o.id == OptionId::GenerateNonsystemDependencies;
      break;
    case OptionId::Compile:
      request(Phase::Compile);
      break;
    case OptionId::DeviceC:
      request(Phase::Compile);
      inv.relocatableDeviceCode = true;
      break;
    case OptionId::DeviceW:
      request(Phase::Compile);
      inv.relocatableDeviceCode = false;
      break;
    case OptionId::DeviceLink:
      request(Phase::DeviceLink);
      break;
    case OptionId::Lib:
      request(Phase::Library);
      break;
    case OptionId::Run:
      request(Phase::Run);
      break;
    case OptionId::Link:
      request(Phase::Link);
      break;
    case OptionId::Ptx:
      request(Phase::Ptx);
      break;
    case OptionId::Cuda:
      request(Phase::HostSide);
      break;
    case OptionId::GenerateDependenciesWithCompile:
    case OptionId::GenerateNonsystemDependenciesWithCompile:
      inv.dependencies = true;
      inv.dependenciesOnlyUserHeaders = o.id == OptionId::GenerateNonsystemDependenciesWithCompile;
      break;
    case OptionId::RelocatableDeviceCode:
      inv.relocatableDeviceCode = o.values.at(0) == "true";
      break;
    case OptionId::DefineMacro:
      for (const std::string &v : o.values)
        inv.preprocessor.push_back("-D" + v);
      break;
    case OptionId::UndefineMacro:
      for (const std::string &v : o.values)
        inv.preprocessor.push_back("-U" + v);
      break;
    case OptionId::IncludePath:
      for (const std::string &v : o.values)
        inv.preprocessor.push_back("-I" + v);
      break;
    case OptionId::SystemInclude:
      for (const std::string &v : o.values) {
        inv.preprocessor.push_back("-isystem");
        inv.preprocessor.push_back(v);
      }
      break;
    case OptionId::PreInclude:
      for (const std::string &v : o.values) {
        inv.preprocessor.push_back("-include");
        inv.preprocessor.push_back(v);
      }
      break;
    case OptionId::CompilerOptions:
      for (const std::string &v : o.values)
        for (std::string &word : splitHostWords(v))
          inv.compilerOptions.push_back(std::move(word));
      break;
    case OptionId::LinkerOptions:
      for (const std::string &v : o.values)
        for (std::string &word : splitHostWords(v))
          inv.linkerOptions.push_back(std::move(word));
      break;
    case OptionId::LibraryPath:
      inv.libraryPaths.insert(inv.libraryPaths.end(), o.values.begin(), o.values.end());
      break;
    case OptionId::Library:
      inv.libraries.insert(inv.libraries.end(), o.values.begin(), o.values.end());
      break;
    case OptionId::RunArgs:
      inv.runArguments.insert(inv.runArguments.end(), o.values.begin(), o.values.end());
      break;
    default:
      break;
    }
  }
  inv.compilerOptions.insert(inv.compilerOptions.end(), command.forwardedToCompiler.begin(),
                             command.forwardedToCompiler.end());
  inv.linkerOptions.insert(inv.linkerOptions.end(), command.forwardedToLinker.begin(),
                           command.forwardedToLinker.end());

  inv.output = value(OptionId::OutputFile);
  inv.outputDir = value(OptionId::OutputDirectory);
  inv.sharedLibrary = command.has(OptionId::Shared);
  inv.languageStandard = value(OptionId::Std);
  if (command.has(OptionId::Optimize))
    inv.hostOptimization = "-O" + value(OptionId::Optimize);
  inv.hostDebug = command.has(OptionId::Debug);
  inv.deviceDebug = command.has(OptionId::DeviceDebug);
  inv.lineInfo = command.has(OptionId::GenerateLineInfo);
  inv.noWarnings = command.has(OptionId::DisableWarnings);
  for (const std::string &w : command.valuesOf(OptionId::Werror))
    if (w == "all-warnings")
      inv.warningsAsErrors = true;
  inv.relaxedConstexpr = command.has(OptionId::ExptRelaxedConstexpr);
  inv.extendedLambda =
      command.has(OptionId::ExtendedLambda) || command.has(OptionId::ExptExtendedLambda);
  inv.fastMath = command.has(OptionId::UseFastMath);
  // --use_fast_math implies -ftz=true unless -ftz says otherwise.
  inv.flushDenormals = command.has(OptionId::Ftz) ? value(OptionId::Ftz) == "true" : inv.fastMath;
  if (command.has(OptionId::Fmad))
    inv.fusedMultiplyAdd = value(OptionId::Fmad) == "true";
  inv.perThreadDefaultStream = value(OptionId::DefaultStream) == "per-thread";
  std::string cudart = value(OptionId::Cudart);
  inv.cudart = cudart == "shared" ? CudartKind::Shared
               : cudart == "none" ? CudartKind::None
                                  : CudartKind::Static;
  inv.hostCompiler = value(OptionId::CompilerBindir);
  inv.dependencyFile = value(OptionId::DependencyOutput);
  inv.dependencyTarget = value(OptionId::DependencyTargetName);
  inv.dependencyPhonyTargets = command.has(OptionId::GenerateDependencyTargets);
  inv.verbose = command.has(OptionId::Verbose);
  // -Xptxas -v is how build lines usually ask for ptxas's per-kernel report.
  std::vector<std::string> ptxas = command.valuesOf(OptionId::PtxasOptions);
  inv.resourceUsage = command.has(OptionId::ResourceUsage) ||
                      std::find(ptxas.begin(), ptxas.end(), "-v") != ptxas.end() ||
                      std::find(ptxas.begin(), ptxas.end(), "--verbose") != ptxas.end();
  inv.splitCompileThreads = value(OptionId::SplitCompile);
  inv.dryRun = command.has(OptionId::Dryrun);
  inv.keep = command.has(OptionId::Keep) || command.has(OptionId::SaveTemps);
  inv.keepDir = value(OptionId::KeepDir);
  inv.warnings = command.warnings;
  if (inv.phase == Phase::Link || inv.phase == Phase::Run)
    for (const std::string &library : inv.libraries)
      if (std::optional<std::string> warning = foreignLibraryWarning(library))
        inv.warnings.push_back(*warning);
  inv.unitOptions = unitOptions(command);

  if (auto error = collectArchitectures(command, inv))
    return *error;

  std::string language = value(OptionId::Language);
  for (const std::string &path : command.inputs) {
    std::optional<InputKind> kind = kindFromExtension(path);
    if (!language.empty() && (!kind || isSource(*kind)))
      kind = language == "cu" ? InputKind::Cuda : language == "c" ? InputKind::C : InputKind::Cxx;
    if (!kind)
      return ParseError{"Don't know what to do with '" + path + "'"};
    if (path.ends_with(".cu.cpp.ii"))
      return ParseError{"'" + path + "' is what nvcc -cuda writes, which under Drawbridge is the " +
                        "host side of a .cu file kept as CUDA, not a C++ translation; compile " +
                        "the .cu file instead"};
    inv.inputs.push_back({path, *kind});
  }
  if (inv.inputs.empty())
    return ParseError{"No input files specified; use option --help for more information"};

  bool perInputOutput = inv.phase == Phase::Compile || inv.phase == Phase::Preprocess ||
                        inv.phase == Phase::HostSide || inv.phase == Phase::Dependencies ||
                        inv.phase == Phase::Ptx;
  // Objects and libraries count too: nvcc refuses "-dc a.o b.o -o app" rather than doing
  // nothing, which catches a Makefile passing its compile flags to its link step.
  if (perInputOutput && !inv.output.empty() && inv.inputs.size() > 1)
    return ParseError{"A single input file is required for a non-link phase when an outputfile "
                      "is specified"};
  return inv;
}

} // namespace drawbridge::driver
