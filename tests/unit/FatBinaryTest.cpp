// The fat binary the driver embeds and the runtime reads (runtime/abi/FatBinary.h).
#include "FatBinary.h"

#include <gtest/gtest.h>

using namespace drawbridge::fatbin;

TEST(FatBinary, CpuImageIdRoundTrips) {
  std::string blob = makeCpuFatBinary("cpu-0123456789abcdef");
  EXPECT_EQ(cpuImageId(blob.data()), "cpu-0123456789abcdef");
}

TEST(FatBinary, EmptyIdForRelocatableDeviceCode) {
  std::string blob = makeCpuFatBinary("");
  EXPECT_EQ(cpuImageId(blob.data()), "");
}

TEST(FatBinary, ForeignDataHasNoImage) {
  std::string foreign(64, '\x7f');
  EXPECT_EQ(cpuImageId(foreign.data()), "");
}
