// Driver API contexts over the runtime's single device.
//
// The runtime has one device and one set of memory, streams and events, so every context is a
// view of it: contexts differ only in identity and flags, and destroying one frees nothing
// that was allocated while it was current. What the driver API says about contexts otherwise
// holds: each thread has a stack of current contexts; cuCtxCreate pushes a new one; the
// primary context counts its retains. A thread with an empty stack works in the primary
// context, as it does with NVIDIA's driver once the runtime API has been used, so code that
// mixes the two APIs needs no context calls at all.
#pragma once

#include "cuda.h"

namespace drawbridge::cudadriver {

CUcontext primaryContext();

// A context that exists: the primary one, or one created and not yet destroyed.
bool isLive(CUcontext ctx);

CUcontext createContext(unsigned int flags);
// Forgets a created context; later use of it fails.
void destroyContext(CUcontext ctx);

// The calling thread's context stack.
void pushContext(CUcontext ctx);
// The popped context, or nullptr when the stack is empty.
CUcontext popContext();
// Replaces the top of the stack, or pushes onto an empty one.
void setTopContext(CUcontext ctx);
// The top of the stack, or nullptr.
CUcontext topContext();

// The context calls of this thread work in: the top of its stack, else the primary context.
CUcontext currentContext();
// CUDA_SUCCESS when the current context is usable, CUDA_ERROR_CONTEXT_IS_DESTROYED when it
// was destroyed while current.
CUresult checkCurrentContext();

// Retains and releases of the primary context; release fails when nothing is retained.
void retainPrimary();
bool releasePrimary();
bool primaryActive();
unsigned int primaryFlags();

} // namespace drawbridge::cudadriver
