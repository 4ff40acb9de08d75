// Clang's diagnostics, passed through on their way to the user: lines about CUDA features
// Drawbridge lacks get a note that says so, and clang's summary stops naming the sm_90 target it
// compiles device code for internally (the user asked for their own -arch).
#pragma once

#include <string>
#include <vector>

namespace drawbridge::driver {

class ClangDiagnostics {
public:
  // The lines to print for one line of clang's standard error (without its newline).
  std::vector<std::string> filter(const std::string &line) const;
};

} // namespace drawbridge::driver
