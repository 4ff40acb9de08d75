// The driver's ELF reader (driver/ElfSections.h): sections and undefined symbols of objects
// and of the objects in archives, and nothing (no crash) for files that are neither.
#include "ElfSections.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace drawbridge::driver;

namespace {

// A relocatable x86-64 object: a .note.test section holding `note`, and a symbol table with
// one defined symbol and one undefined one.
std::string makeObject(const std::string &note, const std::string &defined,
                       const std::string &undefined) {
  const std::string shstrtab = std::string("\0.note.test\0.symtab\0.strtab\0.shstrtab\0", 38);
  const std::string strtab = std::string(1, '\0') + defined + '\0' + undefined + '\0';
  std::vector<Elf64_Sym> symbols(3);
  std::memset(symbols.data(), 0, symbols.size() * sizeof(Elf64_Sym));
  symbols[1].st_name = 1;
  symbols[1].st_shndx = 1; // defined in .note.test
  symbols[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
  symbols[2].st_name = static_cast<uint32_t>(2 + defined.size());
  symbols[2].st_shndx = SHN_UNDEF;
  symbols[2].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
  std::string symtab(reinterpret_cast<const char *>(symbols.data()),
                     symbols.size() * sizeof(Elf64_Sym));

  std::string body;
  auto place = [&](const std::string &data) {
    uint64_t offset = sizeof(Elf64_Ehdr) + body.size();
    body += data;
    return offset;
  };
  const uint64_t noteAt = place(note), symtabAt = place(symtab), strtabAt = place(strtab),
                 shstrtabAt = place(shstrtab);
  Elf64_Shdr sections[5];
  std::memset(sections, 0, sizeof sections);
  auto section = [&](unsigned i, uint32_t name, uint32_t type, uint64_t at, uint64_t size) {
    sections[i].sh_name = name;
    sections[i].sh_type = type;
    sections[i].sh_offset = at;
    sections[i].sh_size = size;
  };
  section(1, 1, SHT_NOTE, noteAt, note.size());
  section(2, 12, SHT_SYMTAB, symtabAt, symtab.size());
  sections[2].sh_link = 3;
  sections[2].sh_entsize = sizeof(Elf64_Sym);
  section(3, 20, SHT_STRTAB, strtabAt, strtab.size());
  section(4, 28, SHT_STRTAB, shstrtabAt, shstrtab.size());

  Elf64_Ehdr header;
  std::memset(&header, 0, sizeof header);
  std::memcpy(header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_type = ET_REL;
  header.e_machine = EM_X86_64;
  header.e_shoff = sizeof(Elf64_Ehdr) + body.size();
  header.e_shentsize = sizeof(Elf64_Shdr);
  header.e_shnum = 5;
  header.e_shstrndx = 4;
  return std::string(reinterpret_cast<const char *>(&header), sizeof header) + body +
         std::string(reinterpret_cast<const char *>(sections), sizeof sections);
}

// An ar(1) archive of the given members.
std::string makeArchive(const std::vector<std::pair<std::string, std::string>> &members) {
  std::string out = "!<arch>\n";
  for (const auto &[name, data] : members) {
    char header[61];
    std::snprintf(header, sizeof header, "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", (name + "/").c_str(),
                  "0", "0", "0", "644", data.size());
    out += std::string(header, 60) + data;
    if (data.size() & 1)
      out += '\n';
  }
  return out;
}

class TempFile {
public:
  explicit TempFile(const std::string &contents) {
    char name[] = "/tmp/elf-sections-test-XXXXXX";
    int fd = mkstemp(name);
    Path = name;
    close(fd);
    std::ofstream(Path, std::ios::binary) << contents;
  }
  ~TempFile() { std::remove(Path.c_str()); }
  const std::string &path() const { return Path; }

private:
  std::string Path;
};

} // namespace

TEST(ElfSections, ReadsASectionOfAnObject) {
  TempFile object(makeObject("hello", "defined_here", "__kmpc_fork_call"));
  std::vector<SectionContents> found = readSections(object.path(), ".note.test");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].data, "hello");
  EXPECT_EQ(found[0].member, "");
  EXPECT_TRUE(readSections(object.path(), ".absent").empty());
}

TEST(ElfSections, FindsUndefinedSymbolsByPrefix) {
  TempFile object(makeObject("x", "defined_here", "__kmpc_fork_call"));
  EXPECT_TRUE(needsSymbol(object.path(), "__kmpc_"));
  EXPECT_TRUE(needsSymbol(object.path(), "__kmpc_fork_call"));
  // A defined symbol is not needed from elsewhere.
  EXPECT_FALSE(needsSymbol(object.path(), "defined_"));
  EXPECT_FALSE(needsSymbol(object.path(), "GOMP_"));
}

TEST(ElfSections, LooksIntoArchiveMembers) {
  TempFile archive(makeArchive({{"plain.o", makeObject("a", "f", "printf")},
                                {"omp.o", makeObject("bb", "g", "__kmpc_barrier")}}));
  EXPECT_TRUE(needsSymbol(archive.path(), "__kmpc_"));
  EXPECT_FALSE(needsSymbol(archive.path(), "GOMP_"));
  std::vector<SectionContents> found = readSections(archive.path(), ".note.test");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].member, "plain.o");
  EXPECT_EQ(found[1].member, "omp.o");
  EXPECT_EQ(found[1].data, "bb");
}

// Not objects, objects cut short before their section headers, a broken archive, no file.
TEST(ElfSections, OtherFilesGiveNothing) {
  const std::string object = makeObject("x", "f", "__kmpc_fork_call");
  for (const std::string &contents :
       {std::string("not an object"), std::string(), object.substr(0, 100),
        object.substr(0, sizeof(Elf64_Ehdr) + 10), std::string("!<arch>\n") + "garbage"}) {
    TempFile file(contents);
    EXPECT_FALSE(needsSymbol(file.path(), "__kmpc_"));
    EXPECT_TRUE(readSections(file.path(), ".note.test").empty());
  }
  EXPECT_FALSE(needsSymbol("/nonexistent/file.o", "__kmpc_"));
}
