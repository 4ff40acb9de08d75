// Reads named sections out of ELF object files and out of the objects inside static
// libraries, for the device link: relocatable device code travels in each object as a
// section the host linker drops, and the driver collects it back before linking. Also tells
// the host link which runtimes its objects call into.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace drawbridge::driver {

struct SectionContents {
  std::string member; // archive member name, or empty for a plain object
  std::string data;
};

// Every section called `name` in the object or archive at `path` (archives: in every member).
// Files that are neither give nothing.
std::vector<SectionContents> readSections(const std::string &path, const std::string &name);

// Whether the object or archive at `path` (an archive: any member) leaves a symbol whose name
// starts with `prefix` undefined, for the host link to supply.
bool needsSymbol(const std::string &path, std::string_view prefix);

} // namespace drawbridge::driver
