// nvcc: Drawbridge's drop-in for NVIDIA's CUDA compiler driver. Reads nvcc's command line,
// answers the informational options, and otherwise plans and runs the compilation. The same
// program is drawbridge-cc (one .cu file, run as nvcc's plan names it) and drawbridge-link
// (the host link launcher), by the name it runs under.
#include "Architectures.h"
#include "Compilation.h"
#include "ElfSections.h"
#include "HostLink.h"
#include "Interrupts.h"
#include "Invocation.h"
#include "Jobs.h"
#include "Options.h"
#include "Toolkit.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace drawbridge::driver;

namespace {

int fatal(const std::string &message) {
  std::fprintf(stderr, "nvcc fatal   : %s\n", message.c_str());
  return 1;
}

// The first line is the text build systems identify nvcc by (CMake matches "nvcc: NVIDIA (R)
// Cuda compiler driver"); the release line is where they read the CUDA version.
void printVersion() {
  std::printf("nvcc: NVIDIA (R) Cuda compiler driver, as provided by Drawbridge %s\n"
              "Drawbridge: a clean-room CUDA toolchain on LLVM/Clang 19; not NVIDIA software\n"
              "Cuda compilation tools, release %d.%d, V%d.%d.0\n"
              "Build drawbridge_%s\n",
              kDrawbridgeVersion, kCudaMajor, kCudaMinor, kCudaMajor, kCudaMinor,
              kDrawbridgeVersion);
}

// What nvcc -v and --dryrun print before any command, in nvcc's form: the toolkit's layout,
// which CMake reads to find the toolkit root (TOP), its library root (NVVMIR_LIBRARY_DIR),
// headers (INCLUDES) and the libraries every link names (LIBRARIES, found verbatim in the link
// line). Printed even when the command line then turns out to be unusable.
void printToolkitEnvironment(const Toolkit &kit) {
  const char *path = std::getenv("PATH");
  std::fprintf(stderr,
               "#$ _HERE_=%s/bin\n"
               "#$ _THERE_=%s/bin\n"
               "#$ TOP=%s\n"
               "#$ NVVMIR_LIBRARY_DIR=%s/nvvm/libdevice\n"
               "#$ PATH=%s/bin:%s\n"
               "#$ INCLUDES=\"-I%s\"\n"
               "#$ LIBRARIES=  %s\n",
               kit.root.c_str(), kit.root.c_str(), kit.root.c_str(), kit.root.c_str(),
               kit.root.c_str(), path ? path : "", kit.includeDir().c_str(),
               kit.linkDirectories().c_str());
}

void printHelp() {
  std::printf("\nUsage  : nvcc [options] <inputfile>\n\n");
  for (const OptionInfo &o : allOptions()) {
    std::string names = "--" + std::string(o.longName);
    if (!o.shortName.empty())
      names += " (-" + std::string(o.shortName) + ")";
    std::printf(
        "%-52s\n        %.*s%s\n\n", names.c_str(), static_cast<int>(o.help.size()), o.help.data(),
        o.support == OptionSupport::Implemented ? "" : " [accepted; no effect in Drawbridge]");
  }
}

// drawbridge-link: clang++ with libomp placed in the link (HostLink.h), for the links CMake
// runs itself with the host link launcher nvcc -v names. A command that only compiles, and a
// link nvcc has placed libomp in, go to clang++ as they are.
int runHostLink(const Toolkit &kit, const std::vector<std::string> &args) {
  Job job{{kit.clangxx}, ""};
  job.argv.insert(job.argv.end(), args.begin(), args.end());
  const bool links = std::none_of(args.begin(), args.end(), [](const std::string &a) {
    return a == "-c" || a == "-E" || a == "-S" || a == "-M" || a == "-MM";
  });
  if (links && !std::getenv(kLibompPlacedVariable) &&
      linkNeedsLibomp(args, [](const std::string &path) { return needsSymbol(path, "__kmpc_"); }))
    job.argv = withLibomp(std::move(job.argv), kit.llvmLibraryDir());
  return runJob(job);
}

} // namespace

int main(int argc, char **argv) {
  Toolkit kit = Toolkit::locate(argv[0]);
  std::vector<std::string> args(argv + 1, argv + argc);
  const bool unitCompiler = kit.self == kit.unitCompiler;
  handleInterrupts(/*DieWithParent=*/unitCompiler);
  if (kit.self == kit.hostLinker)
    return runHostLink(kit, args);
  // drawbridge-cc is run as clang: sccache preprocesses a .cu file with "-x cuda -E -P
  // -fminimize-whitespace". Options nvcc does not know go to the host compiler.
  if (unitCompiler) {
    for (size_t i = 1; i < args.size(); ++i)
      if (args[i - 1] == "-x" && args[i] == "cuda")
        args[i] = "cu";
    args.insert(args.begin(), "--forward-unknown-to-host-compiler");
    // -c beside --ptx only tells sccache that this is a compile (it moves -c to the front,
    // where nvcc would take it over --ptx, the later phase option of the same rank).
    if (std::find(args.begin(), args.end(), "--ptx") != args.end())
      std::erase(args, "-c");
  }
  auto parsed = parseCommandLine(args);
  if (auto *error = std::get_if<ParseError>(&parsed))
    return fatal(error->message);
  const ParsedCommandLine &command = std::get<ParsedCommandLine>(parsed);

  if (command.has(OptionId::Version)) {
    if (unitCompiler)
      std::printf("drawbridge-cc (Drawbridge %s): compiles one CUDA source to one object for "
                  "Drawbridge's nvcc, which names it in its --dryrun plan\n",
                  kDrawbridgeVersion);
    else
      printVersion();
    return 0;
  }
  if (command.has(OptionId::Help)) {
    printHelp();
    return 0;
  }
  if (command.has(OptionId::ListGpuArch) || command.has(OptionId::ListGpuCode)) {
    for (const std::string &name : knownArchitectureNames(command.has(OptionId::ListGpuArch)))
      std::printf("%s\n", name.c_str());
    return 0;
  }

  if (!unitCompiler && (command.has(OptionId::Verbose) || command.has(OptionId::Dryrun)))
    printToolkitEnvironment(kit);
  auto invocation = makeInvocation(command);
  if (auto *error = std::get_if<ParseError>(&invocation))
    return fatal(error->message);
  Invocation &inv = std::get<Invocation>(invocation);
  if (unitCompiler) {
    inv.singleUnit = true;
    // nvcc's --keep and --keep-dir, which it leaves off drawbridge-cc's command line so that
    // the line (which sccache hashes) stays the same wherever the files are kept.
    if (const char *keepDir = std::getenv(kKeepDirVariable)) {
      inv.keep = true;
      inv.keepDir = keepDir;
    }
  }
  Compilation compilation(std::move(inv), kit);
  return compilation.run();
}
