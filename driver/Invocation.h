// What one nvcc command asks for, in the driver's terms: the phase to stop at, the inputs by
// kind, and the settings every job needs. Built from the parsed command line, with nvcc's
// own checks on how options combine.
#pragma once

#include "Architectures.h"
#include "Options.h"

#include <string>
#include <variant>
#include <vector>

namespace drawbridge::driver {

enum class InputKind { Cuda, Cxx, C, PreprocessedCxx, PreprocessedC, Object, Archive, Library };

struct Input {
  std::string path;
  InputKind kind;
};

bool isSource(InputKind kind);

enum class Phase {
  Preprocess,   // -E
  HostSide,     // -cuda: each .cu file's host side, preprocessed, as <file>.cu.cpp.ii
  Dependencies, // -M / -MM
  Compile,      // -c, -dc, -dw
  Ptx,          // --ptx: device code only, as PTX for NVIDIA GPUs
  Link,         // default: an executable (or -shared library)
  DeviceLink,   // -dlink
  Library,      // -lib
  Run,          // --run
};

enum class CudartKind { Static, Shared, None };

struct Invocation {
  Phase phase = Phase::Link;
  std::vector<Input> inputs;
  std::string output;    // -o, empty when not given
  std::string outputDir; // -odir

  bool relocatableDeviceCode = false;
  bool sharedLibrary = false;

  // Preprocessor arguments in command-line order, in clang's spelling: -D, -U, -I, -isystem,
  // -include.
  std::vector<std::string> preprocessor;
  std::string languageStandard; // e.g. "c++17"; empty: the default
  std::string hostOptimization; // "-O2"; empty: none given
  bool hostDebug = false;       // -g
  bool deviceDebug = false;     // -G
  bool lineInfo = false;        // -lineinfo
  bool noWarnings = false;      // -w
  bool warningsAsErrors = false;
  bool relaxedConstexpr = false;
  bool extendedLambda = false;
  bool fastMath = false;
  bool fusedMultiplyAdd = true;
  bool flushDenormals = false; // -ftz=true, or implied by --use_fast_math
  bool perThreadDefaultStream = false;
  // The virtual architectures device code is compiled for, in order, no repeats.
  std::vector<Architecture> architectures;

  std::vector<std::string> compilerOptions; // -Xcompiler and forwarded unknown options
  std::vector<std::string> linkerOptions;   // -Xlinker and forwarded unknown link options
  std::vector<std::string> libraryPaths;    // -L
  std::vector<std::string> libraries;       // -l
  CudartKind cudart = CudartKind::Static;
  std::string hostCompiler; // -ccbin, empty: clang

  // -M/-MM/-MD/-MMD
  bool dependencies = false;
  bool dependenciesOnlyUserHeaders = false;
  std::string dependencyFile;
  std::string dependencyTarget;
  bool dependencyPhonyTargets = false;

  bool verbose = false;
  bool resourceUsage = false; // -res-usage: the device back end reports each kernel
  // --split-compile N: the device back end compiles a module of several kernels in parts on at
  // most N threads; empty: its default, one per core (0 too, as in nvcc).
  std::string splitCompileThreads;
  bool dryRun = false;
  bool keep = false;
  std::string keepDir;
  std::vector<std::string> runArguments;
  std::vector<std::string> warnings; // nvcc-style warnings to print before working

  // This command's options that shape the compile of one source, each spelled --name=value
  // (the form sccache's argument parser cannot take for an input), without the phase, output,
  // dependency, --dryrun, keep and link-only options: what nvcc gives drawbridge-cc for each
  // .cu file, with -c, -o and -M options of its own.
  std::vector<std::string> unitOptions;
  // Run as drawbridge-cc: compile .cu sources here rather than through drawbridge-cc, and hand
  // other sources to the host compiler as they are.
  bool singleUnit = false;
};

// The command line's meaning, or nvcc's fatal message.
std::variant<Invocation, ParseError> makeInvocation(const ParsedCommandLine &command);

} // namespace drawbridge::driver
