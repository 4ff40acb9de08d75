// Events of the driver API: the runtime's events, so a CUevent is a cudaEvent_t.
// cuEventRecord_ptsz, which code built with --default-stream per-thread calls, reads stream 0
// as the calling thread's default stream.
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

extern "C" {

// CU_EVENT_* flags have the values of the runtime's cudaEvent* flags.
CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  return contextCall([&] { return cudaEventCreateWithFlags(phEvent, Flags); });
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  return contextCall([&] { return cudaEventRecord(hEvent, hStream); });
}
CUresult cuEventRecord_ptsz(CUevent hEvent, CUstream hStream) {
  return contextCall(
      [&] { return cudaEventRecord(hEvent, hStream ? hStream : CU_STREAM_PER_THREAD); });
}

CUresult cuEventQuery(CUevent hEvent) {
  return contextCall([&] { return cudaEventQuery(hEvent); });
}

CUresult cuEventSynchronize(CUevent hEvent) {
  return contextCall([&] { return cudaEventSynchronize(hEvent); });
}

CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  return contextCall([&] { return cudaEventElapsedTime(pMilliseconds, hStart, hEnd); });
}

CUresult cuEventDestroy_v2(CUevent hEvent) {
  return contextCall([&] { return cudaEventDestroy(hEvent); });
}

} // extern "C"
