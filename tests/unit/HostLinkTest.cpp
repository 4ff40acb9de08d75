// Where host links put libomp (driver/HostLink.h): ahead of the first library, after the
// objects; only when an object calls it or the link says -fopenmp; response files read.
#include "HostLink.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace drawbridge::driver;

namespace {

using Args = std::vector<std::string>;

bool callsOnlyOmpObject(const std::string &path) { return path == "omp.o"; }

TEST(HostLink, PutsLibompAheadOfTheFirstLibrary) {
  const Args link = {"clang++", "a.o", "-o", "app", "/usr/lib/libgomp.so", "-lcudart_static"};
  EXPECT_EQ(withLibomp(link, "/llvm/lib"),
            (Args{"clang++", "a.o", "-o", "app", "-L/llvm/lib", "-lomp", "-Wl,-rpath,/llvm/lib",
                  "/usr/lib/libgomp.so", "-lcudart_static"}));
}

TEST(HostLink, TakesAnOutputNamedLikeALibraryForTheOutput) {
  const Args link = {"clang++", "-shared", "-o", "libk.so", "k.o", "libdeps.a"};
  EXPECT_EQ(withLibomp(link, "/l"), (Args{"clang++", "-shared", "-o", "libk.so", "k.o", "-L/l",
                                          "-lomp", "-Wl,-rpath,/l", "libdeps.a"}));
}

TEST(HostLink, AppendsLibompWhenNothingIsALibraryAndKeepsAnExistingOne) {
  EXPECT_EQ(withLibomp({"clang++", "a.o"}, "/l"),
            (Args{"clang++", "a.o", "-L/l", "-lomp", "-Wl,-rpath,/l"}));
  const Args already = {"clang++", "a.o", "-lomp", "-lgomp"};
  EXPECT_EQ(withLibomp(already, "/l"), already);
}

TEST(HostLink, NeedsLibompForOpenmpFlagsAndForObjectsThatCallIt) {
  EXPECT_TRUE(linkNeedsLibomp({"a.o", "-fopenmp"}, callsOnlyOmpObject));
  EXPECT_TRUE(linkNeedsLibomp({"a.o", "-fopenmp=libomp"}, callsOnlyOmpObject));
  EXPECT_FALSE(linkNeedsLibomp({"a.o", "-fopenmp-simd"}, callsOnlyOmpObject));
  EXPECT_TRUE(linkNeedsLibomp({"a.o", "omp.o"}, callsOnlyOmpObject));
  // The output's name and option values are not inputs.
  EXPECT_FALSE(linkNeedsLibomp({"a.o", "-o", "omp.o"}, callsOnlyOmpObject));
}

TEST(HostLink, ReadsResponseFiles) {
  char path[] = "/tmp/drawbridge-host-link-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path) << "a.o 'omp.o'\n-lgomp\n";
  const std::string file = std::string("@") + path;
  EXPECT_TRUE(linkNeedsLibomp({"clang++", file, "-o", "app"}, callsOnlyOmpObject));
  EXPECT_EQ(withLibomp({"clang++", file, "-o", "app"}, "/l"),
            (Args{"clang++", "-L/l", "-lomp", "-Wl,-rpath,/l", file, "-o", "app"}));
  std::remove(path);
}

TEST(HostLink, SplitsResponseFilesAsAShellWould) {
  EXPECT_EQ(responseFileArguments("a.o  \"b c.o\"\n'd\\e' f\\ g.o \"h\\\"i\""),
            (Args{"a.o", "b c.o", "d\\e", "f g.o", "h\"i"}));
  EXPECT_EQ(responseFileArguments("  \n"), Args{});
  EXPECT_EQ(responseFileArguments("''"), Args{""});
}

} // namespace
