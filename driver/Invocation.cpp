// From parsed options to an Invocation; see Invocation.h.
#include "Invocation.h"

#include "Architectures.h"

#include <algorithm>
#include <filesystem>

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

void addArchitecture(std::vector<int> &archs, int number) {
  if (std::find(archs.begin(), archs.end(), number) == archs.end())
    archs.push_back(number);
}

// -arch, -code and -gencode all name compute capabilities; the CPU image needs the newest.
std::optional<ParseError> collectArchitectures(const ParsedCommandLine &command, Invocation &inv) {
  auto add = [&](const std::string &name, const char *option) -> std::optional<ParseError> {
    if (name == "native" || name == "all" || name == "all-major") {
      addArchitecture(inv.architectures, name == "native" ? 80 : 90);
      return std::nullopt;
    }
    std::optional<Architecture> arch = parseArchitecture(name);
    if (!arch)
      return ParseError{"Value '" + name + "' is not defined for option '" + option + "'"};
    addArchitecture(inv.architectures, arch->number);
    return std::nullopt;
  };
  for (const ParsedOption &o : command.options) {
    if (o.id == OptionId::GpuArchitecture) {
      if (auto e = add(o.values.at(0), "gpu-architecture"))
        return e;
    } else if (o.id == OptionId::GpuCode) {
      for (const std::string &code : o.values)
        if (auto e = add(code, "gpu-code"))
          return e;
    } else if (o.id == OptionId::GenerateCode) {
      auto spec = parseGenerateCodeSpec(o.values.at(0));
      if (auto *error = std::get_if<ParseError>(&spec))
        return *error;
      const GenerateCodeSpec &g = std::get<GenerateCodeSpec>(spec);
      if (auto e = add(g.arch, "generate-code"))
        return e;
      for (const std::string &code : g.codes)
        if (auto e = add(code, "generate-code"))
          return e;
    }
  }
  if (inv.architectures.empty())
    inv.architectures.push_back(kDefaultArchitecture);
  return std::nullopt;
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

  // Phase: the last phase option wins, as with nvcc.
  for (const ParsedOption &o : command.options) {
    switch (o.id) {
    case OptionId::Preprocess:
      inv.phase = Phase::Preprocess;
      break;
    case OptionId::GenerateDependencies:
    case OptionId::GenerateNonsystemDependencies:
      inv.phase = Phase::Dependencies;
      inv.dependencies = true;
      inv.dependenciesOnlyUserHeaders = o.id == OptionId::GenerateNonsystemDependencies;
      break;
    case OptionId::Compile:
      inv.phase = Phase::Compile;
      break;
    case OptionId::DeviceC:
      inv.phase = Phase::Compile;
      inv.relocatableDeviceCode = true;
      break;
    case OptionId::DeviceW:
      inv.phase = Phase::Compile;
      inv.relocatableDeviceCode = false;
      break;
    case OptionId::DeviceLink:
      inv.phase = Phase::DeviceLink;
      break;
    case OptionId::Lib:
      inv.phase = Phase::Library;
      break;
    case OptionId::Run:
      inv.phase = Phase::Run;
      break;
    case OptionId::Link:
      inv.phase = Phase::Link;
      break;
    case OptionId::Ptx:
    case OptionId::Cuda:
      return ParseError{"--" + std::string(optionInfo(o.id).longName) +
                        " is not supported by Drawbridge yet"};
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
      inv.compilerOptions.insert(inv.compilerOptions.end(), o.values.begin(), o.values.end());
      break;
    case OptionId::LinkerOptions:
      inv.linkerOptions.insert(inv.linkerOptions.end(), o.values.begin(), o.values.end());
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
  inv.dryRun = command.has(OptionId::Dryrun);
  inv.keep = command.has(OptionId::Keep) || command.has(OptionId::SaveTemps);
  inv.keepDir = value(OptionId::KeepDir);
  inv.warnings = command.warnings;

  if (auto error = collectArchitectures(command, inv))
    return *error;

  std::string language = value(OptionId::Language);
  for (const std::string &path : command.inputs) {
    std::optional<InputKind> kind = kindFromExtension(path);
    if (!language.empty() && (!kind || isSource(*kind)))
      kind = language == "cu" ? InputKind::Cuda : language == "c" ? InputKind::C : InputKind::Cxx;
    if (!kind)
      return ParseError{"Don't know what to do with '" + path + "'"};
    inv.inputs.push_back({path, *kind});
  }
  if (inv.inputs.empty())
    return ParseError{"No input files specified; use option --help for more information"};

  bool perInputOutput = inv.phase == Phase::Compile || inv.phase == Phase::Preprocess ||
                        inv.phase == Phase::Dependencies;
  size_t sources = std::count_if(inv.inputs.begin(), inv.inputs.end(),
                                 [](const Input &i) { return isSource(i.kind); });
  if (perInputOutput && !inv.output.empty() && sources > 1)
    return ParseError{"A single input file is required for a non-link phase when an outputfile "
                      "is specified"};
  return inv;
}

} // namespace drawbridge::driver
