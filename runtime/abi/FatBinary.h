// The "fat binary" Drawbridge embeds in each host object (clang's -fcuda-include-gpubinary)
// and hands to __cudaRegisterFatBinary at program start. It names the device images the
// translation unit has, one entry per target. For the CPU target the entry's payload is the
// id of the CpuImage (CpuAbi.h) that the device object registers itself under.
//
// Layout: FatBinaryHeader, then numEntries FatBinaryEntry, then the payloads.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace drawbridge::fatbin {

inline constexpr char kMagic[8] = {'D', 'B', 'F', 'A', 'T', 'B', 'I', 'N'};
inline constexpr uint32_t kVersion = 1;

enum EntryKind : uint32_t {
  EntryCpuImageId = 1, // payload: the CpuImage id, no terminator
};

struct FatBinaryHeader {
  char magic[8];
  uint32_t version;
  uint32_t numEntries;
};

struct FatBinaryEntry {
  uint32_t kind;
  uint32_t reserved;
  uint64_t offset; // from the start of the header
  uint64_t size;
};

// Builds a fat binary with one CPU entry.
inline std::string makeCpuFatBinary(std::string_view imageId) {
  FatBinaryHeader header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kVersion;
  header.numEntries = 1;
  FatBinaryEntry entry{EntryCpuImageId, 0, sizeof header + sizeof entry, imageId.size()};
  std::string out(reinterpret_cast<const char *>(&header), sizeof header);
  out.append(reinterpret_cast<const char *>(&entry), sizeof entry);
  out.append(imageId);
  return out;
}

// The CPU image id inside a fat binary, or empty if it has none or is not ours.
inline std::string cpuImageId(const void *data) {
  FatBinaryHeader header;
  std::memcpy(&header, data, sizeof header);
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.version != kVersion)
    return {};
  const char *base = static_cast<const char *>(data);
  for (uint32_t i = 0; i < header.numEntries; ++i) {
    FatBinaryEntry entry;
    std::memcpy(&entry, base + sizeof header + i * sizeof entry, sizeof entry);
    if (entry.kind == EntryCpuImageId)
      return std::string(base + entry.offset, entry.size);
  }
  return {};
}

} // namespace drawbridge::fatbin
