// Kernel launches written with spaced brackets, `kernel << < grid, block >> > (args)`, which
// NVIDIA's nvcc accepts (its front end reads `<<` then `<` as `<<<`) and clang does not.
// Code formatted by tools that split `<<<` (NetBeans, astyle) has them; Rodinia's
// particlefilter does. The driver compiles a copy of such a file with each one joined.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace drawbridge::driver {

// `source` with every spaced launch bracket joined: `<<` then `<` (with only blanks and
// comments between, outside comments, string and character literals, and not after the
// keyword `operator`) becomes `<<<`, and the first `>>` then `>` after it outside parentheses
// becomes `>>>`; what lay between each pair follows it, so that no line moves. Nothing when
// there is none to join.
std::optional<std::string> joinSpacedLaunches(std::string_view source);

} // namespace drawbridge::driver
