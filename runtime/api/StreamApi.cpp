// Stream management (core/Streams.h has the ordering rules).
#include "api/ApiCall.h"
#include "core/DevicePrintf.h"
#include "core/Memory.h"
#include "core/Streams.h"

#include <algorithm>

using namespace drawbridge::runtime;

namespace {

constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -5;

std::shared_ptr<Stream> resolve(cudaStream_t handle) {
  return streams().resolve(handle, perThreadDefaultStream());
}

cudaError_t create(cudaStream_t *pStream, unsigned int flags, int priority) {
  if (!pStream || (flags & ~cudaStreamNonBlocking))
    return cudaErrorInvalidValue;
  priority = std::clamp(priority, kGreatestPriority, kLeastPriority);
  *pStream = streams().create(flags, priority);
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return apiCall([&] { return create(pStream, cudaStreamDefault, 0); });
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) {
  return apiCall([&] { return create(pStream, flags, 0); });
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority) {
  return apiCall([&] { return create(pStream, flags, priority); });
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return apiCallAlways([&] {
    if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread)
      return cudaErrorInvalidResourceHandle;
    return streams().destroy(stream);
  });
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return apiCallAlways([&] {
    std::shared_ptr<Stream> s = resolve(stream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    s->synchronize();
    return observeDeviceFaults();
  });
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  return apiCall([&] {
    std::shared_ptr<Stream> s = resolve(stream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    return s->idle() ? cudaSuccess : cudaErrorNotReady;
  });
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return apiCall([&] {
    std::shared_ptr<Stream> s = resolve(stream);
    std::shared_ptr<Event> e = streams().event(event);
    if (!s || !e)
      return cudaErrorInvalidResourceHandle;
    if (flags & ~cudaEventWaitExternal)
      return cudaErrorInvalidValue;
    e->makeStreamWait(*s);
    return cudaSuccess;
  });
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) {
  return apiCall([&] {
    if (!callback || flags != 0)
      return cudaErrorInvalidValue;
    std::shared_ptr<Stream> s = resolve(stream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    s->enqueueUserCode([=] {
      devicePrintf().flush(); // a callback is one of the points where device output appears
      callback(stream, deviceFault(), userData);
    });
    return cudaSuccess;
  });
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  return apiCall([&] {
    if (!fn)
      return cudaErrorInvalidValue;
    std::shared_ptr<Stream> s = resolve(stream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    s->enqueueUserCode([=] {
      devicePrintf().flush();
      fn(userData);
    });
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags) {
  return apiCall([&] {
    std::shared_ptr<Stream> s = resolve(hStream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    if (!flags)
      return cudaErrorInvalidValue;
    *flags = s->flags();
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority) {
  return apiCall([&] {
    std::shared_ptr<Stream> s = resolve(hStream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    if (!priority)
      return cudaErrorInvalidValue;
    *priority = s->priority();
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId) {
  return apiCall([&] {
    std::shared_ptr<Stream> s = resolve(hStream);
    if (!s)
      return cudaErrorInvalidResourceHandle;
    if (!streamId)
      return cudaErrorInvalidValue;
    *streamId = s->id();
    return cudaSuccess;
  });
}

// Managed memory is visible to every stream on the CPU target; attaching only checks.
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags) {
  return apiCall([&] {
    if (!resolve(stream))
      return cudaErrorInvalidResourceHandle;
    std::optional<Allocation> a = memory().find(devPtr);
    if (!a || a->kind != MemoryKind::Managed || length > a->size)
      return cudaErrorInvalidValue;
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle)
      return cudaErrorInvalidValue;
    return cudaSuccess;
  });
}

// Stream capture (graphs) is not supported, so no stream is ever capturing.
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *status) {
  return apiCall([&] {
    if (!status)
      return cudaErrorInvalidValue;
    if (!resolve(stream))
      return cudaErrorInvalidResourceHandle;
    *status = cudaStreamCaptureStatusNone;
    return cudaSuccess;
  });
}

} // extern "C"
