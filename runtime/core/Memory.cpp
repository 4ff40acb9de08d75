// Allocation tracking; see Memory.h.
#include "core/Memory.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace drawbridge::runtime {

namespace {

// Large blocks come straight from the kernel: zeroed, committed as they are touched.
constexpr size_t kMmapThreshold = 1 << 20;
constexpr size_t kAlignment = 256; // cudaMalloc's documented minimum alignment

} // namespace

MemoryTracker &memory() {
  static MemoryTracker *instance = new MemoryTracker;
  return *instance;
}

void systemMemory(size_t *total, size_t *available) {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  *total = static_cast<size_t>(pages) * static_cast<size_t>(pageSize);
  *available = *total;
  if (FILE *f = std::fopen("/proc/meminfo", "r")) {
    char line[256];
    unsigned long long kib = 0;
    while (std::fgets(line, sizeof line, f))
      if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
        *available = static_cast<size_t>(kib) * 1024;
        break;
      }
    std::fclose(f);
  }
}

cudaError_t MemoryTracker::allocate(size_t size, MemoryKind kind, unsigned int flags, void **out) {
  size_t total = 0, available = 0;
  systemMemory(&total, &available);
  if (size > total)
    return cudaErrorMemoryAllocation;
  Allocation a;
  a.size = size;
  a.kind = kind;
  a.flags = flags;
  if (size >= kMmapThreshold) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return cudaErrorMemoryAllocation;
    a.base = static_cast<char *>(p);
    a.fromMmap = true;
  } else {
    size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
    a.base = static_cast<char *>(std::aligned_alloc(kAlignment, rounded ? rounded : kAlignment));
    if (!a.base)
      return cudaErrorMemoryAllocation;
    std::memset(a.base, 0, rounded);
  }
  std::lock_guard<std::mutex> lock(Mutex);
  Allocations[a.base] = a;
  *out = a.base;
  return cudaSuccess;
}

static void freeStorage(const Allocation &a) {
  if (a.kind == MemoryKind::Registered || a.isStatic)
    return;
  if (a.fromMmap)
    munmap(a.base, a.size);
  else
    std::free(a.base);
}

cudaError_t MemoryTracker::release(void *base, bool hostAllocation) {
  Allocation a;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    auto it = Allocations.find(static_cast<const char *>(base));
    if (it == Allocations.end())
      return cudaErrorInvalidValue;
    bool isHost = it->second.kind == MemoryKind::Host;
    if (isHost != hostAllocation || it->second.kind == MemoryKind::Registered ||
        it->second.isStatic)
      return cudaErrorInvalidValue;
    a = it->second;
    Allocations.erase(it);
  }
  freeStorage(a);
  return cudaSuccess;
}

cudaError_t MemoryTracker::registerHost(void *base, size_t size, unsigned int flags) {
  std::lock_guard<std::mutex> lock(Mutex);
  const char *start = static_cast<const char *>(base);
  auto next = Allocations.lower_bound(start);
  if (next != Allocations.end() && next->first < start + size)
    return cudaErrorHostMemoryAlreadyRegistered;
  if (next != Allocations.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second.size > start)
      return cudaErrorHostMemoryAlreadyRegistered;
  }
  Allocation a;
  a.base = static_cast<char *>(base);
  a.size = size;
  a.kind = MemoryKind::Registered;
  a.flags = flags;
  Allocations[a.base] = a;
  return cudaSuccess;
}

void MemoryTracker::addStatic(void *base, size_t size, bool constant) {
  Allocation a;
  a.base = static_cast<char *>(base);
  a.size = size;
  a.kind = MemoryKind::Device;
  a.isStatic = true;
  a.isConstant = constant;
  std::lock_guard<std::mutex> lock(Mutex);
  Allocations[a.base] = a;
}

bool MemoryTracker::contains(const void *address, size_t size) {
  std::optional<Allocation> a = find(address);
  return a && static_cast<const char *>(address) + size <= a->base + a->size;
}

cudaError_t MemoryTracker::unregisterHost(void *base) {
  std::lock_guard<std::mutex> lock(Mutex);
  auto it = Allocations.find(static_cast<const char *>(base));
  if (it == Allocations.end() || it->second.kind != MemoryKind::Registered)
    return cudaErrorHostMemoryNotRegistered;
  Allocations.erase(it);
  return cudaSuccess;
}

std::optional<Allocation> MemoryTracker::find(const void *address) {
  std::lock_guard<std::mutex> lock(Mutex);
  const char *p = static_cast<const char *>(address);
  auto it = Allocations.upper_bound(p);
  if (it == Allocations.begin())
    return std::nullopt;
  --it;
  const Allocation &a = it->second;
  if (p < a.base + (a.size ? a.size : 1))
    return a;
  return std::nullopt;
}

void MemoryTracker::releaseAll() {
  std::map<const char *, Allocation> released;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    for (auto it = Allocations.begin(); it != Allocations.end();) {
      if (it->second.isStatic) {
        ++it;
        continue;
      }
      released.insert(*it);
      it = Allocations.erase(it);
    }
  }
  for (auto &[base, a] : released)
    freeStorage(a);
}

} // namespace drawbridge::runtime
