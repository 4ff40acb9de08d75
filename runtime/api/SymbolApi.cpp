// Copies to and from __device__/__constant__ variables named by their host-side symbol, and
// their addresses and sizes. The host passes the address of the variable's host shadow; the
// registry maps it to the device storage registered under the same name.
#include "api/ApiCall.h"
#include "core/Registry.h"
#include "core/Streams.h"

#include <cstring>

using namespace drawbridge::runtime;

namespace {

// The device storage for `symbol`, checked against [offset, offset + count).
cudaError_t symbolStorage(const void *symbol, size_t count, size_t offset, char **storage) {
  RegisteredVariable *v = registry().variable(symbol);
  if (!v)
    return cudaErrorInvalidSymbol;
  if (offset > v->size || count > v->size - offset)
    return cudaErrorInvalidValue;
  *storage = static_cast<char *>(v->deviceAddress) + offset;
  return cudaSuccess;
}

cudaError_t copy(void *dst, const void *src, size_t count, cudaStream_t handle, bool async) {
  std::shared_ptr<Stream> stream = streams().resolve(handle, perThreadDefaultStream());
  if (!stream)
    return cudaErrorInvalidResourceHandle;
  auto work = [=] { std::memmove(dst, src, count); };
  if (async) {
    stream->enqueue(work);
    return cudaSuccess;
  }
  stream->runAndWait(work);
  return observeDeviceFaults();
}

cudaError_t toSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                     enum cudaMemcpyKind kind, cudaStream_t stream, bool async) {
  return apiCall([&] {
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
      return cudaErrorInvalidMemcpyDirection;
    char *storage = nullptr;
    if (cudaError_t e = symbolStorage(symbol, count, offset, &storage); e != cudaSuccess)
      return e;
    if (count && !src)
      return cudaErrorInvalidValue;
    return copy(storage, src, count, stream, async);
  });
}

cudaError_t fromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                       enum cudaMemcpyKind kind, cudaStream_t stream, bool async) {
  return apiCall([&] {
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
      return cudaErrorInvalidMemcpyDirection;
    char *storage = nullptr;
    if (cudaError_t e = symbolStorage(symbol, count, offset, &storage); e != cudaSuccess)
      return e;
    if (count && !dst)
      return cudaErrorInvalidValue;
    return copy(dst, storage, count, stream, async);
  });
}

} // namespace

extern "C" {

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind) {
  return toSymbol(symbol, src, count, offset, kind, nullptr, false);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind) {
  return fromSymbol(dst, symbol, count, offset, kind, nullptr, false);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream) {
  return toSymbol(symbol, src, count, offset, kind, stream, true);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream) {
  return fromSymbol(dst, symbol, count, offset, kind, stream, true);
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) {
  return apiCall([&] {
    if (!devPtr)
      return cudaErrorInvalidValue;
    RegisteredVariable *v = registry().variable(symbol);
    if (!v)
      return cudaErrorInvalidSymbol;
    *devPtr = v->deviceAddress;
    return cudaSuccess;
  });
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) {
  return apiCall([&] {
    if (!size)
      return cudaErrorInvalidValue;
    RegisteredVariable *v = registry().variable(symbol);
    if (!v)
      return cudaErrorInvalidSymbol;
    *size = v->size;
    return cudaSuccess;
  });
}

} // extern "C"
