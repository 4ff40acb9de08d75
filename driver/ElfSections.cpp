// ELF64 and ar(1) reading for ElfSections.h. Only what the device link needs: section headers,
// section names and contents, little-endian x86-64 objects.
#include "ElfSections.h"

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <iterator>

namespace drawbridge::driver {

namespace {

void sectionsOfObject(const std::string &bytes, const std::string &member, const std::string &name,
                      std::vector<SectionContents> &out) {
  if (bytes.size() < sizeof(Elf64_Ehdr) || std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0 ||
      bytes[EI_CLASS] != ELFCLASS64)
    return;
  Elf64_Ehdr header;
  std::memcpy(&header, bytes.data(), sizeof header);
  auto sectionHeader = [&](unsigned i, Elf64_Shdr &s) {
    uint64_t offset = header.e_shoff + static_cast<uint64_t>(i) * header.e_shentsize;
    if (offset + sizeof s > bytes.size())
      return false;
    std::memcpy(&s, bytes.data() + offset, sizeof s);
    return true;
  };
  Elf64_Shdr names;
  if (header.e_shstrndx == SHN_UNDEF || !sectionHeader(header.e_shstrndx, names))
    return;
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr s;
    if (!sectionHeader(i, s) || names.sh_offset + s.sh_name >= bytes.size())
      continue;
    const char *sectionName = bytes.data() + names.sh_offset + s.sh_name;
    if (name != sectionName || s.sh_type == SHT_NOBITS || s.sh_offset + s.sh_size > bytes.size())
      continue;
    out.push_back({member, bytes.substr(s.sh_offset, s.sh_size)});
  }
}

void sectionsOfArchive(const std::string &bytes, const std::string &name,
                       std::vector<SectionContents> &out) {
  constexpr size_t kMagicSize = 8, kHeaderSize = 60;
  std::string longNames;
  for (size_t offset = kMagicSize; offset + kHeaderSize <= bytes.size();) {
    std::string memberName = bytes.substr(offset, 16);
    size_t size = std::strtoull(bytes.substr(offset + 48, 10).c_str(), nullptr, 10);
    size_t data = offset + kHeaderSize;
    if (data + size > bytes.size())
      break;
    if (memberName.starts_with("//")) {
      longNames = bytes.substr(data, size);
    } else if (!memberName.starts_with("/ ") && !memberName.starts_with("/SYM64/")) {
      if (memberName[0] == '/' && !longNames.empty()) {
        size_t at = std::strtoull(memberName.c_str() + 1, nullptr, 10);
        memberName = longNames.substr(at, longNames.find('/', at) - at);
      } else {
        memberName = memberName.substr(0, memberName.find('/'));
      }
      sectionsOfObject(bytes.substr(data, size), memberName, name, out);
    }
    offset = data + size + (size & 1);
  }
}

} // namespace

std::vector<SectionContents> readSections(const std::string &path, const std::string &name) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<SectionContents> out;
  if (bytes.starts_with("!<arch>\n"))
    sectionsOfArchive(bytes, name, out);
  else
    sectionsOfObject(bytes, "", name, out);
  return out;
}

} // namespace drawbridge::driver
