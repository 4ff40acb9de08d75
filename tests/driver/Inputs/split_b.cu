// The other translation unit (split_compile.test): addStep<1..3> again, and sumWarps<16>.
#include "split_kernels.h"

int runFromB() { return runAll<16>(); }
