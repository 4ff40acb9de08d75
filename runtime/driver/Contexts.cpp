// Context objects, the per-thread context stacks and the primary context; see Contexts.h.
#include "Contexts.h"

#include <mutex>
#include <set>
#include <vector>

struct CUctx_st {
  unsigned int flags;
  bool destroyed = false;
};

namespace drawbridge::cudadriver {

namespace {

// Destroyed contexts stay allocated (and in `created`), so that a stale handle never aliases a
// context created later.
struct ContextRegistry {
  std::mutex Mutex;
  std::set<CUcontext> created;
  CUctx_st primary{0};
  int primaryRetains = 0;
};

ContextRegistry &registry() {
  static ContextRegistry *r = new ContextRegistry;
  return *r;
}

thread_local std::vector<CUcontext> tStack;

} // namespace

CUcontext primaryContext() { return &registry().primary; }

bool isLive(CUcontext ctx) {
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  return ctx == &r.primary || (r.created.count(ctx) != 0 && !ctx->destroyed);
}

CUcontext createContext(unsigned int flags) {
  CUcontext ctx = new CUctx_st{flags};
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  r.created.insert(ctx);
  return ctx;
}

void destroyContext(CUcontext ctx) {
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  ctx->destroyed = true;
}

void pushContext(CUcontext ctx) { tStack.push_back(ctx); }

CUcontext popContext() {
  if (tStack.empty())
    return nullptr;
  CUcontext top = tStack.back();
  tStack.pop_back();
  return top;
}

void setTopContext(CUcontext ctx) {
  if (tStack.empty())
    tStack.push_back(ctx);
  else
    tStack.back() = ctx;
}

CUcontext topContext() { return tStack.empty() ? nullptr : tStack.back(); }

CUcontext currentContext() { return tStack.empty() ? primaryContext() : tStack.back(); }

CUresult checkCurrentContext() {
  return isLive(currentContext()) ? CUDA_SUCCESS : CUDA_ERROR_CONTEXT_IS_DESTROYED;
}

void retainPrimary() {
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  ++r.primaryRetains;
}

bool releasePrimary() {
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  if (r.primaryRetains == 0)
    return false;
  --r.primaryRetains;
  return true;
}

bool primaryActive() {
  ContextRegistry &r = registry();
  std::lock_guard<std::mutex> lock(r.Mutex);
  return r.primaryRetains > 0;
}

unsigned int primaryFlags() { return registry().primary.flags; }

} // namespace drawbridge::cudadriver
