// Clang's diagnostics on their way to the user; see ClangDiagnostics.h.
#include "ClangDiagnostics.h"

#include <regex>

namespace drawbridge::driver {
namespace {

// The line without terminal colour sequences, for matching.
std::string plain(const std::string &line) {
  static const std::regex Colour("\x1b\\[[0-9;]*m");
  return std::regex_replace(line, Colour, "");
}

} // namespace

std::vector<std::string> ClangDiagnostics::filter(const std::string &line) const {
  const std::string text = plain(line);
  // "1 error generated when compiling for sm_90." names clang's internal device target.
  static const std::regex Summary("^([0-9]+ (warning|error)s?( and [0-9]+ errors?)? generated)"
                                  " when compiling for sm_[0-9a-z]+\\.$");
  std::smatch m;
  if (std::regex_match(text, m, Summary))
    return {m[1].str() + "."};
  // A kernel launched from device code: dynamic parallelism.
  static const std::regex DeviceLaunch(
      "^(.*:[0-9]+:[0-9]+): error: reference to __global__ function '([^']*)' in "
      "__(global|device)__ function$");
  if (std::regex_match(text, m, DeviceLaunch))
    return {line, m[1].str() +
                      ": note: launching a kernel from device code (CUDA dynamic "
                      "parallelism) is not supported by Drawbridge yet; launch '" +
                      m[2].str() + "' from host code instead"};
  // The device runtime's launch API, which NVIDIA declares for device code under -rdc
  // (CUB and Thrust call it where they may launch from device code).
  static const std::regex DeviceRuntimeCall(
      "^(.*:[0-9]+:[0-9]+): error: use of undeclared identifier "
      "'(cudaGetParameterBuffer(V2)?|cudaLaunchDevice(V2)?)'(; did you mean '[^']*'\\?)?$");
  if (std::regex_match(text, m, DeviceRuntimeCall))
    return {line, m[1].str() + ": note: '" + m[2].str() +
                      "' launches a kernel from device code (CUDA dynamic parallelism), which "
                      "Drawbridge does not support yet"};
  return {line};
}

} // namespace drawbridge::driver
