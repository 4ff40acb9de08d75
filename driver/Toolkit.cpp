// Locating the toolkit tree and the LLVM tools; see Toolkit.h.
#include "Toolkit.h"

#include <filesystem>
#include <system_error>

namespace drawbridge::driver {

namespace fs = std::filesystem;

Toolkit Toolkit::locate(const char *argv0) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    self = fs::absolute(argv0, ec);
  Toolkit t;
  t.self = self.string();
  t.root = self.parent_path().parent_path().string();
  // The LLVM tools come from the LLVM 19 installation the toolkit was built against.
  std::string llvm = DRAWBRIDGE_LLVM_BIN;
  t.clang = llvm + "/clang";
  t.clangxx = llvm + "/clang++";
  t.lld = llvm + "/ld.lld";
  t.archiver = llvm + "/llvm-ar";
  t.objcopy = llvm + "/llvm-objcopy";
  t.deviceCompiler = t.root + "/libexec/drawbridge-device";
  t.unitCompiler = t.root + "/libexec/drawbridge-cc";
  t.hostLinker = t.root + "/libexec/drawbridge-link";
  return t;
}

std::string Toolkit::llvmLibraryDir() const {
  return fs::path(clangxx).parent_path().parent_path().append("lib").string();
}

} // namespace drawbridge::driver
