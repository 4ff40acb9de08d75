// Device printf; see DevicePrintf.h.
#include "core/DevicePrintf.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace drawbridge::runtime {

namespace {

// Reads the next argument of `size` bytes from the packed buffer.
class PackedArguments {
public:
  explicit PackedArguments(const char *buffer) : Buffer(buffer) {}

  template <typename T> T next() {
    T value{};
    if (!Buffer)
      return value;
    Offset = (Offset + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    std::memcpy(&value, Buffer + Offset, sizeof(T));
    Offset += sizeof(T);
    return value;
  }

private:
  const char *Buffer;
  size_t Offset = 0;
};

void appendFormatted(std::string &out, const std::string &spec, auto value) {
  char small[128];
  int n = std::snprintf(small, sizeof small, spec.c_str(), value);
  if (n < 0)
    return;
  if (static_cast<size_t>(n) < sizeof small) {
    out.append(small, n);
    return;
  }
  std::string big(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(big.data(), big.size(), spec.c_str(), value);
  out.append(big.data(), n);
}

} // namespace

std::string formatDevicePrintf(const char *format, const char *packedArguments) {
  std::string out;
  PackedArguments args(packedArguments);
  for (const char *p = format; *p;) {
    if (*p != '%') {
      out.push_back(*p++);
      continue;
    }
    if (p[1] == '%') {
      out.push_back('%');
      p += 2;
      continue;
    }
    // %[flags][width][.precision][length]conversion; a '*' width or precision is the next
    // int argument.
    const char *start = p++;
    std::string spec = "%";
    while (*p && std::strchr("-+ #0", *p))
      spec.push_back(*p++);
    auto number = [&] {
      if (*p == '*') {
        spec += std::to_string(args.next<int>());
        ++p;
        return;
      }
      while (*p >= '0' && *p <= '9')
        spec.push_back(*p++);
    };
    number();
    if (*p == '.') {
      spec.push_back(*p++);
      number();
    }
    int longs = 0, shorts = 0;
    while (*p && std::strchr("hlLqjzt", *p)) {
      if (*p == 'l' || *p == 'q' || *p == 'j' || *p == 'z' || *p == 't' || *p == 'L')
        ++longs;
      else
        ++shorts;
      ++p;
    }
    char conversion = *p;
    if (!conversion)
      break;
    ++p;
    // `spec` has no length modifiers: values are passed at their promoted width.
    switch (conversion) {
    case 'd':
    case 'i':
      if (longs) {
        spec += "ll";
        spec.push_back(conversion);
        appendFormatted(out, spec, args.next<long long>());
      } else {
        spec.push_back(conversion);
        int v = args.next<int>();
        if (shorts == 1)
          v = static_cast<short>(v);
        else if (shorts >= 2)
          v = static_cast<signed char>(v);
        appendFormatted(out, spec, v);
      }
      break;
    case 'u':
    case 'x':
    case 'X':
    case 'o':
      if (longs) {
        spec += "ll";
        spec.push_back(conversion);
        appendFormatted(out, spec, args.next<unsigned long long>());
      } else {
        spec.push_back(conversion);
        unsigned v = args.next<unsigned>();
        if (shorts == 1)
          v = static_cast<unsigned short>(v);
        else if (shorts >= 2)
          v = static_cast<unsigned char>(v);
        appendFormatted(out, spec, v);
      }
      break;
    case 'c':
      spec.push_back('c');
      appendFormatted(out, spec, args.next<int>());
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      spec.push_back(conversion);
      appendFormatted(out, spec, args.next<double>());
      break;
    case 's': {
      spec.push_back('s');
      const char *s = reinterpret_cast<const char *>(args.next<uint64_t>());
      appendFormatted(out, spec, s ? s : "(null)");
      break;
    }
    case 'p':
      spec.push_back('p');
      appendFormatted(out, spec, reinterpret_cast<void *>(args.next<uint64_t>()));
      break;
    default:
      // Unknown conversions are printed as written, like NVIDIA's device printf does.
      out.append(start, p);
      break;
    }
  }
  return out;
}

DevicePrintf &devicePrintf() {
  static DevicePrintf *instance = [] {
    auto *p = new DevicePrintf;
    std::atexit([] { devicePrintf().flush(); });
    return p;
  }();
  return *instance;
}

int DevicePrintf::print(const char *format, const char *packedArguments) {
  std::string text = formatDevicePrintf(format, packedArguments);
  std::lock_guard<std::mutex> lock(Mutex);
  Pending += text;
  return static_cast<int>(text.size());
}

void DevicePrintf::flush() {
  std::string text;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    text.swap(Pending);
  }
  if (!text.empty())
    std::fwrite(text.data(), 1, text.size(), stdout);
}

} // namespace drawbridge::runtime
