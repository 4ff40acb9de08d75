// ELF64 and ar(1) reading for ElfSections.h. Only what the links need: section headers, section
// names and contents, undefined symbols; little-endian x86-64 objects.
#include "ElfSections.h"

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <iterator>
#include <string_view>

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

// Whether the object's symbol table has an undefined symbol whose name starts with prefix.
bool objectNeedsSymbol(const std::string &bytes, std::string_view prefix) {
  if (bytes.size() < sizeof(Elf64_Ehdr) || std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0 ||
      bytes[EI_CLASS] != ELFCLASS64)
    return false;
  Elf64_Ehdr header;
  std::memcpy(&header, bytes.data(), sizeof header);
  auto sectionHeader = [&](unsigned i, Elf64_Shdr &s) {
    uint64_t offset = header.e_shoff + static_cast<uint64_t>(i) * header.e_shentsize;
    if (i >= header.e_shnum || offset + sizeof s > bytes.size())
      return false;
    std::memcpy(&s, bytes.data() + offset, sizeof s);
    return true;
  };
  for (unsigned i = 0; i < header.e_shnum; ++i) {
    Elf64_Shdr table, strings;
    if (!sectionHeader(i, table) || table.sh_type != SHT_SYMTAB ||
        table.sh_offset + table.sh_size > bytes.size() || !sectionHeader(table.sh_link, strings) ||
        strings.sh_offset + strings.sh_size > bytes.size())
      continue;
    for (uint64_t at = table.sh_offset; at + sizeof(Elf64_Sym) <= table.sh_offset + table.sh_size;
         at += sizeof(Elf64_Sym)) {
      Elf64_Sym symbol;
      std::memcpy(&symbol, bytes.data() + at, sizeof symbol);
      if (symbol.st_shndx != SHN_UNDEF || symbol.st_name >= strings.sh_size)
        continue;
      const char *name = bytes.data() + strings.sh_offset + symbol.st_name;
      if (std::string_view(name, strnlen(name, strings.sh_size - symbol.st_name))
              .starts_with(prefix))
        return true;
    }
  }
  return false;
}

// Calls visit(bytes, memberName) on each object of the archive.
template <class Visit> void forEachMember(const std::string &bytes, Visit visit) {
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
      visit(bytes.substr(data, size), memberName);
    }
    offset = data + size + (size & 1);
  }
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

std::vector<SectionContents> readSections(const std::string &path, const std::string &name) {
  const std::string bytes = readFile(path);
  std::vector<SectionContents> out;
  if (bytes.starts_with("!<arch>\n"))
    forEachMember(bytes, [&](const std::string &member, const std::string &memberName) {
      sectionsOfObject(member, memberName, name, out);
    });
  else
    sectionsOfObject(bytes, "", name, out);
  return out;
}

bool needsSymbol(const std::string &path, std::string_view prefix) {
  const std::string bytes = readFile(path);
  if (!bytes.starts_with("!<arch>\n"))
    return objectNeedsSymbol(bytes, prefix);
  bool needs = false;
  forEachMember(bytes, [&](const std::string &member, const std::string &) {
    needs = needs || objectNeedsSymbol(member, prefix);
  });
  return needs;
}

} // namespace drawbridge::driver
