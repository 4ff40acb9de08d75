// Job planning and execution; see Compilation.h.
#include "Compilation.h"

#include "ElfSections.h"
#include "FatBinary.h"
#include "HostLink.h"
#include "Interrupts.h"
#include "SpacedLaunches.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unistd.h>

namespace drawbridge::driver {

namespace fs = std::filesystem;

namespace {

// Section that carries a -rdc object's device code (LLVM bitcode) to the device link; the
// host linker drops it (SHF_EXCLUDE).
constexpr const char *kDeviceCodeSection = ".drawbridge.device";
// Section clang's host code puts each -rdc translation unit's module id in.
constexpr const char *kModuleIdSection = "__nv_module_id";
// The clang GPU architecture the CPU image is compiled for: new enough that every NVVM
// builtin the headers use is available; __CUDA_ARCH__ is set separately.
constexpr const char *kClangGpuArch = "sm_90";
// The newest GPU LLVM 19's NVPTX back end generates PTX for (sm_90 and sm_90a).
constexpr int kNewestPtxArchitecture = 90;
// The CUDA SDK version clang is told, the newest it knows: it selects the launch ABI
// (__cudaPushCallConfiguration and cudaLaunchKernel).
constexpr const char *kClangSdkVersion = "12.5";
// The PTX ISA version that goes with it; clang checks NVVM builtins against it.
constexpr const char *kClangPtxFeature = "+ptx85";

uint64_t fnv1a(const std::string &text, uint64_t hash = 1469598103934665603ull) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string hex(uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

// -cuid for a .cu file: with -rdc both sides must agree on the names clang gives internal
// kernels and variables, which it makes unique with this id.
std::string cudaUnitId(const Input &input) {
  return "-cuid=" + hex(fnv1a(fs::absolute(input.path).string()));
}

std::string replaceExtension(const std::string &path, const std::string &extension) {
  return fs::path(path).replace_extension(extension).string();
}

} // namespace

Compilation::Compilation(Invocation invocation, Toolkit toolkit)
    : Inv(std::move(invocation)), Kit(std::move(toolkit)) {}

// Temporary files live in one directory per run, removed unless --keep kept them elsewhere.
Compilation::~Compilation() {
  if (Inv.dryRun || TempDir.empty())
    return;
  removeTemporaryDirectory(TempDir);
}

namespace {

// The fat binary a host object embeds, naming the CPU image imageId (none when empty).
bool writeFatBinary(const std::string &path, const std::string &imageId) {
  std::ofstream out(path, std::ios::binary);
  const std::string contents = fatbin::makeCpuFatBinary(imageId);
  if (!out.write(contents.data(), static_cast<std::streamsize>(contents.size()))) {
    std::fprintf(stderr, "nvcc fatal   : cannot write '%s'\n", path.c_str());
    return false;
  }
  return true;
}

} // namespace

std::string Compilation::temporary(const std::string &input, const std::string &extension) {
  std::string base = fs::path(input).stem().string();
  if (Inv.keep) {
    std::string dir = Inv.keepDir.empty() ? "." : Inv.keepDir;
    return dir + "/" + base + "." + std::to_string(TempCounter++) + extension;
  }
  if (TempDir.empty()) {
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/drawbridge-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (Inv.dryRun || !mkdtemp(buffer.data()))
      TempDir = std::string(tmp && *tmp ? tmp : "/tmp") + "/drawbridge-dryrun";
    else {
      TempDir = buffer.data();
      temporaryDirectoryCreated(TempDir);
    }
  }
  return TempDir + "/" + base + "." + std::to_string(TempCounter++) + extension;
}

bool Compilation::execute(const Job &job) {
  if (Inv.verbose || Inv.dryRun)
    std::fprintf(stderr, "#$ %s\n", describe(job).c_str());
  if (Inv.dryRun)
    return true;
  return runJob(job) == 0;
}

std::string Compilation::cudaArchitectureMacro() const {
  std::vector<int> sorted;
  for (const Architecture &a : Inv.architectures)
    sorted.push_back(a.number);
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::string list;
  for (int a : sorted)
    list += (list.empty() ? "" : ",") + std::to_string(a * 10);
  return "-D__CUDA_ARCH_LIST__=" + list;
}

const Architecture &Compilation::newestArchitecture() const {
  return *std::max_element(
      Inv.architectures.begin(), Inv.architectures.end(),
      [](const Architecture &a, const Architecture &b) { return a.number < b.number; });
}

// The device back end's -arch options: the virtual architectures the CPU image serves, one
// option each and in ascending order, as nvcc gives cicc one job per architecture. CMake reads
// its default and "all" architectures from them.
std::vector<std::string> Compilation::deviceArchitectureOption() const {
  std::vector<const Architecture *> sorted;
  for (const Architecture &a : Inv.architectures)
    sorted.push_back(&a);
  std::sort(sorted.begin(), sorted.end(), [](const Architecture *a, const Architecture *b) {
    return a->number != b->number ? a->number < b->number : a->variant < b->variant;
  });
  std::vector<std::string> options;
  std::string previous;
  for (const Architecture *a : sorted) {
    std::string name = "compute_" + std::to_string(a->number) + a->variant;
    if (name != previous)
      options.insert(options.end(), {"-arch", name});
    previous = name;
  }
  return options;
}

// Device code runs on the host's processor, so a host -march/-mcpu (-Xcompiler -march=x86-64-v2
// for a portable build) is the device code's too; without one it is tuned for this machine.
std::vector<std::string> Compilation::deviceCpuOption() const {
  std::string cpu;
  for (const std::string &word : Inv.compilerOptions)
    for (const char *prefix : {"-march=", "-mcpu="})
      if (word.rfind(prefix, 0) == 0)
        cpu = word.substr(std::string(prefix).size());
  if (cpu.empty())
    return {};
  return {"-cpu=" + cpu};
}

// The device back end's -G (no optimisation, debug information), -v and -res-usage.
std::vector<std::string> Compilation::deviceReportOptions() const {
  std::vector<std::string> options;
  if (Inv.deviceDebug)
    options.insert(options.end(), {"-O0", "-g"});
  if (Inv.verbose)
    options.push_back("--verbose");
  if (Inv.resourceUsage)
    options.push_back("--resource-usage");
  return options;
}

// The device back end joins the objects of a module it compiled in parts (one part per few
// kernels) with ld.lld, on the threads --split-compile allows.
std::vector<std::string> Compilation::deviceSplitOptions() const {
  std::vector<std::string> options{"--ld-path=" + Kit.lld};
  if (!Inv.splitCompileThreads.empty())
    options.push_back("--part-threads=" + Inv.splitCompileThreads);
  return options;
}

// The macros nvcc defines for device code: those of the newest architecture requested.
std::vector<std::string> Compilation::deviceArchitectureMacros() const {
  const Architecture &newest = newestArchitecture();
  std::string number = std::to_string(newest.number * 10);
  std::vector<std::string> macros = {"-U__CUDA_ARCH__", "-D__CUDA_ARCH__=" + number};
  if (newest.variant == "a")
    macros.insert(macros.end(), {"-D__CUDA_ARCH_FEAT_SM" + std::to_string(newest.number) + "_ALL",
                                 "-D__CUDA_ARCH_SPECIFIC__=" + number});
  if (newest.variant == "a" || newest.variant == "f")
    macros.push_back("-D__CUDA_ARCH_FAMILY_SPECIFIC__=" + number);
  return macros;
}

// The macros nvcc defines for every compilation, .cu or not.
std::vector<std::string> Compilation::nvccMacros() const {
  std::vector<std::string> macros = {"-D__NVCC__",
                                     "-D__CUDACC_VER_MAJOR__=" + std::to_string(kCudaMajor),
                                     "-D__CUDACC_VER_MINOR__=" + std::to_string(kCudaMinor),
                                     "-D__CUDACC_VER_BUILD__=0",
                                     "-D__CUDA_API_VER_MAJOR__=" + std::to_string(kCudaMajor),
                                     "-D__CUDA_API_VER_MINOR__=" + std::to_string(kCudaMinor),
                                     cudaArchitectureMacro()};
  if (Inv.perThreadDefaultStream)
    macros.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
  return macros;
}

// -ccbin names the host compiler, or the directory holding gcc and g++ (as nvcc reads it).
std::string Compilation::hostCompiler(InputKind kind) const {
  bool isC = kind == InputKind::C || kind == InputKind::PreprocessedC;
  if (Inv.hostCompiler.empty())
    return isC ? Kit.clang : Kit.clangxx;
  std::error_code ec;
  if (fs::is_directory(Inv.hostCompiler, ec))
    return (fs::path(Inv.hostCompiler) / (isC ? "gcc" : "g++")).string();
  return Inv.hostCompiler;
}

// Arguments both sides of a CUDA compile share: language, standard, nvcc's predefined
// macros, the user's preprocessor options, then Drawbridge's headers with cuda_runtime.h
// included first, as nvcc does.
std::vector<std::string> Compilation::cudaCommonArguments(const Input &input,
                                                          const std::string &gpu) {
  std::vector<std::string> a = {
      Kit.clangxx,
      "-x",
      "cuda",
      "--cuda-gpu-arch=" + gpu,
      "-nocudainc",
      "-nocudalib",
      "--cuda-path=" + Kit.root,
      "-std=" + (Inv.languageStandard.empty() ? std::string("c++17") : Inv.languageStandard),
      "-D__CUDACC__",
      "-DCUDA_DOUBLE_MATH_FUNCTIONS",
      "-D__DRAWBRIDGE__",
      // Clang's warnings of what NVIDIA's nvcc would not take (`#pragma unroll(4)`, which it
      // does take); Drawbridge is the nvcc here.
      "-Wno-cuda-compat"};
  std::vector<std::string> macros = nvccMacros();
  a.insert(a.end(), macros.begin(), macros.end());
  if (Inv.relocatableDeviceCode)
    a.push_back("-D__CUDACC_RDC__");
  if (Inv.relaxedConstexpr)
    a.push_back("-D__CUDACC_RELAXED_CONSTEXPR__");
  if (Inv.extendedLambda)
    a.push_back("-D__CUDACC_EXTENDED_LAMBDA__");
  if (Inv.deviceDebug)
    a.push_back("-D__CUDACC_DEBUG__");
  if (Inv.fastMath)
    a.push_back("-D__USE_FAST_MATH__");
  // The clang driver only forwards this for HIP; clang's CUDA code generation honours it.
  if (Inv.perThreadDefaultStream)
    a.insert(a.end(), {"-Xclang", "-fgpu-default-stream=per-thread"});
  if (Inv.relocatableDeviceCode)
    a.push_back("-fgpu-rdc");
  // cuda_runtime.h comes before the user's -include files, as with nvcc, so that a header
  // included that way can use __host__ and the rest (its -D macros are defined before either,
  // and its -I directories are searched before the toolkit's wherever they stand).
  a.insert(a.end(), {"-include", "cuda_runtime.h"});
  a.insert(a.end(), Inv.preprocessor.begin(), Inv.preprocessor.end());
  a.push_back("-isystem");
  a.push_back(Kit.includeDir());
  if (Inv.noWarnings)
    a.push_back("-w");
  return a;
}

namespace {

// Whether the host options ask for the build machine's processor (-march=native, -mcpu=native).
bool asksForNativeProcessor(const std::vector<std::string> &options) {
  return std::any_of(options.begin(), options.end(), [](const std::string &word) {
    return word == "-march=native" || word == "-mcpu=native";
  });
}

} // namespace

// Options of the host compilation proper, shared by .cu host sides and C/C++ sources.
std::vector<std::string> Compilation::hostArguments(bool byOwnClang) {
  std::vector<std::string> a;
  if (!Inv.hostOptimization.empty())
    a.push_back(Inv.hostOptimization);
  if (Inv.hostDebug)
    a.push_back("-g");
  if (Inv.noWarnings)
    a.push_back("-w");
  if (Inv.warningsAsErrors)
    a.push_back("-Werror");
  // On an AVX10.1 processor clang 19 reads -march=native as features it then warns are an
  // invalid combination (an error under -Werror); NVIDIA's host compiler, GCC, accepts the
  // same line silently, so Drawbridge's clang does not warn of its own detection. Before the
  // user's options, which may turn the warning back on.
  if (byOwnClang && asksForNativeProcessor(Inv.compilerOptions))
    a.push_back("-Wno-invalid-feature-combination");
  a.insert(a.end(), Inv.compilerOptions.begin(), Inv.compilerOptions.end());
  return a;
}

// -MD/-MMD during a compile. The file is -MF, else -o's name with .d, else the input's name
// with .d in -odir; the rule's target is -MT, else what this nvcc run produces.
// The file -MD/-MMD write: -MF, else -o with .d, else the input's name with .d (in -odir).
std::string Compilation::dependencyFile(const Input &input) const {
  if (!Inv.dependencyFile.empty())
    return Inv.dependencyFile;
  if (!Inv.output.empty())
    return replaceExtension(Inv.output, ".d");
  std::string file = replaceExtension(fs::path(input.path).filename().string(), ".d");
  return Inv.outputDir.empty() ? file : Inv.outputDir + "/" + file;
}

std::vector<std::string> Compilation::dependencyArguments(const Input &input,
                                                          const std::string &target) {
  if (!Inv.dependencies)
    return {};
  std::vector<std::string> a = {Inv.dependenciesOnlyUserHeaders ? "-MMD" : "-MD", "-MF",
                                dependencyFile(input), "-MT",
                                Inv.dependencyTarget.empty() ? target : Inv.dependencyTarget};
  if (Inv.dependencyPhonyTargets)
    a.push_back("-MP");
  return a;
}

// The copy lies in a directory of its own under its own name, so that what the object records
// of its name (the file symbol, debug information through -ffile-prefix-map) is the
// original's, and the object is the same bytes every time; `#line` gives diagnostics and
// __FILE__ the original's path, and -iquote finds the headers it includes beside it.
std::optional<Input> Compilation::copyWithJoinedLaunches(const Input &input,
                                                         std::vector<std::string> &common) {
  std::ifstream in(input.path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::optional<std::string> joined = joinSpacedLaunches(text);
  if (!joined)
    return std::nullopt;
  std::string dir = temporary(input.path, ".joined");
  Input copy{dir + "/" + fs::path(input.path).filename().string(), input.kind};
  std::string original = fs::absolute(input.path).lexically_normal().string();
  std::string escaped;
  for (char c : original) {
    if (c == '\\' || c == '"')
      escaped.push_back('\\');
    escaped.push_back(c);
  }
  if (!Inv.dryRun) {
    std::error_code error;
    fs::create_directories(dir, error);
    std::ofstream out(copy.path, std::ios::binary);
    out << "#line 1 \"" << escaped << "\"\n" << *joined;
    if (error || !out) {
      std::fprintf(stderr, "nvcc fatal   : cannot write '%s'\n", copy.path.c_str());
      return std::nullopt;
    }
  }
  std::string originalDir = fs::path(original).parent_path().string();
  common.insert(common.end(),
                {"-iquote", originalDir, "-ffile-prefix-map=" + dir + "=" + originalDir});
  return copy;
}

// -MD names the copy where the user's build expects the original.
bool Compilation::renameInDependencyFile(const Input &input, const std::string &copy) {
  if (!Inv.dependencies || Inv.dryRun)
    return true;
  std::string file = dependencyFile(input);
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (size_t at = 0; (at = text.find(copy, at)) != std::string::npos; at += input.path.size())
    text.replace(at, copy.size(), input.path);
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

// The object nvcc -c writes for an input: -o, else the input's name with .o (in -odir).
std::string Compilation::objectName(const Input &input) const {
  if (!Inv.output.empty() && Inv.phase == Phase::Compile)
    return Inv.output;
  std::string name = replaceExtension(fs::path(input.path).filename().string(), ".o");
  return Inv.outputDir.empty() ? name : Inv.outputDir + "/" + name;
}

// The id that ties a translation unit's host registration to its CPU image: the same source
// compiled with other options (another -D, say) into the same program gets another id.
std::string Compilation::imageId(const Input &input, const std::vector<std::string> &arguments) {
  uint64_t h = fnv1a(fs::absolute(input.path).string());
  for (const std::string &a : arguments)
    h = fnv1a(a + '\0', h);
  return "cpu-" + hex(h);
}

// The clang job that compiles a .cu file's device side to NVPTX bitcode at `deviceIR`, from
// the arguments both sides share; drawbridge-device optimises it afterwards, for the CPU or as
// PTX. `cuid` names the translation unit's internal symbols under -rdc.
Job Compilation::deviceBitcodeJob(const Input &input, std::vector<std::string> common,
                                  const std::string &deviceIR, const std::string &cuid) {
  Job device{std::move(common), ""};
  device.clangDiagnostics = true;
  device.argv.push_back("--cuda-device-only");
  std::vector<std::string> archMacros = deviceArchitectureMacros();
  device.argv.insert(device.argv.end(), archMacros.begin(), archMacros.end());
  device.argv.insert(device.argv.end(), {"-Xclang", "-target-feature", "-Xclang", kClangPtxFeature,
                                         "-emit-llvm", "-c", "-w"});
  if (Inv.deviceDebug)
    device.argv.insert(device.argv.end(), {"-O0", "-Xclang", "-disable-O0-optnone", "-g"});
  else
    device.argv.insert(device.argv.end(),
                       {"-O3", "-Xclang", "-disable-llvm-optzns", "-gline-tables-only"});
  if (!Inv.fusedMultiplyAdd)
    device.argv.push_back("-ffp-contract=off");
  // Marks every device function's float denormal mode; the CPU lowering's
  // FlushSubnormalFloats pass then flushes float arithmetic as the GPU's .ftz forms do.
  if (Inv.flushDenormals)
    device.argv.push_back("-fgpu-flush-denormals-to-zero");
  if (Inv.relocatableDeviceCode)
    device.argv.push_back(cuid);
  device.argv.insert(device.argv.end(), {"-o", deviceIR, input.path});
  return device;
}

bool Compilation::compileCuda(const Input &input, const std::string &object) {
  std::vector<std::string> common = cudaCommonArguments(input, kClangGpuArch);
  std::string id = imageId(input, common);
  std::string deviceIR = temporary(input.path, ".device.bc");
  // The clang driver passes -cuid on for the device side only, so the host side gets it
  // directly.
  std::string cuid = cudaUnitId(input);
  // The image id and -cuid above are the original's, so they do not change with the copy.
  std::optional<Input> copy = copyWithJoinedLaunches(input, common);
  const Input &source = copy ? *copy : input;

  // The host side embeds the fat binary, which names the image the device side registers (none
  // under -rdc, where the device link's image registers the host side's kernels); the driver
  // writes it first, so that the host compile need not wait for the device side.
  std::string fatbin = temporary(input.path, ".fatbin");
  if (!Inv.dryRun && !writeFatBinary(fatbin, Inv.relocatableDeviceCode ? "" : id))
    return false;
  std::string hostObject = temporary(input.path, ".host.o");
  std::string deviceObject = Inv.relocatableDeviceCode ? "" : temporary(input.path, ".device.o");

  Job host{common, ""};
  host.clangDiagnostics = true;
  host.argv.insert(host.argv.end(),
                   {"--cuda-host-only", "-Xclang", "-fcuda-include-gpubinary", "-Xclang", fatbin,
                    "-Xclang", "-target-sdk-version=" + std::string(kClangSdkVersion)});
  if (Inv.relocatableDeviceCode)
    host.argv.insert(host.argv.end(), {"-Xclang", cuid});
  // Position-independent, so the object also links into shared libraries: nvcc's host code
  // calls its kernel stubs locally, clang's calls them as global functions.
  host.argv.push_back("-fPIC");
  std::vector<std::string> hostOptions = hostArguments(true);
  host.argv.insert(host.argv.end(), hostOptions.begin(), hostOptions.end());
  std::vector<std::string> deps = dependencyArguments(input, DependencyTarget);
  host.argv.insert(host.argv.end(), deps.begin(), deps.end());
  host.argv.insert(host.argv.end(), {"-c", "-o", hostObject, source.path});

  // The host compile runs beside the device side's two steps (the device side's own
  // diagnostics first, as before; the host's are dropped when the device side fails, having
  // said the same). -v and --dryrun list and run the jobs one after another.
  std::optional<BackgroundJob> hostBeside;
  if (!Inv.verbose && !Inv.dryRun)
    hostBeside.emplace(host);
  if (!execute(deviceBitcodeJob(source, common, deviceIR, cuid)))
    return false;
  if (!Inv.relocatableDeviceCode) {
    Job lower{{Kit.deviceCompiler, deviceIR, "-o", deviceObject, "--image-id=" + id}, ""};
    std::vector<std::string> arch = deviceArchitectureOption(), cpu = deviceCpuOption(),
                             split = deviceSplitOptions();
    lower.argv.insert(lower.argv.end(), arch.begin(), arch.end());
    lower.argv.insert(lower.argv.end(), cpu.begin(), cpu.end());
    lower.argv.insert(lower.argv.end(), split.begin(), split.end());
    std::vector<std::string> reports = deviceReportOptions();
    lower.argv.insert(lower.argv.end(), reports.begin(), reports.end());
    if (!execute(lower))
      return false;
  }
  if (hostBeside ? hostBeside->finish() != 0 : !execute(host))
    return false;
  if (copy && !renameInDependencyFile(input, copy->path))
    return false;

  if (Inv.relocatableDeviceCode) {
    RelocatableObjects.push_back(object);
    Job embed{{Kit.objcopy, "--add-section", std::string(kDeviceCodeSection) + "=" + deviceIR,
               "--set-section-flags", std::string(kDeviceCodeSection) + "=exclude", hostObject,
               object},
              ""};
    return execute(embed);
  }
  Job combine{{Kit.lld, "-r", "-o", object, hostObject, deviceObject}, ""};
  return execute(combine);
}

// What nvcc gives a C or C++ source: its macros (not __CUDACC__), the toolkit's headers, the
// language spelled out (a C++ -ccbin must still compile .c files as C).
std::vector<std::string> Compilation::hostSourceArguments(const Input &input) {
  std::vector<std::string> a = {hostCompiler(input.kind), "-x"};
  switch (input.kind) {
  case InputKind::C:
    a.push_back("c");
    break;
  case InputKind::PreprocessedC:
    a.push_back("cpp-output");
    break;
  case InputKind::PreprocessedCxx:
    a.push_back("c++-cpp-output");
    break;
  default:
    a.push_back("c++");
    break;
  }
  if (input.kind == InputKind::Cxx && !Inv.languageStandard.empty())
    a.push_back("-std=" + Inv.languageStandard);
  // drawbridge-cc is nvcc's compiler of .cu files; what it is given otherwise it hands the
  // host compiler as it is (build tools that look at what it predefines then see clang).
  if (Inv.singleUnit) {
    a.insert(a.end(), Inv.preprocessor.begin(), Inv.preprocessor.end());
    return a;
  }
  std::vector<std::string> macros = nvccMacros();
  a.insert(a.end(), macros.begin(), macros.end());
  a.insert(a.end(), Inv.preprocessor.begin(), Inv.preprocessor.end());
  a.insert(a.end(), {"-isystem", Kit.includeDir()});
  return a;
}

bool Compilation::compileHostSource(const Input &input, const std::string &object) {
  Job job{hostSourceArguments(input), ""};
  std::vector<std::string> hostOptions = hostArguments(Inv.hostCompiler.empty());
  job.argv.insert(job.argv.end(), hostOptions.begin(), hostOptions.end());
  std::vector<std::string> deps = dependencyArguments(input, DependencyTarget);
  job.argv.insert(job.argv.end(), deps.begin(), deps.end());
  job.argv.insert(job.argv.end(), {"-c", "-o", object, input.path});
  return execute(job);
}

// nvcc compiles each .cu file with one drawbridge-cc job, the only step its --dryrun plan
// shows for it, so that tools that run the plan themselves (sccache) run a command they can
// cache: drawbridge-cc takes clang's -c, -o and -M options and passes for clang. A --ptx job
// has -c too, since sccache caches only what it sees compiled with -c; drawbridge-cc drops it.
bool Compilation::compileThroughUnitCompiler(const Input &input, const std::string &output,
                                             bool ptx) {
  // The macro is the one drawbridge-cc defines itself, the same again: sccache runs only the
  // plan's commands that define one of nvcc's macros, taking the others for housekeeping.
  Job job{{Kit.unitCompiler, "-D__CUDACC__"}, ""};
  if (ptx)
    job.argv.push_back("--ptx");
  job.argv.insert(job.argv.end(), Inv.unitOptions.begin(), Inv.unitOptions.end());
  if (!ptx) {
    std::vector<std::string> deps = dependencyArguments(input, DependencyTarget);
    job.argv.insert(job.argv.end(), deps.begin(), deps.end());
  }
  job.argv.insert(job.argv.end(), {"-c", "-o", output, input.path});
  if (Inv.relocatableDeviceCode && !ptx)
    RelocatableObjects.push_back(output);
  return execute(job);
}

bool Compilation::compile(const Input &input, const std::string &object) {
  if (input.kind != InputKind::Cuda)
    return compileHostSource(input, object);
  if (!Inv.singleUnit)
    return compileThroughUnitCompiler(input, object, false);
  return compileCuda(input, object);
}

// --ptx: a .cu file's device code as PTX for the one GPU the command names, through LLVM's
// NVPTX back end. The device side is compiled as for the CPU (same headers and macros, with
// clang's GPU the requested one), and drawbridge-device optimises it and writes PTX. The output
// is -o, else the input's name with .ptx (in -odir).
bool Compilation::compilePtx(const Input &input) {
  if (input.kind != InputKind::Cuda) {
    std::fprintf(stderr, "nvcc fatal   : --ptx compiles .cu files, and '%s' is not one\n",
                 input.path.c_str());
    return false;
  }
  std::vector<std::string> names;
  for (const Architecture &a : Inv.architectures)
    names.push_back("sm_" + std::to_string(a.number) + a.variant);
  if (names.size() != 1) {
    std::string list;
    for (const std::string &n : names)
      list += (list.empty() ? "" : ", ") + n;
    std::fprintf(stderr,
                 "nvcc fatal   : --ptx writes PTX for one GPU architecture, and this command "
                 "names %zu (%s); give one -arch\n",
                 names.size(), list.c_str());
    return false;
  }
  const std::string &gpu = names.front();
  if (Inv.architectures.front().number > kNewestPtxArchitecture) {
    std::fprintf(stderr,
                 "nvcc fatal   : PTX for %s is not supported: Drawbridge's PTX comes from LLVM "
                 "19's NVPTX back end, which knows GPUs up to sm_%da; use -arch=sm_%d or older\n",
                 gpu.c_str(), kNewestPtxArchitecture, kNewestPtxArchitecture);
    return false;
  }
  std::string output = Inv.output;
  if (output.empty()) {
    output = replaceExtension(fs::path(input.path).filename().string(), ".ptx");
    if (!Inv.outputDir.empty())
      output = Inv.outputDir + "/" + output;
  }
  if (!Inv.singleUnit)
    return compileThroughUnitCompiler(input, output, true);

  std::string deviceIR = temporary(input.path, ".device.bc");
  std::vector<std::string> common = cudaCommonArguments(input, gpu);
  std::optional<Input> copy = copyWithJoinedLaunches(input, common);
  if (!execute(deviceBitcodeJob(copy ? *copy : input, common, deviceIR, cudaUnitId(input))))
    return false;
  Job ptx{{Kit.deviceCompiler, "--target=ptx", "--gpu=" + gpu, deviceIR, "-o", output}, ""};
  return execute(ptx);
}

bool Compilation::preprocess(const Input &input) {
  Job job;
  if (input.kind == InputKind::Cuda) {
    job.argv = cudaCommonArguments(input, kClangGpuArch);
    job.argv.push_back("--cuda-host-only");
  } else {
    job.argv = hostSourceArguments(input);
  }
  job.argv.insert(job.argv.end(), Inv.compilerOptions.begin(), Inv.compilerOptions.end());
  if (Inv.singleUnit) {
    std::vector<std::string> deps = dependencyArguments(input, objectName(input));
    job.argv.insert(job.argv.end(), deps.begin(), deps.end());
  }
  job.argv.insert(job.argv.end(), {"-E", input.path});
  if (!Inv.output.empty())
    job.argv.insert(job.argv.end(), {"-o", Inv.output});
  if (!execute(job))
    return false;
  if (input.kind != InputKind::Cuda)
    return true;
  // -E writes the device side after the host side: a cache keyed on the text (sccache, ccache's
  // preprocessor mode) then sees code either side keeps from the other behind __CUDA_ARCH__.
  Job device{cudaCommonArguments(input, kClangGpuArch), Inv.output};
  device.appendStdout = true;
  device.argv.push_back("--cuda-device-only");
  std::vector<std::string> archMacros = deviceArchitectureMacros();
  device.argv.insert(device.argv.end(), archMacros.begin(), archMacros.end());
  device.argv.insert(device.argv.end(), Inv.compilerOptions.begin(), Inv.compilerOptions.end());
  device.argv.insert(device.argv.end(), {"-E", input.path});
  return execute(device);
}

// -cuda: a .cu file's host side, preprocessed, to -o, else <file>.cu.cpp.ii in the working
// directory (or -odir), as NVIDIA's nvcc names it. NVIDIA's file is cudafe's C++ translation
// with the device code embedded, for the host compiler; this one keeps the kernels and
// launches as CUDA (Drawbridge's host side is clang's CUDA mode, not a C++ translation), so
// only nvcc compiles it. Makefiles that run -cuda as a step of their own build go through.
bool Compilation::writeHostSide(const Input &input) {
  Job job;
  job.argv = cudaCommonArguments(input, kClangGpuArch);
  job.argv.push_back("--cuda-host-only");
  job.argv.insert(job.argv.end(), Inv.compilerOptions.begin(), Inv.compilerOptions.end());
  std::string output = Inv.output;
  if (output.empty()) {
    output = fs::path(input.path).filename().string() + ".cpp.ii";
    if (!Inv.outputDir.empty())
      output = Inv.outputDir + "/" + output;
  }
  job.argv.insert(job.argv.end(), {"-E", input.path, "-o", output});
  return execute(job);
}

// -M/-MM: the rule goes to -MF, else to -o, else to standard output; its target is -MT, else
// the object nvcc -c would write.
bool Compilation::writeDependencies(const Input &input) {
  Job job;
  if (input.kind == InputKind::Cuda) {
    job.argv = cudaCommonArguments(input, kClangGpuArch);
    job.argv.push_back("--cuda-host-only");
  } else {
    job.argv = hostSourceArguments(input);
  }
  job.argv.push_back(Inv.dependenciesOnlyUserHeaders ? "-MM" : "-M");
  std::string file = !Inv.dependencyFile.empty() ? Inv.dependencyFile : Inv.output;
  if (!file.empty())
    job.argv.insert(job.argv.end(), {"-MF", file});
  job.argv.insert(job.argv.end(),
                  {"-MT", Inv.dependencyTarget.empty() ? objectName(input) : Inv.dependencyTarget});
  if (Inv.dependencyPhonyTargets)
    job.argv.push_back("-MP");
  job.argv.push_back(input.path);
  return execute(job);
}

// Static libraries named with -l, found in the -L directories (then the toolkit's), whose
// relocatable device code the device link needs, as nvlink reads them.
std::vector<std::string> Compilation::librariesForDeviceLink() const {
  std::vector<std::string> found;
  std::vector<std::string> dirs = Inv.libraryPaths;
  dirs.push_back(Kit.libraryDir());
  for (const std::string &lib : Inv.libraries)
    for (const std::string &dir : dirs) {
      std::error_code ec;
      std::string path = dir + "/lib" + lib + ".a";
      if (fs::exists(path, ec)) {
        found.push_back(path);
        break;
      }
    }
  return found;
}

bool Compilation::deviceLink(const std::vector<std::string> &objects, const std::string &output,
                             bool &linked) {
  linked = false;
  std::vector<std::string> inputs = objects;
  std::vector<std::string> libraries = librariesForDeviceLink();
  inputs.insert(inputs.end(), libraries.begin(), libraries.end());
  std::vector<std::string> bitcode, moduleIds;
  for (const std::string &object : inputs) {
    bool compiledHere = std::find(RelocatableObjects.begin(), RelocatableObjects.end(), object) !=
                        RelocatableObjects.end();
    if (Inv.dryRun && compiledHere) {
      // --dryrun did not write this object: show the step with the input it would have.
      bitcode.push_back(temporary(object, ".rdc.bc"));
      continue;
    }
    for (const SectionContents &s : readSections(object, kDeviceCodeSection)) {
      std::string file = temporary(object, ".rdc.bc");
      if (!Inv.dryRun)
        std::ofstream(file, std::ios::binary) << s.data;
      bitcode.push_back(file);
    }
    for (const SectionContents &s : readSections(object, kModuleIdSection))
      for (size_t at = 0; at < s.data.size();) {
        size_t end = s.data.find('\0', at);
        if (end == std::string::npos)
          end = s.data.size();
        if (end > at)
          moduleIds.push_back(s.data.substr(at, end - at));
        at = end + 1;
      }
  }
  if (bitcode.empty())
    return true;
  linked = true;
  // The id depends only on what is linked, so the same link gives the same bytes.
  uint64_t h = fnv1a("device-link");
  for (const std::string &id : moduleIds)
    h = fnv1a(id, h);
  Job job{{Kit.deviceCompiler, "-o", output, "--image-id=cpu-dlink-" + hex(h)}, ""};
  std::vector<std::string> arch = deviceArchitectureOption(), cpu = deviceCpuOption(),
                           split = deviceSplitOptions();
  job.argv.insert(job.argv.end(), arch.begin(), arch.end());
  job.argv.insert(job.argv.end(), cpu.begin(), cpu.end());
  for (const std::string &id : moduleIds)
    job.argv.push_back("--linked-module=" + id);
  job.argv.insert(job.argv.end(), split.begin(), split.end());
  std::vector<std::string> reports = deviceReportOptions();
  job.argv.insert(job.argv.end(), reports.begin(), reports.end());
  job.argv.insert(job.argv.end(), bitcode.begin(), bitcode.end());
  return execute(job);
}

bool Compilation::link(const std::vector<std::string> &objects, const std::string &output) {
  // Without -ccbin, the link runs through drawbridge-link, the host link launcher CMake finds
  // in nvcc -v and links CUDA targets with itself.
  Job job{{Inv.hostCompiler.empty() ? Kit.hostLinker : hostCompiler(InputKind::Cxx)}, ""};
  if (Inv.sharedLibrary)
    job.argv.push_back("-shared");
  if (Inv.hostDebug)
    job.argv.push_back("-g");
  // nvcc hands its host compiler options to the link too (-fopenmp, -pthread, -fsanitize...).
  job.argv.insert(job.argv.end(), Inv.compilerOptions.begin(), Inv.compilerOptions.end());
  job.argv.insert(job.argv.end(), objects.begin(), objects.end());
  for (const std::string &dir : Inv.libraryPaths)
    job.argv.push_back("-L" + dir);
  job.argv.insert(job.argv.end(), {"-L" + Kit.stubsDir(), "-L" + Kit.libraryDir()});
  for (const std::string &lib : Inv.libraries)
    job.argv.push_back("-l" + lib);
  for (const std::string &option : Inv.linkerOptions)
    job.argv.insert(job.argv.end(), {"-Xlinker", option});
  switch (Inv.cudart) {
  case CudartKind::Static:
    job.argv.insert(job.argv.end(), {"-lcudart_static", "-lpthread", "-ldl", "-lrt"});
    break;
  case CudartKind::Shared:
    job.argv.push_back("-lcudart");
    break;
  case CudartKind::None:
    break;
  }
  // The program finds the toolkit's shared libraries where NVIDIA's would be on the system
  // path (its installer registers them with the loader, and its driver installs libcuda.so
  // system-wide): whenever it links one, by -cudart shared or by a -l of its own such as
  // -lcudart or -lcuda.
  bool linksToolkitLibrary =
      std::any_of(Inv.libraries.begin(), Inv.libraries.end(), [&](const std::string &lib) {
        std::error_code ec;
        return fs::exists(fs::path(Kit.libraryDir()) / ("lib" + lib + ".so"), ec);
      });
  if (Inv.cudart == CudartKind::Shared || linksToolkitLibrary)
    job.argv.push_back("-Wl,-rpath," + Kit.libraryDir());
  job.argv.insert(job.argv.end(), {"-lm", "-o", output});
  // libomp, which the host side's OpenMP code calls, goes in here (HostLink.h) rather than by
  // drawbridge-link, so that --dryrun shows it; drawbridge-link is told not to look again.
  if (linkNeedsLibomp(job.argv,
                      [](const std::string &path) { return needsSymbol(path, "__kmpc_"); }))
    job.argv = withLibomp(std::move(job.argv), Kit.llvmLibraryDir());
  setenv(kLibompPlacedVariable, "1", 1);
  return execute(job);
}

bool Compilation::archive(const std::vector<std::string> &objects, const std::string &output) {
  std::error_code ec;
  if (!Inv.dryRun)
    fs::remove(output, ec);
  Job job{{Kit.archiver, "rcsD", output}, ""};
  job.argv.insert(job.argv.end(), objects.begin(), objects.end());
  return execute(job);
}

int Compilation::run() {
  // drawbridge-cc reads the options nvcc read: run by nvcc, it leaves their warnings to nvcc;
  // run by a tool that follows nvcc's plan itself (sccache), it gives them.
  if (!Inv.singleUnit || !std::getenv(kWarnedVariable))
    for (const std::string &w : Inv.warnings)
      std::fprintf(stderr, "nvcc warning : %s\n", w.c_str());
  if (!Inv.singleUnit)
    setenv(kWarnedVariable, "1", 1);
  // See kKeepDirVariable: drawbridge-cc keeps its files where nvcc keeps its own.
  if (Inv.keep && !Inv.singleUnit && !Inv.dryRun)
    setenv(kKeepDirVariable, Inv.keepDir.empty() ? "." : Inv.keepDir.c_str(), 1);

  for (const Input &input : Inv.inputs) {
    if (!isSource(input.kind))
      continue;
    if (Inv.phase == Phase::Preprocess && !preprocess(input))
      return 1;
    if (Inv.phase == Phase::HostSide && input.kind == InputKind::Cuda && !writeHostSide(input))
      return 1;
    if (Inv.phase == Phase::Dependencies && !writeDependencies(input))
      return 1;
  }
  if (Inv.phase == Phase::Preprocess || Inv.phase == Phase::HostSide ||
      Inv.phase == Phase::Dependencies)
    return 0;
  if (Inv.phase == Phase::Ptx) {
    for (const Input &input : Inv.inputs)
      if (!compilePtx(input))
        return 1;
    return 0;
  }

  std::string output = Inv.output;
  if (output.empty())
    output = Inv.phase == Phase::Library      ? "a.a"
             : Inv.phase == Phase::DeviceLink ? "a_dlink.o"
                                              : "a.out";

  // Compile every source; objects keep their command-line position for the link.
  std::vector<std::string> objects;
  for (const Input &input : Inv.inputs) {
    if (!isSource(input.kind)) {
      objects.push_back(input.path);
      continue;
    }
    std::string object =
        Inv.phase == Phase::Compile ? objectName(input) : temporary(input.path, ".o");
    DependencyTarget = Inv.phase == Phase::Compile ? object : output;
    if (!compile(input, object))
      return 1;
    objects.push_back(object);
  }
  if (Inv.phase == Phase::Compile)
    return 0;

  if (Inv.phase == Phase::Library)
    return archive(objects, output) ? 0 : 1;

  if (Inv.phase == Phase::DeviceLink) {
    bool linked = false;
    if (!deviceLink(objects, output, linked))
      return 1;
    if (!linked) {
      // Nothing to link: an object with no device code keeps build systems' rules happy.
      Job empty{{Kit.deviceCompiler, "--empty-object", "-o", output}, ""};
      return execute(empty) ? 0 : 1;
    }
    return 0;
  }

  // Link (and --run): device-link relocatable device code first, as nvcc does.
  bool alreadyDeviceLinked =
      !Inv.dryRun && std::any_of(objects.begin(), objects.end(), [](const std::string &o) {
        return !readSections(o, ".drawbridge.dlinked").empty();
      });
  if (!alreadyDeviceLinked) {
    std::string dlink = temporary("dlink", ".o");
    bool linked = false;
    if (!deviceLink(objects, dlink, linked))
      return 1;
    if (linked)
      objects.push_back(dlink);
  }
  if (Inv.phase == Phase::Run && Inv.output.empty())
    output = temporary("run", ".out");
  if (!link(objects, output))
    return 1;
  if (Inv.phase == Phase::Run) {
    Job run{{fs::absolute(output).string()}, ""};
    run.argv.insert(run.argv.end(), Inv.runArguments.begin(), Inv.runArguments.end());
    if (Inv.verbose || Inv.dryRun)
      std::fprintf(stderr, "#$ %s\n", describe(run).c_str());
    return Inv.dryRun ? 0 : runJob(run);
  }
  return 0;
}

} // namespace drawbridge::driver
