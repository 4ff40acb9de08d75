// printf from device code.
//
// Clang passes device printf to vprintf(format, buffer) with the arguments packed into a
// buffer, each at an offset aligned to its size and floats promoted to double. The runtime
// formats each call into a line of text and, like NVIDIA's runtime, holds the output until a
// synchronisation point (a launch, a stream/event/device synchronize, a blocking copy) or the
// end of the program, so host and device output interleave as they do on a GPU.
#pragma once

#include <mutex>
#include <string>

namespace drawbridge::runtime {

class DevicePrintf {
public:
  // Formats one device printf call; returns the number of characters, as printf does.
  int print(const char *format, const char *packedArguments);
  // Writes out everything printed so far.
  void flush();

private:
  std::mutex Mutex;
  std::string Pending;
};

DevicePrintf &devicePrintf();

// Formats a device printf call (exposed for unit tests).
std::string formatDevicePrintf(const char *format, const char *packedArguments);

} // namespace drawbridge::runtime
