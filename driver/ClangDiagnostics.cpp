// Clang's diagnostics on their way to the user; see ClangDiagnostics.h.
#include "ClangDiagnostics.h"

#include <regex>

namespace drawbridge::driver {
namespace {

// The line without terminal colour sequences, for matching.
std::string plain(const std::string &line) {
  static const std::regex Colour("\x1b\\[[0-9;]*m");
  return std::regex_replace(line, Colour, "");
}

// A CUDA feature Drawbridge lacks, known by the names its API declares or the headers that
// declare it, and what the note says of it.
struct MissingFeature {
  const char *names;   // a regex for the names clang does not know
  const char *headers; // a regex for the headers it does not find
  const char *note;
};

const MissingFeature kMissingFeatures[] = {
    {"tex(1D|2D|3D|Cubemap)[A-Za-z]*|surf(1D|2D|3D|Cubemap)[A-Za-z]*|texture|surface|"
     "cudaSurfaceObject_t|cuda(Create|Destroy)SurfaceObject|cudaGetSurfaceObject[A-Za-z]*|"
     "cuda(Un)?Bind(Texture|Surface)[A-Za-z0-9]*|"
     "cuda(Mipmapped)?Array(_t|_const_t)?|cuda(Malloc|Free)(3D)?(Mipmapped)?Array|"
     "cudaMemcpy(2D|3D)?(To|From)Array(Async)?|cudaMemcpy2DArrayToArray",
     "texture_fetch_functions\\.h|texture_indirect_functions\\.h|surface_functions\\.h",
     "texture references, surfaces, CUDA arrays and texture reads other than tex1Dfetch and "
     "tex2D are not supported by Drawbridge yet; use a texture object over linear or pitched "
     "memory, or read the data through a plain device pointer"},
    {"cudaGraph[A-Za-z0-9_]*|cuda(Kernel|Memcpy|Memset|Host)NodeParams[A-Za-z0-9]*", "",
     "CUDA graphs are not supported by Drawbridge yet; issue the work to a stream instead"},
    {"cudaMemPool[A-Za-z0-9_]*|cudaMemLocation[A-Za-z]*|cudaMemAccess[A-Za-z]*", "",
     "memory pools of one's own (cudaMemPoolCreate and what it takes) are not supported by "
     "Drawbridge yet; the device's default pool is (cudaDeviceGetDefaultMemPool, "
     "cudaMallocAsync)"},
    {"cudaAccessPolicyWindow|cudaStreamAttr[A-Za-z]*|cudaStreamAttribute[A-Za-z]*|"
     "cudaLaunchAttribute[A-Za-z]*|cudaStream(Set|Get)Attribute|cudaCtxResetPersistingL2Cache",
     "",
     "stream and launch attributes (access policy windows, persisting L2 lines) are not "
     "supported by Drawbridge yet; a CPU has no persisting L2 to set aside, so leaving them "
     "out changes no result"},
    {"cudaGraphics[A-Za-z0-9_]*|cudaGL[A-Za-z0-9_]*|cudaEGL[A-Za-z0-9_]*|cudaVDPAU[A-Za-z0-9_]*|"
     "cuda(Import|Destroy)External(Memory|Semaphore)[A-Za-z]*|cudaExternal(Memory|Semaphore)"
     "[A-Za-z]*",
     "cuda_gl_interop\\.h|cuda_egl_interop\\.h|cuda_vdpau_interop\\.h|cuda_d3d[0-9]*_interop\\.h",
     "graphics interop (OpenGL, EGL, Vulkan, Direct3D) is not supported by Drawbridge"},
    {"cu(Module|Link)[A-Za-z0-9_]*|cuLaunch(Kernel|CooperativeKernel)[A-Za-z0-9_]*|CU_JIT_[A-Z_]*",
     "nvrtc\\.h",
     "driver-API module loading and launches (and NVRTC) are not supported by Drawbridge yet; "
     "launch kernels compiled into the program with <<<...>>> or cudaLaunchKernel"},
    {"", "mma\\.h",
     "warp matrix operations (mma.h, nvcuda::wmma) are not supported by Drawbridge yet"},
    {"", "cuda/[A-Za-z0-9_/]+",
     "libcu++ (the <cuda/...> headers) is not shipped with Drawbridge yet"},
    {"",
     "(cublas|cublasLt|cufft|cufftw|curand|curand_kernel|cusparse|cusolver|cusolverDn|npp|"
     "nvjpeg|cudnn|nccl)[A-Za-z0-9_]*\\.h",
     "NVIDIA's CUDA libraries (cuBLAS, cuFFT, cuRAND, cuSPARSE, cuSOLVER, ...) have no "
     "Drawbridge versions yet"},
};

// The note for a line that names a name or a header of a missing feature, as a line that
// starts with the line's location, or nothing (also when `noted` already has the feature).
std::string missingFeatureNote(const std::string &text, std::set<std::string> &noted) {
  static const std::regex UnknownName(
      "^(.*:[0-9]+:[0-9]+): error: (unknown type name|use of undeclared identifier|no template "
      "named|use of undeclared identifier or template name) '([A-Za-z0-9_]+)'.*$");
  static const std::regex MissingHeader("^(.*:[0-9]+:[0-9]+): fatal error: '([^']+)' file not "
                                        "found$");
  std::smatch m;
  bool header = false;
  std::string where, name;
  if (std::regex_match(text, m, UnknownName)) {
    where = m[1].str();
    name = m[3].str();
  } else if (std::regex_match(text, m, MissingHeader)) {
    where = m[1].str();
    name = m[2].str();
    header = true;
  } else {
    return "";
  }
  // Each feature's two patterns, compiled once; an empty pattern matches nothing.
  static const std::vector<std::pair<std::regex, std::regex>> Patterns = [] {
    std::vector<std::pair<std::regex, std::regex>> compiled;
    for (const MissingFeature &feature : kMissingFeatures)
      compiled.emplace_back(*feature.names ? feature.names : "$^",
                            *feature.headers ? feature.headers : "$^");
    return compiled;
  }();
  for (size_t i = 0; i < std::size(kMissingFeatures); ++i) {
    if (!std::regex_match(name, header ? Patterns[i].second : Patterns[i].first))
      continue;
    if (!noted.insert(kMissingFeatures[i].note).second)
      return "";
    return where + ": note: " + kMissingFeatures[i].note;
  }
  return "";
}

} // namespace

std::vector<std::string> ClangDiagnostics::filter(const std::string &line) {
  const std::string text = plain(line);
  // "1 error generated when compiling for sm_90." names clang's internal device target.
  static const std::regex Summary("^([0-9]+ (warning|error)s?( and [0-9]+ errors?)? generated)"
                                  " when compiling for sm_[0-9a-z]+\\.$");
  std::smatch m;
  if (std::regex_match(text, m, Summary))
    return {m[1].str() + "."};
  // A kernel launched from device code: dynamic parallelism.
  static const std::regex DeviceLaunch(
      "^(.*:[0-9]+:[0-9]+): error: reference to __global__ function '([^']*)' in "
      "__(global|device)__ function$");
  if (std::regex_match(text, m, DeviceLaunch))
    return {line, m[1].str() +
                      ": note: launching a kernel from device code (CUDA dynamic "
                      "parallelism) is not supported by Drawbridge yet; launch '" +
                      m[2].str() + "' from host code instead"};
  std::string note = missingFeatureNote(text, Noted);
  if (!note.empty())
    return {line, note};
  return {line};
}

} // namespace drawbridge::driver
