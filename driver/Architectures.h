// GPU architecture names as nvcc knows them (sm_80, compute_90a, native, all, ...).
//
// Every target Drawbridge builds gets compiled device code; for the CPU image the driver
// compiles with __CUDA_ARCH__ set to the newest architecture the command line asks for, so
// code takes the same paths it takes on that GPU.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drawbridge::driver {

struct Architecture {
  int number;          // __CUDA_ARCH__ / 10, e.g. 80 for sm_80 and compute_80
  std::string variant; // "", "a" or "f" (sm_90a, sm_100f)
  bool isVirtual;      // compute_XX rather than sm_XX
};

// Parses "sm_80", "compute_90a", "lto_80"; nothing for names nvcc does not know.
std::optional<Architecture> parseArchitecture(std::string_view name);

// The architectures nvcc lists for --list-gpu-arch (virtual) and --list-gpu-code (real).
std::vector<std::string> knownArchitectureNames(bool isVirtual);

// The default when no architecture is given: nvcc 12.8 builds for sm_52.
inline constexpr int kDefaultArchitecture = 52;
// -arch=all and -arch=all-major as CUDA 12.8 expands them, and -arch=native (the CPU has no
// GPU to ask; compute capability 8.0 is the profile Drawbridge presents).
inline const std::vector<int> kAllArchitectures = {50, 52, 53, 60, 61, 62,  70,  72, 75,
                                                   80, 86, 87, 89, 90, 100, 101, 120};
inline const std::vector<int> kMajorArchitectures = {50, 60, 70, 80, 90, 100, 120};
inline constexpr int kNativeArchitecture = 80;

} // namespace drawbridge::driver
