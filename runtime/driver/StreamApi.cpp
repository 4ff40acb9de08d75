// Streams of the driver API: the runtime's streams, so a CUstream is a cudaStream_t. The
// _ptsz variants, which code built with --default-stream per-thread calls, read stream 0 as
// the calling thread's default stream.
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

namespace {

CUstream perThread(CUstream hStream) { return hStream ? hStream : CU_STREAM_PER_THREAD; }

} // namespace

extern "C" {

// CU_STREAM_* flags have the values of the runtime's cudaStream* flags.
CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  return contextCall([&] { return cudaStreamCreateWithFlags(phStream, Flags); });
}

CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority) {
  return contextCall([&] { return cudaStreamCreateWithPriority(phStream, flags, priority); });
}

CUresult cuStreamDestroy_v2(CUstream hStream) {
  return contextCall([&] { return cudaStreamDestroy(hStream); });
}

CUresult cuStreamSynchronize(CUstream hStream) {
  return contextCall([&] { return cudaStreamSynchronize(hStream); });
}
CUresult cuStreamSynchronize_ptsz(CUstream hStream) {
  return contextCall([&] { return cudaStreamSynchronize(perThread(hStream)); });
}

CUresult cuStreamQuery(CUstream hStream) {
  return contextCall([&] { return cudaStreamQuery(hStream); });
}
CUresult cuStreamQuery_ptsz(CUstream hStream) {
  return contextCall([&] { return cudaStreamQuery(perThread(hStream)); });
}

CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  return contextCall([&] { return cudaStreamWaitEvent(hStream, hEvent, Flags); });
}
CUresult cuStreamWaitEvent_ptsz(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  return contextCall([&] { return cudaStreamWaitEvent(perThread(hStream), hEvent, Flags); });
}

} // extern "C"
