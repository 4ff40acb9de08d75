/*===- tests/reference/abi_values.c - ABI fingerprint of the headers -----===*
 *
 * Part of Drawbridge, a clean-room CUDA toolchain.
 *
 * Prints one "key<TAB>value" line for every enumerator, flag macro, struct size,
 * alignment, field offset, field size and field type declared by
 * driver_types.h and vector_types.h.  compare-with-nvidia.sh builds this file
 * twice -- once against Drawbridge's headers and once against an installed
 * NVIDIA toolkit -- and diffs the two outputs, so any numeric or layout
 * mismatch shows up as a differing line.
 *
 * The lists below are X-macros; add a line when a header gains a name.
 * The cudaError enumerators come straight from drawbridge/cuda_errors.def.
 *
 * Items that exist in CUDA 12.8 but were removed in CUDA 13 are kept in the
 * *_CUDA12_ONLY lists.  They are skipped only when compiling against a
 * reference toolkit of CUDA 13 or newer (see ABI_HAVE_CUDA12_ONLY), so the
 * comparison reports them as "only in drawbridge" instead of failing to
 * compile.
 *
 * Build macros:
 *   ABI_INCLUDE_RUNTIME_API  include <cuda_runtime_api.h> first (needed for
 *                            NVIDIA's headers; optional for ours)
 *   ABI_REFERENCE_SIDE       set when compiling against the reference toolkit
 *
 *===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(ABI_INCLUDE_RUNTIME_API)
#include <cuda_runtime_api.h>
#endif
#include <driver_types.h>
#include <vector_types.h>

#if defined(ABI_REFERENCE_SIDE) && defined(CUDART_VERSION) && CUDART_VERSION >= 13000
#define ABI_HAVE_CUDA12_ONLY 0
#else
#define ABI_HAVE_CUDA12_ONLY 1
#endif

/* Coarse field type classification; arrays decay to element pointers. */
#define ABI_TYPE_OF(e)                                                                             \
  _Generic((e),                                                                                    \
      char: "char",                                                                                \
      signed char: "signed char",                                                                  \
      unsigned char: "unsigned char",                                                              \
      short: "short",                                                                              \
      unsigned short: "unsigned short",                                                            \
      int: "int",                                                                                  \
      unsigned int: "unsigned int",                                                                \
      long: "long",                                                                                \
      unsigned long: "unsigned long",                                                              \
      long long: "long long",                                                                      \
      unsigned long long: "unsigned long long",                                                    \
      float: "float",                                                                              \
      double: "double",                                                                            \
      void *: "void*",                                                                             \
      char *: "char[]",                                                                            \
      int *: "int[]",                                                                              \
      default: "other")

static void print_value(const char *key, long long value) { printf("%s\t%lld\n", key, value); }

static void print_type(const char *type, size_t size, size_t align) {
  printf("sizeof(%s)\t%zu\n", type, size);
  printf("alignof(%s)\t%zu\n", type, align);
}

static void print_field(const char *type, const char *field, size_t offset, size_t size,
                        const char *kind) {
  printf("offsetof(%s.%s)\t%zu\n", type, field, offset);
  printf("sizeof(%s.%s)\t%zu\n", type, field, size);
  printf("type(%s.%s)\t%s\n", type, field, kind);
}

#define ABI_VALUE(name) print_value(#name, (long long)(intptr_t)(name));
#define ABI_ENUM_TYPE(tag) print_type("enum " #tag, sizeof(enum tag), _Alignof(enum tag));
#define ABI_STRUCT(tag) print_type("struct " #tag, sizeof(struct tag), _Alignof(struct tag));
#define ABI_TYPEDEF(name) print_type(#name, sizeof(name), _Alignof(name));
#define ABI_FIELD(tag, field)                                                                      \
  print_field(#tag, #field, offsetof(struct tag, field), sizeof(((struct tag *)0)->field),         \
              ABI_TYPE_OF(((struct tag *)0)->field));

/* Enumerators of every enum except cudaError (see cuda_errors.def). */
#define ABI_ENUMERATORS(X)                                                                         \
  X(cudaMemcpyHostToHost)                                                                          \
  X(cudaMemcpyHostToDevice)                                                                        \
  X(cudaMemcpyDeviceToHost)                                                                        \
  X(cudaMemcpyDeviceToDevice)                                                                      \
  X(cudaMemcpyDefault)                                                                             \
  X(cudaMemoryTypeUnregistered)                                                                    \
  X(cudaMemoryTypeHost)                                                                            \
  X(cudaMemoryTypeDevice)                                                                          \
  X(cudaMemoryTypeManaged)                                                                         \
  X(cudaChannelFormatKindSigned)                                                                   \
  X(cudaChannelFormatKindUnsigned)                                                                 \
  X(cudaChannelFormatKindFloat)                                                                    \
  X(cudaChannelFormatKindNone)                                                                     \
  X(cudaChannelFormatKindNV12)                                                                     \
  X(cudaChannelFormatKindUnsignedNormalized8X1)                                                    \
  X(cudaChannelFormatKindUnsignedNormalized8X2)                                                    \
  X(cudaChannelFormatKindUnsignedNormalized8X4)                                                    \
  X(cudaChannelFormatKindUnsignedNormalized16X1)                                                   \
  X(cudaChannelFormatKindUnsignedNormalized16X2)                                                   \
  X(cudaChannelFormatKindUnsignedNormalized16X4)                                                   \
  X(cudaChannelFormatKindSignedNormalized8X1)                                                      \
  X(cudaChannelFormatKindSignedNormalized8X2)                                                      \
  X(cudaChannelFormatKindSignedNormalized8X4)                                                      \
  X(cudaChannelFormatKindSignedNormalized16X1)                                                     \
  X(cudaChannelFormatKindSignedNormalized16X2)                                                     \
  X(cudaChannelFormatKindSignedNormalized16X4)                                                     \
  X(cudaChannelFormatKindUnsignedBlockCompressed1)                                                 \
  X(cudaChannelFormatKindUnsignedBlockCompressed1SRGB)                                             \
  X(cudaChannelFormatKindUnsignedBlockCompressed2)                                                 \
  X(cudaChannelFormatKindUnsignedBlockCompressed2SRGB)                                             \
  X(cudaChannelFormatKindUnsignedBlockCompressed3)                                                 \
  X(cudaChannelFormatKindUnsignedBlockCompressed3SRGB)                                             \
  X(cudaChannelFormatKindUnsignedBlockCompressed4)                                                 \
  X(cudaChannelFormatKindSignedBlockCompressed4)                                                   \
  X(cudaChannelFormatKindUnsignedBlockCompressed5)                                                 \
  X(cudaChannelFormatKindSignedBlockCompressed5)                                                   \
  X(cudaChannelFormatKindUnsignedBlockCompressed6H)                                                \
  X(cudaChannelFormatKindSignedBlockCompressed6H)                                                  \
  X(cudaChannelFormatKindUnsignedBlockCompressed7)                                                 \
  X(cudaChannelFormatKindUnsignedBlockCompressed7SRGB)                                             \
  X(cudaChannelFormatKindUnsignedNormalized1010102)                                                \
  X(cudaStreamCaptureStatusNone)                                                                   \
  X(cudaStreamCaptureStatusActive)                                                                 \
  X(cudaStreamCaptureStatusInvalidated)                                                            \
  X(cudaStreamCaptureModeGlobal)                                                                   \
  X(cudaStreamCaptureModeThreadLocal)                                                              \
  X(cudaStreamCaptureModeRelaxed)                                                                  \
  X(cudaAccessPropertyNormal)                                                                      \
  X(cudaAccessPropertyStreaming)                                                                   \
  X(cudaAccessPropertyPersisting)                                                                  \
  X(cudaSyncPolicyAuto)                                                                            \
  X(cudaSyncPolicySpin)                                                                            \
  X(cudaSyncPolicyYield)                                                                           \
  X(cudaSyncPolicyBlockingSync)                                                                    \
  X(cudaClusterSchedulingPolicyDefault)                                                            \
  X(cudaClusterSchedulingPolicySpread)                                                             \
  X(cudaClusterSchedulingPolicyLoadBalancing)                                                      \
  X(cudaFuncAttributeMaxDynamicSharedMemorySize)                                                   \
  X(cudaFuncAttributePreferredSharedMemoryCarveout)                                                \
  X(cudaFuncAttributeClusterDimMustBeSet)                                                          \
  X(cudaFuncAttributeRequiredClusterWidth)                                                         \
  X(cudaFuncAttributeRequiredClusterHeight)                                                        \
  X(cudaFuncAttributeRequiredClusterDepth)                                                         \
  X(cudaFuncAttributeNonPortableClusterSizeAllowed)                                                \
  X(cudaFuncAttributeClusterSchedulingPolicyPreference)                                            \
  X(cudaFuncAttributeMax)                                                                          \
  X(cudaFuncCachePreferNone)                                                                       \
  X(cudaFuncCachePreferShared)                                                                     \
  X(cudaFuncCachePreferL1)                                                                         \
  X(cudaFuncCachePreferEqual)                                                                      \
  X(cudaSharedMemBankSizeDefault)                                                                  \
  X(cudaSharedMemBankSizeFourByte)                                                                 \
  X(cudaSharedMemBankSizeEightByte)                                                                \
  X(cudaSharedmemCarveoutDefault)                                                                  \
  X(cudaSharedmemCarveoutMaxShared)                                                                \
  X(cudaSharedmemCarveoutMaxL1)                                                                    \
  X(cudaComputeModeDefault)                                                                        \
  X(cudaComputeModeExclusive)                                                                      \
  X(cudaComputeModeProhibited)                                                                     \
  X(cudaComputeModeExclusiveProcess)                                                               \
  X(cudaLimitStackSize)                                                                            \
  X(cudaLimitPrintfFifoSize)                                                                       \
  X(cudaLimitMallocHeapSize)                                                                       \
  X(cudaLimitDevRuntimeSyncDepth)                                                                  \
  X(cudaLimitDevRuntimePendingLaunchCount)                                                         \
  X(cudaLimitMaxL2FetchGranularity)                                                                \
  X(cudaLimitPersistingL2CacheSize)                                                                \
  X(cudaMemAdviseSetReadMostly)                                                                    \
  X(cudaMemAdviseUnsetReadMostly)                                                                  \
  X(cudaMemAdviseSetPreferredLocation)                                                             \
  X(cudaMemAdviseUnsetPreferredLocation)                                                           \
  X(cudaMemAdviseSetAccessedBy)                                                                    \
  X(cudaMemAdviseUnsetAccessedBy)                                                                  \
  X(cudaMemRangeAttributeReadMostly)                                                               \
  X(cudaMemRangeAttributePreferredLocation)                                                        \
  X(cudaMemRangeAttributeAccessedBy)                                                               \
  X(cudaMemRangeAttributeLastPrefetchLocation)                                                     \
  X(cudaMemRangeAttributePreferredLocationType)                                                    \
  X(cudaMemRangeAttributePreferredLocationId)                                                      \
  X(cudaMemRangeAttributeLastPrefetchLocationType)                                                 \
  X(cudaMemRangeAttributeLastPrefetchLocationId)                                                   \
  X(cudaDevP2PAttrPerformanceRank)                                                                 \
  X(cudaDevP2PAttrAccessSupported)                                                                 \
  X(cudaDevP2PAttrNativeAtomicSupported)                                                           \
  X(cudaDevP2PAttrCudaArrayAccessSupported)                                                        \
  X(cudaDeviceNumaConfigNone)                                                                      \
  X(cudaDeviceNumaConfigNumaNode)                                                                  \
  X(cudaDevAttrMaxThreadsPerBlock)                                                                 \
  X(cudaDevAttrMaxBlockDimX)                                                                       \
  X(cudaDevAttrMaxBlockDimY)                                                                       \
  X(cudaDevAttrMaxBlockDimZ)                                                                       \
  X(cudaDevAttrMaxGridDimX)                                                                        \
  X(cudaDevAttrMaxGridDimY)                                                                        \
  X(cudaDevAttrMaxGridDimZ)                                                                        \
  X(cudaDevAttrMaxSharedMemoryPerBlock)                                                            \
  X(cudaDevAttrTotalConstantMemory)                                                                \
  X(cudaDevAttrWarpSize)                                                                           \
  X(cudaDevAttrMaxPitch)                                                                           \
  X(cudaDevAttrMaxRegistersPerBlock)                                                               \
  X(cudaDevAttrClockRate)                                                                          \
  X(cudaDevAttrTextureAlignment)                                                                   \
  X(cudaDevAttrGpuOverlap)                                                                         \
  X(cudaDevAttrMultiProcessorCount)                                                                \
  X(cudaDevAttrKernelExecTimeout)                                                                  \
  X(cudaDevAttrIntegrated)                                                                         \
  X(cudaDevAttrCanMapHostMemory)                                                                   \
  X(cudaDevAttrComputeMode)                                                                        \
  X(cudaDevAttrMaxTexture1DWidth)                                                                  \
  X(cudaDevAttrMaxTexture2DWidth)                                                                  \
  X(cudaDevAttrMaxTexture2DHeight)                                                                 \
  X(cudaDevAttrMaxTexture3DWidth)                                                                  \
  X(cudaDevAttrMaxTexture3DHeight)                                                                 \
  X(cudaDevAttrMaxTexture3DDepth)                                                                  \
  X(cudaDevAttrMaxTexture2DLayeredWidth)                                                           \
  X(cudaDevAttrMaxTexture2DLayeredHeight)                                                          \
  X(cudaDevAttrMaxTexture2DLayeredLayers)                                                          \
  X(cudaDevAttrSurfaceAlignment)                                                                   \
  X(cudaDevAttrConcurrentKernels)                                                                  \
  X(cudaDevAttrEccEnabled)                                                                         \
  X(cudaDevAttrPciBusId)                                                                           \
  X(cudaDevAttrPciDeviceId)                                                                        \
  X(cudaDevAttrTccDriver)                                                                          \
  X(cudaDevAttrMemoryClockRate)                                                                    \
  X(cudaDevAttrGlobalMemoryBusWidth)                                                               \
  X(cudaDevAttrL2CacheSize)                                                                        \
  X(cudaDevAttrMaxThreadsPerMultiProcessor)                                                        \
  X(cudaDevAttrAsyncEngineCount)                                                                   \
  X(cudaDevAttrUnifiedAddressing)                                                                  \
  X(cudaDevAttrMaxTexture1DLayeredWidth)                                                           \
  X(cudaDevAttrMaxTexture1DLayeredLayers)                                                          \
  X(cudaDevAttrMaxTexture2DGatherWidth)                                                            \
  X(cudaDevAttrMaxTexture2DGatherHeight)                                                           \
  X(cudaDevAttrMaxTexture3DWidthAlt)                                                               \
  X(cudaDevAttrMaxTexture3DHeightAlt)                                                              \
  X(cudaDevAttrMaxTexture3DDepthAlt)                                                               \
  X(cudaDevAttrPciDomainId)                                                                        \
  X(cudaDevAttrTexturePitchAlignment)                                                              \
  X(cudaDevAttrMaxTextureCubemapWidth)                                                             \
  X(cudaDevAttrMaxTextureCubemapLayeredWidth)                                                      \
  X(cudaDevAttrMaxTextureCubemapLayeredLayers)                                                     \
  X(cudaDevAttrMaxSurface1DWidth)                                                                  \
  X(cudaDevAttrMaxSurface2DWidth)                                                                  \
  X(cudaDevAttrMaxSurface2DHeight)                                                                 \
  X(cudaDevAttrMaxSurface3DWidth)                                                                  \
  X(cudaDevAttrMaxSurface3DHeight)                                                                 \
  X(cudaDevAttrMaxSurface3DDepth)                                                                  \
  X(cudaDevAttrMaxSurface1DLayeredWidth)                                                           \
  X(cudaDevAttrMaxSurface1DLayeredLayers)                                                          \
  X(cudaDevAttrMaxSurface2DLayeredWidth)                                                           \
  X(cudaDevAttrMaxSurface2DLayeredHeight)                                                          \
  X(cudaDevAttrMaxSurface2DLayeredLayers)                                                          \
  X(cudaDevAttrMaxSurfaceCubemapWidth)                                                             \
  X(cudaDevAttrMaxSurfaceCubemapLayeredWidth)                                                      \
  X(cudaDevAttrMaxSurfaceCubemapLayeredLayers)                                                     \
  X(cudaDevAttrMaxTexture1DLinearWidth)                                                            \
  X(cudaDevAttrMaxTexture2DLinearWidth)                                                            \
  X(cudaDevAttrMaxTexture2DLinearHeight)                                                           \
  X(cudaDevAttrMaxTexture2DLinearPitch)                                                            \
  X(cudaDevAttrMaxTexture2DMipmappedWidth)                                                         \
  X(cudaDevAttrMaxTexture2DMipmappedHeight)                                                        \
  X(cudaDevAttrComputeCapabilityMajor)                                                             \
  X(cudaDevAttrComputeCapabilityMinor)                                                             \
  X(cudaDevAttrMaxTexture1DMipmappedWidth)                                                         \
  X(cudaDevAttrStreamPrioritiesSupported)                                                          \
  X(cudaDevAttrGlobalL1CacheSupported)                                                             \
  X(cudaDevAttrLocalL1CacheSupported)                                                              \
  X(cudaDevAttrMaxSharedMemoryPerMultiprocessor)                                                   \
  X(cudaDevAttrMaxRegistersPerMultiprocessor)                                                      \
  X(cudaDevAttrManagedMemory)                                                                      \
  X(cudaDevAttrIsMultiGpuBoard)                                                                    \
  X(cudaDevAttrMultiGpuBoardGroupID)                                                               \
  X(cudaDevAttrHostNativeAtomicSupported)                                                          \
  X(cudaDevAttrSingleToDoublePrecisionPerfRatio)                                                   \
  X(cudaDevAttrPageableMemoryAccess)                                                               \
  X(cudaDevAttrConcurrentManagedAccess)                                                            \
  X(cudaDevAttrComputePreemptionSupported)                                                         \
  X(cudaDevAttrCanUseHostPointerForRegisteredMem)                                                  \
  X(cudaDevAttrReserved92)                                                                         \
  X(cudaDevAttrReserved93)                                                                         \
  X(cudaDevAttrReserved94)                                                                         \
  X(cudaDevAttrCooperativeLaunch)                                                                  \
  X(cudaDevAttrMaxSharedMemoryPerBlockOptin)                                                       \
  X(cudaDevAttrCanFlushRemoteWrites)                                                               \
  X(cudaDevAttrHostRegisterSupported)                                                              \
  X(cudaDevAttrPageableMemoryAccessUsesHostPageTables)                                             \
  X(cudaDevAttrDirectManagedMemAccessFromHost)                                                     \
  X(cudaDevAttrMaxBlocksPerMultiprocessor)                                                         \
  X(cudaDevAttrMaxPersistingL2CacheSize)                                                           \
  X(cudaDevAttrMaxAccessPolicyWindowSize)                                                          \
  X(cudaDevAttrReservedSharedMemoryPerBlock)                                                       \
  X(cudaDevAttrSparseCudaArraySupported)                                                           \
  X(cudaDevAttrHostRegisterReadOnlySupported)                                                      \
  X(cudaDevAttrTimelineSemaphoreInteropSupported)                                                  \
  X(cudaDevAttrMemoryPoolsSupported)                                                               \
  X(cudaDevAttrGPUDirectRDMASupported)                                                             \
  X(cudaDevAttrGPUDirectRDMAFlushWritesOptions)                                                    \
  X(cudaDevAttrGPUDirectRDMAWritesOrdering)                                                        \
  X(cudaDevAttrMemoryPoolSupportedHandleTypes)                                                     \
  X(cudaDevAttrClusterLaunch)                                                                      \
  X(cudaDevAttrDeferredMappingCudaArraySupported)                                                  \
  X(cudaDevAttrReserved122)                                                                        \
  X(cudaDevAttrReserved123)                                                                        \
  X(cudaDevAttrReserved124)                                                                        \
  X(cudaDevAttrIpcEventSupport)                                                                    \
  X(cudaDevAttrMemSyncDomainCount)                                                                 \
  X(cudaDevAttrReserved127)                                                                        \
  X(cudaDevAttrReserved128)                                                                        \
  X(cudaDevAttrReserved129)                                                                        \
  X(cudaDevAttrNumaConfig)                                                                         \
  X(cudaDevAttrNumaId)                                                                             \
  X(cudaDevAttrReserved132)                                                                        \
  X(cudaDevAttrMpsEnabled)                                                                         \
  X(cudaDevAttrHostNumaId)                                                                         \
  X(cudaDevAttrD3D12CigSupported)                                                                  \
  X(cudaDevAttrGpuPciDeviceId)                                                                     \
  X(cudaDevAttrGpuPciSubsystemId)                                                                  \
  X(cudaDevAttrHostNumaMultinodeIpcSupported)                                                      \
  X(cudaDevAttrMax)                                                                                \
  X(cudaLaunchAttributeIgnore)                                                                     \
  X(cudaLaunchAttributeAccessPolicyWindow)                                                         \
  X(cudaLaunchAttributeCooperative)                                                                \
  X(cudaLaunchAttributeSynchronizationPolicy)                                                      \
  X(cudaLaunchAttributeClusterDimension)                                                           \
  X(cudaLaunchAttributeClusterSchedulingPolicyPreference)                                          \
  X(cudaLaunchAttributeProgrammaticStreamSerialization)                                            \
  X(cudaLaunchAttributeProgrammaticEvent)                                                          \
  X(cudaLaunchAttributePriority)                                                                   \
  X(cudaLaunchAttributeMemSyncDomainMap)                                                           \
  X(cudaLaunchAttributeMemSyncDomain)                                                              \
  X(cudaLaunchAttributePreferredClusterDimension)                                                  \
  X(cudaLaunchAttributeLaunchCompletionEvent)                                                      \
  X(cudaLaunchAttributeDeviceUpdatableKernelNode)                                                  \
  X(cudaLaunchAttributePreferredSharedMemoryCarveout)                                              \
  X(cudaLaunchMemSyncDomainDefault)                                                                \
  X(cudaLaunchMemSyncDomainRemote)

#define ABI_ENUMERATORS_CUDA12_ONLY(X)                                                             \
  X(cudaDevAttrCooperativeMultiDeviceLaunch)                                                       \
  X(cudaDevAttrMaxTimelineSemaphoreInteropSupported)

/* Flag and constant macros. */
#define ABI_MACROS(X)                                                                              \
  X(CUDA_IPC_HANDLE_SIZE)                                                                          \
  X(cudaHostAllocDefault)                                                                          \
  X(cudaHostAllocPortable)                                                                         \
  X(cudaHostAllocMapped)                                                                           \
  X(cudaHostAllocWriteCombined)                                                                    \
  X(cudaHostRegisterDefault)                                                                       \
  X(cudaHostRegisterPortable)                                                                      \
  X(cudaHostRegisterMapped)                                                                        \
  X(cudaHostRegisterIoMemory)                                                                      \
  X(cudaHostRegisterReadOnly)                                                                      \
  X(cudaPeerAccessDefault)                                                                         \
  X(cudaStreamDefault)                                                                             \
  X(cudaStreamNonBlocking)                                                                         \
  X(cudaStreamLegacy)                                                                              \
  X(cudaStreamPerThread)                                                                           \
  X(cudaEventDefault)                                                                              \
  X(cudaEventBlockingSync)                                                                         \
  X(cudaEventDisableTiming)                                                                        \
  X(cudaEventInterprocess)                                                                         \
  X(cudaEventRecordDefault)                                                                        \
  X(cudaEventRecordExternal)                                                                       \
  X(cudaEventWaitDefault)                                                                          \
  X(cudaEventWaitExternal)                                                                         \
  X(cudaDeviceScheduleAuto)                                                                        \
  X(cudaDeviceScheduleSpin)                                                                        \
  X(cudaDeviceScheduleYield)                                                                       \
  X(cudaDeviceScheduleBlockingSync)                                                                \
  X(cudaDeviceBlockingSync)                                                                        \
  X(cudaDeviceScheduleMask)                                                                        \
  X(cudaDeviceMapHost)                                                                             \
  X(cudaDeviceLmemResizeToMax)                                                                     \
  X(cudaDeviceSyncMemops)                                                                          \
  X(cudaDeviceMask)                                                                                \
  X(cudaArrayDefault)                                                                              \
  X(cudaArrayLayered)                                                                              \
  X(cudaArraySurfaceLoadStore)                                                                     \
  X(cudaArrayCubemap)                                                                              \
  X(cudaArrayTextureGather)                                                                        \
  X(cudaArrayColorAttachment)                                                                      \
  X(cudaArraySparse)                                                                               \
  X(cudaArrayDeferredMapping)                                                                      \
  X(cudaArraySparsePropertiesSingleMipTail)                                                        \
  X(cudaIpcMemLazyEnablePeerAccess)                                                                \
  X(cudaMemAttachGlobal)                                                                           \
  X(cudaMemAttachHost)                                                                             \
  X(cudaMemAttachSingle)                                                                           \
  X(cudaOccupancyDefault)                                                                          \
  X(cudaOccupancyDisableCachingOverride)                                                           \
  X(cudaCpuDeviceId)                                                                               \
  X(cudaInvalidDeviceId)                                                                           \
  X(cudaInitDeviceFlagsAreValid)                                                                   \
  X(cudaExternalMemoryDedicated)                                                                   \
  X(cudaExternalSemaphoreSignalSkipNvSciBufMemSync)                                                \
  X(cudaExternalSemaphoreWaitSkipNvSciBufMemSync)                                                  \
  X(cudaNvSciSyncAttrSignal)                                                                       \
  X(cudaNvSciSyncAttrWait)                                                                         \
  X(cudaGraphKernelNodePortDefault)                                                                \
  X(cudaGraphKernelNodePortProgrammatic)                                                           \
  X(cudaGraphKernelNodePortLaunchCompletion)

#define ABI_MACROS_CUDA12_ONLY(X)                                                                  \
  X(cudaCooperativeLaunchMultiDeviceNoPreSync)                                                     \
  X(cudaCooperativeLaunchMultiDeviceNoPostSync)

/* Enum types (their size is part of the ABI). */
#define ABI_ENUM_TYPES(X)                                                                          \
  X(cudaError)                                                                                     \
  X(cudaMemcpyKind)                                                                                \
  X(cudaMemoryType)                                                                                \
  X(cudaChannelFormatKind)                                                                         \
  X(cudaStreamCaptureStatus)                                                                       \
  X(cudaStreamCaptureMode)                                                                         \
  X(cudaAccessProperty)                                                                            \
  X(cudaSynchronizationPolicy)                                                                     \
  X(cudaClusterSchedulingPolicy)                                                                   \
  X(cudaFuncAttribute)                                                                             \
  X(cudaFuncCache)                                                                                 \
  X(cudaSharedMemConfig)                                                                           \
  X(cudaSharedCarveout)                                                                            \
  X(cudaComputeMode)                                                                               \
  X(cudaLimit)                                                                                     \
  X(cudaMemoryAdvise)                                                                              \
  X(cudaMemRangeAttribute)                                                                         \
  X(cudaDeviceP2PAttr)                                                                             \
  X(cudaDeviceNumaConfig)                                                                          \
  X(cudaDeviceAttr)                                                                                \
  X(cudaLaunchAttributeID)                                                                         \
  X(cudaLaunchMemSyncDomain)

/* Structs: size and alignment. */
#define ABI_STRUCTS(X)                                                                             \
  X(cudaIpcEventHandle_st)                                                                         \
  X(cudaIpcMemHandle_st)                                                                           \
  X(CUuuid_st)                                                                                     \
  X(cudaChannelFormatDesc)                                                                         \
  X(cudaExtent)                                                                                    \
  X(cudaPos)                                                                                       \
  X(cudaPitchedPtr)                                                                                \
  X(cudaMemcpy3DParms)                                                                             \
  X(cudaMemcpy3DPeerParms)                                                                         \
  X(cudaPointerAttributes)                                                                         \
  X(cudaFuncAttributes)                                                                            \
  X(cudaDeviceProp)                                                                                \
  X(char1)                                                                                         \
  X(char2)                                                                                         \
  X(char3)                                                                                         \
  X(char4)                                                                                         \
  X(uchar1)                                                                                        \
  X(uchar2)                                                                                        \
  X(uchar3)                                                                                        \
  X(uchar4)                                                                                        \
  X(short1)                                                                                        \
  X(short2)                                                                                        \
  X(short3)                                                                                        \
  X(short4)                                                                                        \
  X(ushort1)                                                                                       \
  X(ushort2)                                                                                       \
  X(ushort3)                                                                                       \
  X(ushort4)                                                                                       \
  X(int1)                                                                                          \
  X(int2)                                                                                          \
  X(int3)                                                                                          \
  X(int4)                                                                                          \
  X(uint1)                                                                                         \
  X(uint2)                                                                                         \
  X(uint3)                                                                                         \
  X(uint4)                                                                                         \
  X(long1)                                                                                         \
  X(long2)                                                                                         \
  X(long3)                                                                                         \
  X(long4)                                                                                         \
  X(ulong1)                                                                                        \
  X(ulong2)                                                                                        \
  X(ulong3)                                                                                        \
  X(ulong4)                                                                                        \
  X(longlong1)                                                                                     \
  X(longlong2)                                                                                     \
  X(longlong3)                                                                                     \
  X(longlong4)                                                                                     \
  X(ulonglong1)                                                                                    \
  X(ulonglong2)                                                                                    \
  X(ulonglong3)                                                                                    \
  X(ulonglong4)                                                                                    \
  X(float1)                                                                                        \
  X(float2)                                                                                        \
  X(float3)                                                                                        \
  X(float4)                                                                                        \
  X(double1)                                                                                       \
  X(double2)                                                                                       \
  X(double3)                                                                                       \
  X(double4)                                                                                       \
  X(dim3)

/* Typedef names. */
#define ABI_TYPEDEFS(X)                                                                            \
  X(cudaError_t)                                                                                   \
  X(cudaStream_t)                                                                                  \
  X(cudaEvent_t)                                                                                   \
  X(cudaGraph_t)                                                                                   \
  X(cudaGraphNode_t)                                                                               \
  X(cudaGraphExec_t)                                                                               \
  X(cudaMemPool_t)                                                                                 \
  X(cudaUserObject_t)                                                                              \
  X(cudaFunction_t)                                                                                \
  X(cudaKernel_t)                                                                                  \
  X(cudaLibrary_t)                                                                                 \
  X(cudaExternalMemory_t)                                                                          \
  X(cudaExternalSemaphore_t)                                                                       \
  X(cudaGraphDeviceNode_t)                                                                         \
  X(cudaArray_t)                                                                                   \
  X(cudaArray_const_t)                                                                             \
  X(cudaMipmappedArray_t)                                                                          \
  X(cudaMipmappedArray_const_t)                                                                    \
  X(cudaGraphicsResource_t)                                                                        \
  X(cudaAsyncCallbackHandle_t)                                                                     \
  X(cudaGraphConditionalHandle)                                                                    \
  X(cudaIpcEventHandle_t)                                                                          \
  X(cudaIpcMemHandle_t)                                                                            \
  X(cudaHostFn_t)                                                                                  \
  X(cudaStreamCallback_t)                                                                          \
  X(cudaUUID_t)                                                                                    \
  X(CUuuid)                                                                                        \
  X(cudaLaunchAttributeID)                                                                         \
  X(cudaLaunchMemSyncDomain)

#define ABI_TYPEDEFS_CUDA12_ONLY(X) /* none */

/* Struct fields. */
#define ABI_FIELDS(X)                                                                              \
  X(cudaIpcEventHandle_st, reserved)                                                               \
  X(cudaIpcMemHandle_st, reserved)                                                                 \
  X(CUuuid_st, bytes)                                                                              \
  X(cudaChannelFormatDesc, x)                                                                      \
  X(cudaChannelFormatDesc, y)                                                                      \
  X(cudaChannelFormatDesc, z)                                                                      \
  X(cudaChannelFormatDesc, w)                                                                      \
  X(cudaChannelFormatDesc, f)                                                                      \
  X(cudaExtent, width)                                                                             \
  X(cudaExtent, height)                                                                            \
  X(cudaExtent, depth)                                                                             \
  X(cudaPos, x)                                                                                    \
  X(cudaPos, y)                                                                                    \
  X(cudaPos, z)                                                                                    \
  X(cudaPitchedPtr, ptr)                                                                           \
  X(cudaPitchedPtr, pitch)                                                                         \
  X(cudaPitchedPtr, xsize)                                                                         \
  X(cudaPitchedPtr, ysize)                                                                         \
  X(cudaMemcpy3DParms, srcArray)                                                                   \
  X(cudaMemcpy3DParms, srcPos)                                                                     \
  X(cudaMemcpy3DParms, srcPtr)                                                                     \
  X(cudaMemcpy3DParms, dstArray)                                                                   \
  X(cudaMemcpy3DParms, dstPos)                                                                     \
  X(cudaMemcpy3DParms, dstPtr)                                                                     \
  X(cudaMemcpy3DParms, extent)                                                                     \
  X(cudaMemcpy3DParms, kind)                                                                       \
  X(cudaMemcpy3DPeerParms, srcArray)                                                               \
  X(cudaMemcpy3DPeerParms, srcPos)                                                                 \
  X(cudaMemcpy3DPeerParms, srcPtr)                                                                 \
  X(cudaMemcpy3DPeerParms, srcDevice)                                                              \
  X(cudaMemcpy3DPeerParms, dstArray)                                                               \
  X(cudaMemcpy3DPeerParms, dstPos)                                                                 \
  X(cudaMemcpy3DPeerParms, dstPtr)                                                                 \
  X(cudaMemcpy3DPeerParms, dstDevice)                                                              \
  X(cudaMemcpy3DPeerParms, extent)                                                                 \
  X(cudaPointerAttributes, type)                                                                   \
  X(cudaPointerAttributes, device)                                                                 \
  X(cudaPointerAttributes, devicePointer)                                                          \
  X(cudaPointerAttributes, hostPointer)                                                            \
  X(cudaFuncAttributes, sharedSizeBytes)                                                           \
  X(cudaFuncAttributes, constSizeBytes)                                                            \
  X(cudaFuncAttributes, localSizeBytes)                                                            \
  X(cudaFuncAttributes, maxThreadsPerBlock)                                                        \
  X(cudaFuncAttributes, numRegs)                                                                   \
  X(cudaFuncAttributes, ptxVersion)                                                                \
  X(cudaFuncAttributes, binaryVersion)                                                             \
  X(cudaFuncAttributes, cacheModeCA)                                                               \
  X(cudaFuncAttributes, maxDynamicSharedSizeBytes)                                                 \
  X(cudaFuncAttributes, preferredShmemCarveout)                                                    \
  X(cudaFuncAttributes, clusterDimMustBeSet)                                                       \
  X(cudaFuncAttributes, requiredClusterWidth)                                                      \
  X(cudaFuncAttributes, requiredClusterHeight)                                                     \
  X(cudaFuncAttributes, requiredClusterDepth)                                                      \
  X(cudaFuncAttributes, clusterSchedulingPolicyPreference)                                         \
  X(cudaFuncAttributes, nonPortableClusterSizeAllowed)                                             \
  X(cudaFuncAttributes, reserved)                                                                  \
  X(cudaDeviceProp, name)                                                                          \
  X(cudaDeviceProp, uuid)                                                                          \
  X(cudaDeviceProp, luid)                                                                          \
  X(cudaDeviceProp, luidDeviceNodeMask)                                                            \
  X(cudaDeviceProp, totalGlobalMem)                                                                \
  X(cudaDeviceProp, sharedMemPerBlock)                                                             \
  X(cudaDeviceProp, regsPerBlock)                                                                  \
  X(cudaDeviceProp, warpSize)                                                                      \
  X(cudaDeviceProp, memPitch)                                                                      \
  X(cudaDeviceProp, maxThreadsPerBlock)                                                            \
  X(cudaDeviceProp, maxThreadsDim)                                                                 \
  X(cudaDeviceProp, maxGridSize)                                                                   \
  X(cudaDeviceProp, totalConstMem)                                                                 \
  X(cudaDeviceProp, major)                                                                         \
  X(cudaDeviceProp, minor)                                                                         \
  X(cudaDeviceProp, textureAlignment)                                                              \
  X(cudaDeviceProp, texturePitchAlignment)                                                         \
  X(cudaDeviceProp, multiProcessorCount)                                                           \
  X(cudaDeviceProp, integrated)                                                                    \
  X(cudaDeviceProp, canMapHostMemory)                                                              \
  X(cudaDeviceProp, maxTexture1D)                                                                  \
  X(cudaDeviceProp, maxTexture1DMipmap)                                                            \
  X(cudaDeviceProp, maxTexture2D)                                                                  \
  X(cudaDeviceProp, maxTexture2DMipmap)                                                            \
  X(cudaDeviceProp, maxTexture2DLinear)                                                            \
  X(cudaDeviceProp, maxTexture2DGather)                                                            \
  X(cudaDeviceProp, maxTexture3D)                                                                  \
  X(cudaDeviceProp, maxTexture3DAlt)                                                               \
  X(cudaDeviceProp, maxTextureCubemap)                                                             \
  X(cudaDeviceProp, maxTexture1DLayered)                                                           \
  X(cudaDeviceProp, maxTexture2DLayered)                                                           \
  X(cudaDeviceProp, maxTextureCubemapLayered)                                                      \
  X(cudaDeviceProp, maxSurface1D)                                                                  \
  X(cudaDeviceProp, maxSurface2D)                                                                  \
  X(cudaDeviceProp, maxSurface3D)                                                                  \
  X(cudaDeviceProp, maxSurface1DLayered)                                                           \
  X(cudaDeviceProp, maxSurface2DLayered)                                                           \
  X(cudaDeviceProp, maxSurfaceCubemap)                                                             \
  X(cudaDeviceProp, maxSurfaceCubemapLayered)                                                      \
  X(cudaDeviceProp, surfaceAlignment)                                                              \
  X(cudaDeviceProp, concurrentKernels)                                                             \
  X(cudaDeviceProp, ECCEnabled)                                                                    \
  X(cudaDeviceProp, pciBusID)                                                                      \
  X(cudaDeviceProp, pciDeviceID)                                                                   \
  X(cudaDeviceProp, pciDomainID)                                                                   \
  X(cudaDeviceProp, tccDriver)                                                                     \
  X(cudaDeviceProp, asyncEngineCount)                                                              \
  X(cudaDeviceProp, unifiedAddressing)                                                             \
  X(cudaDeviceProp, memoryBusWidth)                                                                \
  X(cudaDeviceProp, l2CacheSize)                                                                   \
  X(cudaDeviceProp, persistingL2CacheMaxSize)                                                      \
  X(cudaDeviceProp, maxThreadsPerMultiProcessor)                                                   \
  X(cudaDeviceProp, streamPrioritiesSupported)                                                     \
  X(cudaDeviceProp, globalL1CacheSupported)                                                        \
  X(cudaDeviceProp, localL1CacheSupported)                                                         \
  X(cudaDeviceProp, sharedMemPerMultiprocessor)                                                    \
  X(cudaDeviceProp, regsPerMultiprocessor)                                                         \
  X(cudaDeviceProp, managedMemory)                                                                 \
  X(cudaDeviceProp, isMultiGpuBoard)                                                               \
  X(cudaDeviceProp, multiGpuBoardGroupID)                                                          \
  X(cudaDeviceProp, hostNativeAtomicSupported)                                                     \
  X(cudaDeviceProp, pageableMemoryAccess)                                                          \
  X(cudaDeviceProp, concurrentManagedAccess)                                                       \
  X(cudaDeviceProp, computePreemptionSupported)                                                    \
  X(cudaDeviceProp, canUseHostPointerForRegisteredMem)                                             \
  X(cudaDeviceProp, cooperativeLaunch)                                                             \
  X(cudaDeviceProp, sharedMemPerBlockOptin)                                                        \
  X(cudaDeviceProp, pageableMemoryAccessUsesHostPageTables)                                        \
  X(cudaDeviceProp, directManagedMemAccessFromHost)                                                \
  X(cudaDeviceProp, maxBlocksPerMultiProcessor)                                                    \
  X(cudaDeviceProp, accessPolicyMaxWindowSize)                                                     \
  X(cudaDeviceProp, reservedSharedMemPerBlock)                                                     \
  X(cudaDeviceProp, hostRegisterSupported)                                                         \
  X(cudaDeviceProp, sparseCudaArraySupported)                                                      \
  X(cudaDeviceProp, hostRegisterReadOnlySupported)                                                 \
  X(cudaDeviceProp, timelineSemaphoreInteropSupported)                                             \
  X(cudaDeviceProp, memoryPoolsSupported)                                                          \
  X(cudaDeviceProp, gpuDirectRDMASupported)                                                        \
  X(cudaDeviceProp, gpuDirectRDMAFlushWritesOptions)                                               \
  X(cudaDeviceProp, gpuDirectRDMAWritesOrdering)                                                   \
  X(cudaDeviceProp, memoryPoolSupportedHandleTypes)                                                \
  X(cudaDeviceProp, deferredMappingCudaArraySupported)                                             \
  X(cudaDeviceProp, ipcEventSupported)                                                             \
  X(cudaDeviceProp, clusterLaunch)                                                                 \
  X(cudaDeviceProp, unifiedFunctionPointers)                                                       \
  X(cudaDeviceProp, reserved)                                                                      \
  X(char1, x)                                                                                      \
  X(char2, x)                                                                                      \
  X(char2, y)                                                                                      \
  X(char3, x)                                                                                      \
  X(char3, y)                                                                                      \
  X(char3, z)                                                                                      \
  X(char4, x)                                                                                      \
  X(char4, y)                                                                                      \
  X(char4, z)                                                                                      \
  X(char4, w)                                                                                      \
  X(uchar1, x)                                                                                     \
  X(uchar2, x)                                                                                     \
  X(uchar2, y)                                                                                     \
  X(uchar3, x)                                                                                     \
  X(uchar3, y)                                                                                     \
  X(uchar3, z)                                                                                     \
  X(uchar4, x)                                                                                     \
  X(uchar4, y)                                                                                     \
  X(uchar4, z)                                                                                     \
  X(uchar4, w)                                                                                     \
  X(short1, x)                                                                                     \
  X(short2, x)                                                                                     \
  X(short2, y)                                                                                     \
  X(short3, x)                                                                                     \
  X(short3, y)                                                                                     \
  X(short3, z)                                                                                     \
  X(short4, x)                                                                                     \
  X(short4, y)                                                                                     \
  X(short4, z)                                                                                     \
  X(short4, w)                                                                                     \
  X(ushort1, x)                                                                                    \
  X(ushort2, x)                                                                                    \
  X(ushort2, y)                                                                                    \
  X(ushort3, x)                                                                                    \
  X(ushort3, y)                                                                                    \
  X(ushort3, z)                                                                                    \
  X(ushort4, x)                                                                                    \
  X(ushort4, y)                                                                                    \
  X(ushort4, z)                                                                                    \
  X(ushort4, w)                                                                                    \
  X(int1, x)                                                                                       \
  X(int2, x)                                                                                       \
  X(int2, y)                                                                                       \
  X(int3, x)                                                                                       \
  X(int3, y)                                                                                       \
  X(int3, z)                                                                                       \
  X(int4, x)                                                                                       \
  X(int4, y)                                                                                       \
  X(int4, z)                                                                                       \
  X(int4, w)                                                                                       \
  X(uint1, x)                                                                                      \
  X(uint2, x)                                                                                      \
  X(uint2, y)                                                                                      \
  X(uint3, x)                                                                                      \
  X(uint3, y)                                                                                      \
  X(uint3, z)                                                                                      \
  X(uint4, x)                                                                                      \
  X(uint4, y)                                                                                      \
  X(uint4, z)                                                                                      \
  X(uint4, w)                                                                                      \
  X(long1, x)                                                                                      \
  X(long2, x)                                                                                      \
  X(long2, y)                                                                                      \
  X(long3, x)                                                                                      \
  X(long3, y)                                                                                      \
  X(long3, z)                                                                                      \
  X(long4, x)                                                                                      \
  X(long4, y)                                                                                      \
  X(long4, z)                                                                                      \
  X(long4, w)                                                                                      \
  X(ulong1, x)                                                                                     \
  X(ulong2, x)                                                                                     \
  X(ulong2, y)                                                                                     \
  X(ulong3, x)                                                                                     \
  X(ulong3, y)                                                                                     \
  X(ulong3, z)                                                                                     \
  X(ulong4, x)                                                                                     \
  X(ulong4, y)                                                                                     \
  X(ulong4, z)                                                                                     \
  X(ulong4, w)                                                                                     \
  X(longlong1, x)                                                                                  \
  X(longlong2, x)                                                                                  \
  X(longlong2, y)                                                                                  \
  X(longlong3, x)                                                                                  \
  X(longlong3, y)                                                                                  \
  X(longlong3, z)                                                                                  \
  X(longlong4, x)                                                                                  \
  X(longlong4, y)                                                                                  \
  X(longlong4, z)                                                                                  \
  X(longlong4, w)                                                                                  \
  X(ulonglong1, x)                                                                                 \
  X(ulonglong2, x)                                                                                 \
  X(ulonglong2, y)                                                                                 \
  X(ulonglong3, x)                                                                                 \
  X(ulonglong3, y)                                                                                 \
  X(ulonglong3, z)                                                                                 \
  X(ulonglong4, x)                                                                                 \
  X(ulonglong4, y)                                                                                 \
  X(ulonglong4, z)                                                                                 \
  X(ulonglong4, w)                                                                                 \
  X(float1, x)                                                                                     \
  X(float2, x)                                                                                     \
  X(float2, y)                                                                                     \
  X(float3, x)                                                                                     \
  X(float3, y)                                                                                     \
  X(float3, z)                                                                                     \
  X(float4, x)                                                                                     \
  X(float4, y)                                                                                     \
  X(float4, z)                                                                                     \
  X(float4, w)                                                                                     \
  X(double1, x)                                                                                    \
  X(double2, x)                                                                                    \
  X(double2, y)                                                                                    \
  X(double3, x)                                                                                    \
  X(double3, y)                                                                                    \
  X(double3, z)                                                                                    \
  X(double4, x)                                                                                    \
  X(double4, y)                                                                                    \
  X(double4, z)                                                                                    \
  X(double4, w)                                                                                    \
  X(dim3, x)                                                                                       \
  X(dim3, y)                                                                                       \
  X(dim3, z)

#define ABI_FIELDS_CUDA12_ONLY(X)                                                                  \
  X(cudaDeviceProp, clockRate)                                                                     \
  X(cudaDeviceProp, deviceOverlap)                                                                 \
  X(cudaDeviceProp, kernelExecTimeoutEnabled)                                                      \
  X(cudaDeviceProp, computeMode)                                                                   \
  X(cudaDeviceProp, maxTexture1DLinear)                                                            \
  X(cudaDeviceProp, memoryClockRate)                                                               \
  X(cudaDeviceProp, singleToDoublePrecisionPerfRatio)                                              \
  X(cudaDeviceProp, cooperativeMultiDeviceLaunch)                                                  \
  X(cudaDeviceProp, reserved2)                                                                     \
  X(cudaDeviceProp, reserved1)

int main(void) {
#define CUDA_ERROR(name, value, description) ABI_VALUE(name)
#include "../../include/drawbridge/cuda_errors.def"
  ABI_ENUMERATORS(ABI_VALUE)
  ABI_MACROS(ABI_VALUE)
  ABI_ENUM_TYPES(ABI_ENUM_TYPE)
  ABI_STRUCTS(ABI_STRUCT)
  ABI_TYPEDEFS(ABI_TYPEDEF)
  ABI_FIELDS(ABI_FIELD)
#if ABI_HAVE_CUDA12_ONLY
  ABI_ENUMERATORS_CUDA12_ONLY(ABI_VALUE)
  ABI_MACROS_CUDA12_ONLY(ABI_VALUE)
  ABI_TYPEDEFS_CUDA12_ONLY(ABI_TYPEDEF)
  ABI_FIELDS_CUDA12_ONLY(ABI_FIELD)
#endif
  return 0;
}
