// Where a host link puts LLVM's OpenMP runtime. The host side of a .cu file is always clang's,
// whose OpenMP code calls libomp (__kmpc_*), whichever compiler links the program: nvcc's own
// links, and the links CMake runs with the host link launcher nvcc -v names (drawbridge-link),
// both go through here.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace drawbridge::driver {

// Whether a path names an object or archive that calls libomp (needsSymbol in practice).
using CallsLibomp = std::function<bool(const std::string &path)>;

// Whether a host link with these arguments needs libomp: they say -fopenmp (or
// -fopenmp=<runtime>), or an object or archive they link calls libomp. The arguments of
// response files (@file) count too.
bool linkNeedsLibomp(const std::vector<std::string> &args, const CallsLibomp &callsLibomp);

// args with `-L<dir> -lomp -Wl,-rpath,<dir>` ahead of the first library they link (a -l
// option, a .a or .so file, or a response file holding one), or at the end when they link
// none: libomp then comes before a -lgomp, or the libgomp.so of CMake's OpenMP::OpenMP_CXX,
// so that omp_get_thread_num() and the other omp_* calls, which both runtimes define, are
// answered by the runtime that started the threads. args that name -lomp already come back
// as they are.
std::vector<std::string> withLibomp(std::vector<std::string> args, const std::string &dir);

// The arguments of a response file's text: split at white space, with '...', "..." and
// backslash escapes as a shell reads them.
std::vector<std::string> responseFileArguments(const std::string &text);

} // namespace drawbridge::driver
