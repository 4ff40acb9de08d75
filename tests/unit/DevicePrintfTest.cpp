// Device printf's formatting of clang's packed argument buffers (runtime/core/DevicePrintf).
#include "core/DevicePrintf.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

using drawbridge::runtime::formatDevicePrintf;

namespace {

// Packs arguments as clang's device printf lowering does: each at an offset aligned to its
// size, floats already promoted to double.
class Packed {
public:
  template <typename T> Packed &add(T value) {
    size_t offset = (Bytes.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    Bytes.resize(offset + sizeof(T));
    std::memcpy(Bytes.data() + offset, &value, sizeof(T));
    return *this;
  }
  const char *data() const { return Bytes.data(); }

private:
  std::vector<char> Bytes;
};

TEST(DevicePrintf, IntegersOfEveryWidth) {
  Packed p;
  p.add<int>(-42).add<long long>(1LL << 40).add<unsigned>(0xbeefu).add<int>(7);
  EXPECT_EQ(formatDevicePrintf("%d %lld %x %05u", p.data()), "-42 1099511627776 beef 00007");
}

TEST(DevicePrintf, FloatingPointIsPassedAsDouble) {
  Packed p;
  p.add<double>(3.25).add<double>(1e-7).add<double>(2.0);
  EXPECT_EQ(formatDevicePrintf("%.2f %e %g", p.data()), "3.25 1.000000e-07 2");
}

TEST(DevicePrintf, AlignmentFollowsTheArgumentSize) {
  Packed p;
  p.add<int>(1).add<double>(0.5).add<char>('x').add<long>(9);
  EXPECT_EQ(formatDevicePrintf("%d %.1f %c %ld", p.data()), "1 0.5 x 9");
}

TEST(DevicePrintf, StringsPointersAndPercent) {
  const char *text = "hello";
  Packed p;
  p.add<uint64_t>(reinterpret_cast<uint64_t>(text)).add<uint64_t>(0);
  EXPECT_EQ(formatDevicePrintf("%s %s 100%%", p.data()), "hello (null) 100%");
}

TEST(DevicePrintf, ShortAndCharLengthModifiersTruncate) {
  Packed p;
  p.add<int>(70000).add<int>(300);
  EXPECT_EQ(formatDevicePrintf("%hd %hhu", p.data()), "4464 44");
}

TEST(DevicePrintf, NoArguments) {
  EXPECT_EQ(formatDevicePrintf("plain text\n", nullptr), "plain text\n");
}

} // namespace
