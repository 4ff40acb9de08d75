// Carries out an Invocation: plans the jobs for each input (device compile, CPU lowering, host
// compile, combination into one object), the device link for relocatable device code, and
// the final link, running each job in turn (or only printing them for --dryrun).
//
// A .cu file becomes one object holding both the host code and its lowered CPU kernels, so
// build systems see nvcc's usual one-object-per-source. With -rdc the object carries the
// device code unlowered in a section of its own, and the device link lowers all of it as one
// program.
#pragma once

#include "Invocation.h"
#include "Jobs.h"
#include "Toolkit.h"

#include <optional>
#include <string>
#include <vector>

namespace drawbridge::driver {

class Compilation {
public:
  Compilation(Invocation invocation, Toolkit toolkit);
  ~Compilation();

  // Returns nvcc's exit status.
  int run();

private:
  // One step: prints it for -v/--dryrun, runs it unless --dryrun. False if it failed.
  bool execute(const Job &job);
  std::string temporary(const std::string &input, const std::string &extension);

  bool compileCuda(const Input &input, const std::string &object);
  bool compilePtx(const Input &input);
  bool compileHostSource(const Input &input, const std::string &object);
  bool compileThroughUnitCompiler(const Input &input, const std::string &output, bool ptx);
  bool compile(const Input &input, const std::string &object);
  bool preprocess(const Input &input);
  bool writeHostSide(const Input &input);
  bool writeDependencies(const Input &input);
  // Device link of the relocatable device code in `objects` (and in the -l libraries) into
  // `output`; `linked` says whether there was any.
  bool deviceLink(const std::vector<std::string> &objects, const std::string &output, bool &linked);
  bool link(const std::vector<std::string> &objects, const std::string &output);
  bool archive(const std::vector<std::string> &objects, const std::string &output);

  // `gpu` is the GPU clang compiles the device side for (nvcc's own sm_90 for the CPU image).
  std::vector<std::string> cudaCommonArguments(const Input &input, const std::string &gpu);
  Job deviceBitcodeJob(const Input &input, std::vector<std::string> common,
                       const std::string &deviceIR, const std::string &cuid);
  std::vector<std::string> hostSourceArguments(const Input &input);
  // `byOwnClang`: the compiler is Drawbridge's clang (every .cu host side; C and C++ sources
  // without -ccbin), not the user's -ccbin.
  std::vector<std::string> hostArguments(bool byOwnClang);
  std::vector<std::string> dependencyArguments(const Input &input, const std::string &target);
  std::string dependencyFile(const Input &input) const;
  // A .cu file with spaced launch brackets (SpacedLaunches.h): the copy to compile instead,
  // with the arguments that make it read as the original added to `common`; else nothing.
  std::optional<Input> copyWithJoinedLaunches(const Input &input, std::vector<std::string> &common);
  bool renameInDependencyFile(const Input &input, const std::string &copy);
  std::string objectName(const Input &input) const;
  std::string imageId(const Input &input, const std::vector<std::string> &arguments);
  std::string cudaArchitectureMacro() const;
  std::vector<std::string> deviceArchitectureMacros() const;
  const Architecture &newestArchitecture() const;
  std::vector<std::string> deviceArchitectureOption() const;
  std::vector<std::string> deviceSplitOptions() const;
  std::vector<std::string> deviceReportOptions() const;
  std::vector<std::string> deviceCpuOption() const;
  std::vector<std::string> nvccMacros() const;
  std::string hostCompiler(InputKind kind) const;
  std::vector<std::string> librariesForDeviceLink() const;

  Invocation Inv;
  Toolkit Kit;
  std::string TempDir;
  unsigned TempCounter = 0;
  // Objects this run compiled with -rdc (under --dryrun they do not exist to be read).
  std::vector<std::string> RelocatableObjects;
  // The target -MD/-MMD rules name: the object with -c, the final output otherwise.
  std::string DependencyTarget;
};

} // namespace drawbridge::driver
