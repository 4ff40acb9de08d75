// Texture objects over linear and pitched 2D memory. A cudaTextureObject_t is the address of a
// record (drawbridge/texture_object.h) that device code's tex1Dfetch and tex2D read; device
// memory is host memory on the CPU target, so the record holds the resource's own pointer.
// Point sampling with element reads is what they implement: linear filtering, normalised-float
// reads and CUDA arrays are refused at creation with cudaErrorNotSupported, said once on
// stderr, rather than read wrongly later.
#include "api/ApiCall.h"

#include "drawbridge/texture_object.h"

#include <cstdio>
#include <mutex>
#include <set>

using namespace drawbridge::runtime;

namespace {

struct TextureObjects {
  std::mutex mutex;
  std::set<const __drawbridge_texture_object *> live;

  bool contains(cudaTextureObject_t handle) {
    std::lock_guard<std::mutex> lock(mutex);
    return live.count(reinterpret_cast<const __drawbridge_texture_object *>(handle)) != 0;
  }
};

TextureObjects &textureObjects() {
  static TextureObjects *objects = new TextureObjects;
  return *objects;
}

cudaError_t notSupported(const char *what) {
  static std::mutex mutex;
  static std::set<const char *> *said = new std::set<const char *>;
  std::lock_guard<std::mutex> lock(mutex);
  if (said->insert(what).second)
    std::fprintf(stderr,
                 "drawbridge: cudaCreateTextureObject: %s: not supported yet; it returns "
                 "cudaErrorNotSupported\n",
                 what);
  return cudaErrorNotSupported;
}

size_t elementBytes(const cudaChannelFormatDesc &d) { return size_t(d.x + d.y + d.z + d.w) / 8; }

cudaError_t create(cudaTextureObject_t *handle, const cudaResourceDesc *res,
                   const cudaTextureDesc *tex) {
  if (!handle || !res || !tex)
    return cudaErrorInvalidValue;
  if (res->resType == cudaResourceTypeArray || res->resType == cudaResourceTypeMipmappedArray)
    return notSupported("a texture over a CUDA array");
  if (tex->filterMode == cudaFilterModeLinear)
    return notSupported("linear filtering (cudaFilterModeLinear)");
  if (tex->readMode == cudaReadModeNormalizedFloat)
    return notSupported("normalised-float reads (cudaReadModeNormalizedFloat)");
  auto *object = new __drawbridge_texture_object{};
  object->resource = *res;
  object->texture = *tex;
  if (res->resType == cudaResourceTypeLinear) {
    const auto &linear = res->res.linear;
    if (!linear.devPtr || linear.sizeInBytes == 0 || elementBytes(linear.desc) == 0) {
      delete object;
      return cudaErrorInvalidValue;
    }
    object->data = static_cast<const char *>(linear.devPtr);
    object->sizeInBytes = linear.sizeInBytes;
  } else if (res->resType == cudaResourceTypePitch2D) {
    const auto &pitched = res->res.pitch2D;
    size_t bytes = elementBytes(pitched.desc);
    if (!pitched.devPtr || bytes == 0 || pitched.width == 0 || pitched.height == 0 ||
        pitched.pitchInBytes < pitched.width * bytes) {
      delete object;
      return cudaErrorInvalidValue;
    }
    object->data = static_cast<const char *>(pitched.devPtr);
    object->width = pitched.width;
    object->height = pitched.height;
    object->pitchInBytes = pitched.pitchInBytes;
    object->sizeInBytes = pitched.pitchInBytes * pitched.height;
  } else {
    delete object;
    return cudaErrorInvalidValue;
  }
  std::lock_guard<std::mutex> lock(textureObjects().mutex);
  textureObjects().live.insert(object);
  *handle = reinterpret_cast<cudaTextureObject_t>(object);
  return cudaSuccess;
}

} // namespace

extern "C" {

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *) {
  return apiCall([&] { return create(pTexObject, pResDesc, pTexDesc); });
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  return apiCall([&] {
    if (!texObject)
      return cudaSuccess;
    auto *object = reinterpret_cast<const __drawbridge_texture_object *>(texObject);
    {
      std::lock_guard<std::mutex> lock(textureObjects().mutex);
      if (textureObjects().live.erase(object) == 0)
        return cudaErrorInvalidValue;
    }
    delete object;
    return cudaSuccess;
  });
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject) {
  return apiCall([&] {
    if (!pResDesc || !textureObjects().contains(texObject))
      return cudaErrorInvalidValue;
    *pResDesc = reinterpret_cast<const __drawbridge_texture_object *>(texObject)->resource;
    return cudaSuccess;
  });
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject) {
  return apiCall([&] {
    if (!pTexDesc || !textureObjects().contains(texObject))
      return cudaErrorInvalidValue;
    *pTexDesc = reinterpret_cast<const __drawbridge_texture_object *>(texObject)->texture;
    return cudaSuccess;
  });
}

} // extern "C"
