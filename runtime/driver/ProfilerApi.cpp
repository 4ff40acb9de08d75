// Profiler control of the driver API, forwarded to the runtime's: with no profiler attached,
// starting and stopping succeed and do nothing.
#include "DriverCall.h"

using namespace drawbridge::cudadriver;

extern "C" {

CUresult cuProfilerStart(void) {
  return driverCall([] { return toResult(cudaProfilerStart()); });
}

CUresult cuProfilerStop(void) {
  return driverCall([] { return toResult(cudaProfilerStop()); });
}

} // extern "C"
