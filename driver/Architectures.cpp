// GPU architecture names; see Architectures.h.
#include "Architectures.h"

#include <array>
#include <charconv>

namespace drawbridge::driver {

namespace {

// Compute capabilities NVIDIA's toolkits name (CUDA 12.8 up to 13.0, so Makefiles written for
// a newer toolkit than the one Drawbridge emulates still build), with each one's variants.
struct KnownArchitecture {
  int number;
  const char *variants; // besides the plain one
};
constexpr std::array<KnownArchitecture, 22> kKnown = {
    {{50, ""},    {52, ""},    {53, ""},    {60, ""},    {61, ""},    {62, ""},
     {70, ""},    {72, ""},    {75, ""},    {80, ""},    {86, ""},    {87, ""},
     {88, ""},    {89, ""},    {90, "a"},   {100, "af"}, {101, "af"}, {103, "af"},
     {110, "af"}, {120, "af"}, {121, "af"}, {122, "af"}}};

} // namespace

std::optional<Architecture> parseArchitecture(std::string_view name) {
  Architecture arch{};
  if (name.starts_with("sm_"))
    name.remove_prefix(3);
  else if (name.starts_with("compute_")) {
    name.remove_prefix(8);
    arch.isVirtual = true;
  } else if (name.starts_with("lto_")) {
    name.remove_prefix(4);
    arch.isVirtual = true;
  } else {
    return std::nullopt;
  }
  const char *end = name.data() + name.size();
  auto [rest, ec] = std::from_chars(name.data(), end, arch.number);
  if (ec != std::errc() || rest == name.data())
    return std::nullopt;
  arch.variant.assign(rest, end);
  for (const KnownArchitecture &k : kKnown)
    if (k.number == arch.number &&
        (arch.variant.empty() ||
         (arch.variant.size() == 1 &&
          std::string_view(k.variants).find(arch.variant[0]) != std::string_view::npos)))
      return arch;
  return std::nullopt;
}

std::vector<std::string> knownArchitectureNames(bool isVirtual) {
  std::vector<std::string> names;
  const char *prefix = isVirtual ? "compute_" : "sm_";
  for (const KnownArchitecture &k : kKnown) {
    names.push_back(prefix + std::to_string(k.number));
    for (const char *v = k.variants; *v; ++v)
      names.push_back(prefix + std::to_string(k.number) + *v);
  }
  return names;
}

} // namespace drawbridge::driver
