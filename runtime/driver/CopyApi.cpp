// Copies and fills of the driver API, each with its per-thread-default-stream variant
// (_ptds for synchronous calls, _ptsz for asynchronous ones); see Transfers.h.
#include "DriverCall.h"
#include "Transfers.h"

using namespace drawbridge::cudadriver;

namespace {

CUresult copyCall(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind, Order order) {
  return driverCall([&] { return copy(dst, src, bytes, kind, order); });
}

template <typename Element>
CUresult fillCall(CUdeviceptr dst, Element value, size_t count, Order order) {
  return driverCall([&] { return fill(dst, &value, sizeof value, count, order); });
}

} // namespace

extern "C" {

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  return copyCall(pointer(dst), pointer(src), ByteCount, cudaMemcpyDefault, Order::legacySync());
}
CUresult cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  return copyCall(pointer(dst), pointer(src), ByteCount, cudaMemcpyDefault, Order::perThreadSync());
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  return copyCall(pointer(dst), pointer(src), ByteCount, cudaMemcpyDefault, Order::async(hStream));
}
CUresult cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  return copyCall(pointer(dst), pointer(src), ByteCount, cudaMemcpyDefault,
                  Order::perThreadAsync(hStream));
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  return copyCall(pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice,
                  Order::legacySync());
}
CUresult cuMemcpyHtoD_v2_ptds(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  return copyCall(pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice,
                  Order::perThreadSync());
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                              CUstream hStream) {
  return copyCall(pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice,
                  Order::async(hStream));
}
CUresult cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                                   CUstream hStream) {
  return copyCall(pointer(dstDevice), srcHost, ByteCount, cudaMemcpyHostToDevice,
                  Order::perThreadAsync(hStream));
}

CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  return copyCall(dstHost, pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost,
                  Order::legacySync());
}
CUresult cuMemcpyDtoH_v2_ptds(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  return copyCall(dstHost, pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost,
                  Order::perThreadSync());
}
CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
  return copyCall(dstHost, pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost,
                  Order::async(hStream));
}
CUresult cuMemcpyDtoHAsync_v2_ptsz(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                                   CUstream hStream) {
  return copyCall(dstHost, pointer(srcDevice), ByteCount, cudaMemcpyDeviceToHost,
                  Order::perThreadAsync(hStream));
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  return copyCall(pointer(dstDevice), pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice,
                  Order::legacySync());
}
CUresult cuMemcpyDtoD_v2_ptds(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  return copyCall(pointer(dstDevice), pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice,
                  Order::perThreadSync());
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
  return copyCall(pointer(dstDevice), pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice,
                  Order::async(hStream));
}
CUresult cuMemcpyDtoDAsync_v2_ptsz(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                                   CUstream hStream) {
  return copyCall(pointer(dstDevice), pointer(srcDevice), ByteCount, cudaMemcpyDeviceToDevice,
                  Order::perThreadAsync(hStream));
}

CUresult cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  return fillCall(dstDevice, uc, N, Order::legacySync());
}
CUresult cuMemsetD8_v2_ptds(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  return fillCall(dstDevice, uc, N, Order::perThreadSync());
}
CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  return fillCall(dstDevice, uc, N, Order::async(hStream));
}
CUresult cuMemsetD8Async_ptsz(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  return fillCall(dstDevice, uc, N, Order::perThreadAsync(hStream));
}

CUresult cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  return fillCall(dstDevice, us, N, Order::legacySync());
}
CUresult cuMemsetD16_v2_ptds(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  return fillCall(dstDevice, us, N, Order::perThreadSync());
}
CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  return fillCall(dstDevice, us, N, Order::async(hStream));
}
CUresult cuMemsetD16Async_ptsz(CUdeviceptr dstDevice, unsigned short us, size_t N,
                               CUstream hStream) {
  return fillCall(dstDevice, us, N, Order::perThreadAsync(hStream));
}

CUresult cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  return fillCall(dstDevice, ui, N, Order::legacySync());
}
CUresult cuMemsetD32_v2_ptds(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  return fillCall(dstDevice, ui, N, Order::perThreadSync());
}
CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  return fillCall(dstDevice, ui, N, Order::async(hStream));
}
CUresult cuMemsetD32Async_ptsz(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  return fillCall(dstDevice, ui, N, Order::perThreadAsync(hStream));
}

} // extern "C"
