// Splits a lowered device module by kernel, so that its parts optimise and compile on several
// threads at once (nvcc's --split-compile).
//
// After the CPU lowering's "image" stage a module's code is its kernels' region functions,
// which reach one another only through the image's tables, and optimising and compiling them
// is nearly all of drawbridge-device's time on a file of many kernels (97% for
// bench/compile_inputs/template_reductions.cu). Each part is a module of its own, written as
// bitcode so that a thread can read it into a context of its own.
#pragma once

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace drawbridge::device {

// M's kernels in at most MaxParts parts of about equal size, as bitcode; none when M has fewer
// than two kernels. The first part has the image, its tables and every variable; a part has
// the regions of its kernels, and a copy of each constant and helper function it uses. What
// one part defines and another uses becomes a hidden global symbol named with "." and Suffix
// appended (Suffix naming the translation unit, its characters other than letters and digits
// written as underscores), so that the parts' objects link into one
// object without clashing with another translation unit's. M is changed so (its symbols
// renamed and made global); the split does not depend on the machine, so neither does the
// object.
std::vector<llvm::SmallString<0>> splitByKernel(llvm::Module &M, unsigned MaxParts,
                                                llvm::StringRef Suffix);

} // namespace drawbridge::device
