// Context management of the driver API: context stacks, created contexts and the primary
// context (see Contexts.h for how they map onto the runtime's one device).
#include "Contexts.h"
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

namespace {

// Creation flags: known bits only, and at most one scheduling policy.
bool validFlags(unsigned int flags) {
  unsigned int schedule = flags & CU_CTX_SCHED_MASK;
  return (flags & ~static_cast<unsigned int>(CU_CTX_FLAGS_MASK)) == 0 &&
         (schedule == CU_CTX_SCHED_AUTO || schedule == CU_CTX_SCHED_SPIN ||
          schedule == CU_CTX_SCHED_YIELD || schedule == CU_CTX_SCHED_BLOCKING_SYNC);
}

} // namespace

extern "C" {

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  return driverCall([&] {
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    retainPrimary();
    *pctx = primaryContext();
    return CUDA_SUCCESS;
  });
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  return driverCall([&] {
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    return releasePrimary() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
  });
}

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
  return driverCall([&] {
    if (!flags || !active)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    *flags = primaryFlags();
    *active = primaryActive() ? 1 : 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  return driverCall([&] {
    if (!pctx || !validFlags(flags))
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkDevice(dev); r != CUDA_SUCCESS)
      return r;
    *pctx = createContext(flags);
    pushContext(*pctx);
    return CUDA_SUCCESS;
  });
}

// Waits for the device's work, as destruction does; the primary context is not destroyed
// this way.
CUresult cuCtxDestroy_v2(CUcontext ctx) {
  return driverCall([&] {
    if (!ctx)
      return CUDA_ERROR_INVALID_VALUE;
    if (ctx == primaryContext() || !isLive(ctx))
      return CUDA_ERROR_INVALID_CONTEXT;
    CUresult result = toResult(cudaDeviceSynchronize());
    if (topContext() == ctx)
      popContext();
    destroyContext(ctx);
    return result;
  });
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
  return driverCall([&] {
    if (!ctx)
      return CUDA_ERROR_INVALID_VALUE;
    if (!isLive(ctx))
      return CUDA_ERROR_INVALID_CONTEXT;
    pushContext(ctx);
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxPopCurrent_v2(CUcontext *pctx) {
  return driverCall([&] {
    CUcontext popped = popContext();
    if (!popped)
      return CUDA_ERROR_INVALID_CONTEXT;
    if (pctx)
      *pctx = popped;
    return CUDA_SUCCESS;
  });
}

// A null context unbinds the current one (pops the top of the stack, if any).
CUresult cuCtxSetCurrent(CUcontext ctx) {
  return driverCall([&] {
    if (!ctx) {
      popContext();
      return CUDA_SUCCESS;
    }
    if (!isLive(ctx))
      return CUDA_ERROR_INVALID_CONTEXT;
    setTopContext(ctx);
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
  return driverCall([&] {
    if (!pctx)
      return CUDA_ERROR_INVALID_VALUE;
    *pctx = currentContext();
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetDevice(CUdevice *device) {
  return driverCall([&] {
    if (!device)
      return CUDA_ERROR_INVALID_VALUE;
    if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
      return r;
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSynchronize(void) {
  return driverCall([&] {
    if (CUresult r = checkCurrentContext(); r != CUDA_SUCCESS)
      return r;
    return toResult(cudaDeviceSynchronize());
  });
}

} // extern "C"
