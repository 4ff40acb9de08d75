// Clang's diagnostics, passed through on their way to the user: lines about CUDA features
// Drawbridge lacks get a note that says so (a name clang does not know, such as
// cudaTextureObject_t, or a header it cannot find, such as cublas_v2.h, once per feature and
// job), and clang's summary stops naming the sm_90 target it compiles device code for
// internally (the user asked for their own -arch).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace drawbridge::driver {

class ClangDiagnostics {
public:
  // The lines to print for one line of clang's standard error (without its newline).
  std::vector<std::string> filter(const std::string &line);

private:
  std::set<std::string> Noted; // the features a note has named already
};

} // namespace drawbridge::driver
