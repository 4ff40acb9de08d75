// Tests for the filter clang's diagnostics pass through: what it rewrites, what it adds, and
// that every other line (coloured or not) passes unchanged.
#include "ClangDiagnostics.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace drawbridge::driver {
namespace {

using Lines = std::vector<std::string>;

TEST(ClangDiagnostics, SummaryDropsTheInternalTarget) {
  ClangDiagnostics D;
  EXPECT_EQ(D.filter("1 error generated when compiling for sm_90."), Lines{"1 error generated."});
  EXPECT_EQ(D.filter("3 errors generated when compiling for sm_90."), Lines{"3 errors generated."});
  EXPECT_EQ(D.filter("2 warnings and 1 error generated when compiling for sm_90."),
            Lines{"2 warnings and 1 error generated."});
  EXPECT_EQ(D.filter("1 error generated."), Lines{"1 error generated."});
}

TEST(ClangDiagnostics, DeviceSideLaunchGetsANote) {
  ClangDiagnostics D;
  const std::string error =
      "dp.cu:3:34: error: reference to __global__ function 'child' in __global__ function";
  EXPECT_EQ(D.filter(error),
            (Lines{error, "dp.cu:3:34: note: launching a kernel from device code (CUDA dynamic "
                          "parallelism) is not supported by Drawbridge yet; launch 'child' from "
                          "host code instead"}));
  const std::string fromDevice =
      "a b/k.cu:10:5: error: reference to __global__ function 'k' in __device__ function";
  Lines out = D.filter(fromDevice);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], fromDevice);
  EXPECT_EQ(out[1].rfind("a b/k.cu:10:5: note: launching a kernel from device code", 0), 0u);
}

TEST(ClangDiagnostics, MissingFeaturesGetANoteOncePerFeature) {
  ClangDiagnostics D;
  const std::string surface = "k.cu:1:19: error: unknown type name 'cudaSurfaceObject_t'; did "
                              "you mean 'cudaTextureObject_t'?";
  EXPECT_EQ(D.filter(surface),
            (Lines{surface, "k.cu:1:19: note: texture references, surfaces, CUDA arrays and "
                            "texture reads other than tex1Dfetch and tex2D are not supported by "
                            "Drawbridge yet; use a texture object over linear or pitched memory, "
                            "or read the data through a plain device pointer"}));
  // The same feature again: the error alone.
  const std::string fetch = "k.cu:1:61: error: use of undeclared identifier 'tex3D'";
  EXPECT_EQ(D.filter(fetch), Lines{fetch});
  const std::string pool = "k.cu:3:7: error: use of undeclared identifier 'cudaMemPoolCreate'";
  Lines out = D.filter(pool);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].rfind("k.cu:3:7: note: memory pools of one's own", 0), 0u);
  const std::string legacy = "k.cu:2:1: error: no template named 'texture'";
  ClangDiagnostics Fresh;
  EXPECT_EQ(Fresh.filter(legacy).size(), 2u);
}

TEST(ClangDiagnostics, MissingLibraryHeadersGetANote) {
  ClangDiagnostics D;
  const std::string cublas = "m.cu:1:10: fatal error: 'cublas_v2.h' file not found";
  Lines out = D.filter(cublas);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].rfind("m.cu:1:10: note: NVIDIA's CUDA libraries (cuBLAS", 0), 0u);
  Lines barrier = D.filter("m.cu:2:10: fatal error: 'cuda/barrier' file not found");
  ASSERT_EQ(barrier.size(), 2u);
  EXPECT_EQ(barrier[1], "m.cu:2:10: note: libcu++ (the <cuda/...> headers) is not shipped with "
                        "Drawbridge yet");
  Lines wmma = D.filter("m.cu:3:10: fatal error: 'mma.h' file not found");
  ASSERT_EQ(wmma.size(), 2u);
  // Names and headers of the user's own are left alone.
  const std::string own = "m.cu:4:3: error: use of undeclared identifier 'texCoord'";
  EXPECT_EQ(D.filter(own), Lines{own});
  const std::string ownHeader = "m.cu:5:10: fatal error: 'mesh.h' file not found";
  EXPECT_EQ(D.filter(ownHeader), Lines{ownHeader});
}

TEST(ClangDiagnostics, ColouredLinesAreMatchedButKeptAsTheyAre) {
  ClangDiagnostics D;
  const std::string coloured = "\x1b[1mdp.cu:3:34: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1m"
                               "reference to __global__ function 'child' in __global__ "
                               "function\x1b[0m";
  Lines out = D.filter(coloured);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0], coloured);
  EXPECT_EQ(out[1].rfind("dp.cu:3:34: note: ", 0), 0u);
}

TEST(ClangDiagnostics, OtherLinesPassUnchanged) {
  ClangDiagnostics D;
  for (const std::string &line :
       {std::string("x.cu:1:1: error: use of undeclared identifier 'y'"), std::string(""),
        std::string("    3 | __global__ void parent(int *p) { child<<<1, 32>>>(p); }"),
        std::string("x.cu:2:3: note: 'child' declared here"),
        std::string("reference to __global__ function 'k' in __global__ function")})
    EXPECT_EQ(D.filter(line), Lines{line});
}

} // namespace
} // namespace drawbridge::driver
