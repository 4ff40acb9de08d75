// Event management: record, query, synchronize and time (core/Streams.h).
#include "api/ApiCall.h"
#include "core/Streams.h"

using namespace drawbridge::runtime;

namespace {

cudaError_t createEvent(cudaEvent_t *event, unsigned int flags) {
  constexpr unsigned int kValid =
      cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~kValid))
    return cudaErrorInvalidValue;
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
    return cudaErrorInvalidValue;
  *event = streams().createEvent(flags);
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return apiCall([&] { return createEvent(event, cudaEventDefault); });
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  return apiCall([&] { return createEvent(event, flags); });
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  return apiCall([&] {
    std::shared_ptr<Event> e = streams().event(event);
    std::shared_ptr<Stream> s = streams().resolve(stream, perThreadDefaultStream());
    if (!e || !s)
      return cudaErrorInvalidResourceHandle;
    if (flags & ~cudaEventRecordExternal)
      return cudaErrorInvalidValue;
    e->record(*s);
    return cudaSuccess;
  });
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return cudaEventRecordWithFlags(event, stream, cudaEventRecordDefault);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  return apiCall([&] {
    std::shared_ptr<Event> e = streams().event(event);
    if (!e)
      return cudaErrorInvalidResourceHandle;
    return e->completed() ? cudaSuccess : cudaErrorNotReady;
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return apiCallAlways([&] {
    std::shared_ptr<Event> e = streams().event(event);
    if (!e)
      return cudaErrorInvalidResourceHandle;
    e->synchronize();
    return observeDeviceFaults();
  });
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return apiCallAlways([&] { return streams().destroyEvent(event); });
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  return apiCall([&] {
    if (!ms)
      return cudaErrorInvalidValue;
    std::shared_ptr<Event> first = streams().event(start), last = streams().event(end);
    if (!first || !last)
      return cudaErrorInvalidResourceHandle;
    if ((first->flags() | last->flags()) & cudaEventDisableTiming)
      return cudaErrorInvalidResourceHandle;
    if (!first->completed() || !last->completed())
      return cudaErrorNotReady;
    if (!first->recordedOnce() || !last->recordedOnce())
      return cudaErrorInvalidResourceHandle;
    std::chrono::duration<float, std::milli> elapsed = last->time() - first->time();
    *ms = elapsed.count();
    return cudaSuccess;
  });
}

} // extern "C"
