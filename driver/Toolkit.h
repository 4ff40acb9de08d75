// Where the driver finds its pieces: the toolkit tree it lives in (bin/nvcc, include/,
// lib64/, libexec/drawbridge-device) and the LLVM 19 tools it drives (clang, ld.lld, llvm-ar).
#pragma once

#include <string>

namespace drawbridge::driver {

struct Toolkit {
  std::string root; // the directory holding bin/nvcc
  std::string self; // the running executable: bin/nvcc, libexec/drawbridge-cc or -link
  std::string clang;
  std::string clangxx;
  std::string lld;
  std::string archiver;
  std::string objcopy;
  std::string deviceCompiler; // libexec/drawbridge-device
  std::string unitCompiler;   // libexec/drawbridge-cc: one .cu file to one object
  std::string hostLinker;     // libexec/drawbridge-link: clang++ for links, libomp placed

  std::string includeDir() const { return root + "/include"; }
  std::string libraryDir() const { return root + "/lib64"; }
  std::string stubsDir() const { return root + "/lib64/stubs"; }
  // LLVM's own libraries (libomp), beside its bin/.
  std::string llvmLibraryDir() const;
  // The -L options every link gets, in this order and spelling (nvcc -v prints them as
  // LIBRARIES=, and CMake finds the link line by that text).
  std::string linkDirectories() const { return "-L" + stubsDir() + " -L" + libraryDir(); }

  // Locates the toolkit from the running executable (argv0 as a fallback).
  static Toolkit locate(const char *argv0);
};

// The CUDA release Drawbridge's headers and runtime follow, and its own version.
inline constexpr int kCudaMajor = 12;
inline constexpr int kCudaMinor = 8;
inline constexpr const char *kDrawbridgeVersion = "0.1.0";

// Where nvcc tells the drawbridge-cc it runs to keep intermediate files (nvcc --keep).
inline constexpr const char *kKeepDirVariable = "DRAWBRIDGE_KEEP_DIR";
// Set for the drawbridge-cc nvcc runs: nvcc has given the command line's warnings.
inline constexpr const char *kWarnedVariable = "DRAWBRIDGE_NVCC_WARNED";
// Set for the links nvcc runs through drawbridge-link: nvcc has already decided where libomp
// goes (HostLink.h), so drawbridge-link does not read every object again.
inline constexpr const char *kLibompPlacedVariable = "DRAWBRIDGE_LIBOMP_PLACED";

} // namespace drawbridge::driver
