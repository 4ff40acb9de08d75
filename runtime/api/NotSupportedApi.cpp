// Entry points generated from include/drawbridge/cuda_runtime_api.def: every function listed
// as NotSupported returns cudaErrorNotSupported (saying so once on stderr), and every
// per-thread-default-stream variant (name_ptsz) runs its function with stream 0 meaning the
// calling thread's default stream.
#include "api/ApiCall.h"
#include "core/Streams.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <string>

using namespace drawbridge::runtime;

namespace {

cudaError_t notSupported(const char *name) {
  static std::mutex mutex;
  static std::set<std::string> *reported = new std::set<std::string>;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (reported->insert(name).second)
      std::fprintf(stderr,
                   "drawbridge: %s is not supported yet; it returns cudaErrorNotSupported\n", name);
  }
  return apiCall([] { return cudaErrorNotSupported; });
}

} // namespace

#undef __dv
#define __dv(v)

extern "C" {

#define CUDA_API_Implemented(ret, name, params)
#define CUDA_API_NotSupported(ret, name, params)                                                   \
  ret name params { return notSupported(#name); }
#define CUDA_API(status, ret, name, params) CUDA_API_##status(ret, name, params)
#define CUDA_API_PER_THREAD(ret, name, params, args)                                               \
  ret name##_ptsz params {                                                                         \
    PerThreadDefaultStreamScope scope;                                                             \
    return name args;                                                                              \
  }
#include "drawbridge/cuda_runtime_api.def"
#undef CUDA_API_Implemented
#undef CUDA_API_NotSupported

} // extern "C"
