// nvcc: Drawbridge's drop-in for NVIDIA's CUDA compiler driver. Reads nvcc's command line,
// answers the informational options, and otherwise plans and runs the compilation.
#include "Architectures.h"
#include "Compilation.h"
#include "Invocation.h"
#include "Options.h"
#include "Toolkit.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace drawbridge::driver;

namespace {

int fatal(const std::string &message) {
  std::fprintf(stderr, "nvcc fatal   : %s\n", message.c_str());
  return 1;
}

void printVersion() {
  std::printf("nvcc: Drawbridge CUDA compiler driver %s (clean-room, LLVM/Clang 19)\n"
              "Copyright (c) the Drawbridge authors\n"
              "Cuda compilation tools, release %d.%d, V%d.%d.0\n"
              "Build drawbridge_%s\n",
              kDrawbridgeVersion, kCudaMajor, kCudaMinor, kCudaMajor, kCudaMinor,
              kDrawbridgeVersion);
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

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = parseCommandLine(args);
  if (auto *error = std::get_if<ParseError>(&parsed))
    return fatal(error->message);
  const ParsedCommandLine &command = std::get<ParsedCommandLine>(parsed);

  if (command.has(OptionId::Version)) {
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

  auto invocation = makeInvocation(command);
  if (auto *error = std::get_if<ParseError>(&invocation))
    return fatal(error->message);
  Compilation compilation(std::get<Invocation>(std::move(invocation)), Toolkit::locate(argv[0]));
  return compilation.run();
}
