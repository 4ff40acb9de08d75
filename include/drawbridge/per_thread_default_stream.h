/* drawbridge/per_thread_default_stream.h - --default-stream per-thread.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. With CUDA_API_PER_THREAD_DEFAULT_STREAM
 * defined, each runtime call below goes to its _ptsz variant, which treats stream 0 (and the
 * implicit stream of synchronous calls) as the calling thread's default stream. The list
 * matches the CUDA_API_PER_THREAD entries of cuda_runtime_api.def.
 */
#ifndef __DRAWBRIDGE_PER_THREAD_DEFAULT_STREAM_H__
#define __DRAWBRIDGE_PER_THREAD_DEFAULT_STREAM_H__

#define cudaLaunchKernel cudaLaunchKernel_ptsz
#define cudaLaunchCooperativeKernel cudaLaunchCooperativeKernel_ptsz
#define cudaMemcpy cudaMemcpy_ptsz
#define cudaMemcpyAsync cudaMemcpyAsync_ptsz
#define cudaMemcpy2D cudaMemcpy2D_ptsz
#define cudaMemcpy2DAsync cudaMemcpy2DAsync_ptsz
#define cudaMemcpy3D cudaMemcpy3D_ptsz
#define cudaMemcpy3DAsync cudaMemcpy3DAsync_ptsz
#define cudaMemcpyPeerAsync cudaMemcpyPeerAsync_ptsz
#define cudaMemset cudaMemset_ptsz
#define cudaMemsetAsync cudaMemsetAsync_ptsz
#define cudaMemset2D cudaMemset2D_ptsz
#define cudaMemset2DAsync cudaMemset2DAsync_ptsz
#define cudaMemset3D cudaMemset3D_ptsz
#define cudaMemset3DAsync cudaMemset3DAsync_ptsz
#define cudaMemcpyToSymbol cudaMemcpyToSymbol_ptsz
#define cudaMemcpyFromSymbol cudaMemcpyFromSymbol_ptsz
#define cudaMemcpyToSymbolAsync cudaMemcpyToSymbolAsync_ptsz
#define cudaMemcpyFromSymbolAsync cudaMemcpyFromSymbolAsync_ptsz
#define cudaMemPrefetchAsync cudaMemPrefetchAsync_ptsz
#define cudaMallocAsync cudaMallocAsync_ptsz
#define cudaFreeAsync cudaFreeAsync_ptsz
#define cudaStreamSynchronize cudaStreamSynchronize_ptsz
#define cudaStreamQuery cudaStreamQuery_ptsz
#define cudaStreamWaitEvent cudaStreamWaitEvent_ptsz
#define cudaStreamAddCallback cudaStreamAddCallback_ptsz
#define cudaLaunchHostFunc cudaLaunchHostFunc_ptsz
#define cudaStreamGetFlags cudaStreamGetFlags_ptsz
#define cudaStreamGetPriority cudaStreamGetPriority_ptsz
#define cudaStreamGetId cudaStreamGetId_ptsz
#define cudaStreamAttachMemAsync cudaStreamAttachMemAsync_ptsz
#define cudaStreamIsCapturing cudaStreamIsCapturing_ptsz
#define cudaEventRecord cudaEventRecord_ptsz
#define cudaEventRecordWithFlags cudaEventRecordWithFlags_ptsz

#endif /* __DRAWBRIDGE_PER_THREAD_DEFAULT_STREAM_H__ */
