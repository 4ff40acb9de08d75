// The PoCL side of the suite: opens the OpenCL CPU device (PoCL's, where several are present),
// builds a benchmark's .cl file from the suite's source folder and runs its kernels on one
// in-order queue. Every call checks its status and throws, so a failure is reported as that
// implementation's ERROR result. Header-only, like bench.h.
#pragma once

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "bench.h"

#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef SUITE_SOURCE_DIR
#error "SUITE_SOURCE_DIR must name the folder holding the .cl files (run.py defines it)"
#endif

namespace suite::ocl {

inline void check(cl_int status, const char *what) {
  if (status != CL_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed with OpenCL error " +
                             std::to_string(status));
}

// A __local kernel argument of the given size.
struct Local {
  size_t bytes;
};

class Buffer {
public:
  Buffer(cl_context context, cl_command_queue queue, size_t bytes) : Queue(queue), Bytes(bytes) {
    cl_int status;
    Mem = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
    check(status, "clCreateBuffer");
  }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  ~Buffer() { clReleaseMemObject(Mem); }

  cl_mem get() const { return Mem; }
  template <class T> void write(const HostVector<T> &host) {
    check(clEnqueueWriteBuffer(Queue, Mem, CL_TRUE, 0, Bytes, host.data(), 0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
  }
  template <class T> HostVector<T> read() const {
    HostVector<T> host(Bytes / sizeof(T));
    check(clEnqueueReadBuffer(Queue, Mem, CL_TRUE, 0, Bytes, host.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    return host;
  }

private:
  cl_mem Mem;
  cl_command_queue Queue;
  size_t Bytes;
};

class Kernel {
public:
  Kernel(cl_program program, cl_command_queue queue, const char *name) : Queue(queue) {
    cl_int status;
    Handle = clCreateKernel(program, name, &status);
    check(status, name);
  }
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;
  ~Kernel() { clReleaseKernel(Handle); }

  // Sets every argument in order: Buffers, Local sizes and plain values.
  template <class... Args> Kernel &args(const Args &...values) {
    cl_uint index = 0;
    (set(index++, values), ...);
    return *this;
  }
  // Enqueues an NDRange of `global` work-items (rounded up to whole work-groups of `local`).
  void run(size_t global, size_t local) { run2d(global, 1, local, 1); }
  void run2d(size_t globalX, size_t globalY, size_t localX, size_t localY) {
    size_t global[2] = {roundUp(globalX, localX), roundUp(globalY, localY)};
    size_t local[2] = {localX, localY};
    check(clEnqueueNDRangeKernel(Queue, Handle, 2, nullptr, global, local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
  }

private:
  static size_t roundUp(size_t n, size_t multiple) {
    return (n + multiple - 1) / multiple * multiple;
  }
  void set(cl_uint i, const Buffer &b) {
    cl_mem mem = b.get();
    check(clSetKernelArg(Handle, i, sizeof mem, &mem), "clSetKernelArg");
  }
  void set(cl_uint i, Local l) {
    check(clSetKernelArg(Handle, i, l.bytes, nullptr), "clSetKernelArg");
  }
  template <class T> void set(cl_uint i, const T &value) {
    check(clSetKernelArg(Handle, i, sizeof value, &value), "clSetKernelArg");
  }

  cl_kernel Handle;
  cl_command_queue Queue;
};

class Program {
public:
  Program(cl_program handle, cl_command_queue queue) : Handle(handle), Queue(queue) {}
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;
  ~Program() { clReleaseProgram(Handle); }

  std::unique_ptr<Kernel> kernel(const char *name) {
    return std::make_unique<Kernel>(Handle, Queue, name);
  }

private:
  cl_program Handle;
  cl_command_queue Queue;
};

class Device {
public:
  // The CPU device of the PoCL platform (else of any platform); throws Unavailable if none.
  static std::unique_ptr<Device> open() {
    cl_uint count = 0;
    if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0)
      throw Unavailable("no OpenCL platform (install pocl-opencl-icd)");
    std::vector<cl_platform_id> platforms(count);
    clGetPlatformIDs(count, platforms.data(), nullptr);
    cl_device_id chosen = nullptr;
    for (cl_platform_id platform : platforms) {
      cl_device_id device;
      if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, nullptr) != CL_SUCCESS)
        continue;
      char name[256] = {};
      clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name, name, nullptr);
      if (!chosen || std::string(name).find("Portable Computing Language") != std::string::npos)
        chosen = device;
    }
    if (!chosen)
      throw Unavailable("no OpenCL CPU device");
    return std::unique_ptr<Device>(new Device(chosen));
  }
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;
  ~Device() {
    clReleaseCommandQueue(Queue);
    clReleaseContext(Context);
  }

  // Builds SUITE_SOURCE_DIR/<file> with the given options (-D definitions).
  std::unique_ptr<Program> build(const char *file, const std::string &options = "") {
    std::string path = std::string(SUITE_SOURCE_DIR) + "/" + file;
    std::ifstream in(path);
    if (!in)
      throw std::runtime_error("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    const char *sources[] = {source.c_str()};
    cl_int status;
    cl_program program = clCreateProgramWithSource(Context, 1, sources, nullptr, &status);
    check(status, "clCreateProgramWithSource");
    if (clBuildProgram(program, 1, &Id, options.c_str(), nullptr, nullptr) != CL_SUCCESS) {
      size_t size = 0;
      clGetProgramBuildInfo(program, Id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
      std::string log(size, '\0');
      clGetProgramBuildInfo(program, Id, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
      clReleaseProgram(program);
      throw std::runtime_error("building " + path + " failed:\n" + log);
    }
    return std::make_unique<Program>(program, Queue);
  }

  std::unique_ptr<Buffer> buffer(size_t bytes) {
    return std::make_unique<Buffer>(Context, Queue, bytes);
  }
  template <class T> std::unique_ptr<Buffer> buffer(const HostVector<T> &host) {
    auto b = buffer(host.size() * sizeof(T));
    b->write(host);
    return b;
  }

  void finish() { check(clFinish(Queue), "clFinish"); }

  // Work-groups for a grid-stride loop, chosen as gridStrideBlocks() chooses CUDA blocks.
  size_t gridStrideGroups() const {
    cl_uint units = 1;
    clGetDeviceInfo(Id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr);
    return 32 * size_t(units);
  }

private:
  explicit Device(cl_device_id id) : Id(id) {
    cl_int status;
    Context = clCreateContext(nullptr, 1, &Id, nullptr, nullptr, &status);
    check(status, "clCreateContext");
    Queue = clCreateCommandQueueWithProperties(Context, Id, nullptr, &status);
    check(status, "clCreateCommandQueueWithProperties");
  }

  cl_device_id Id;
  cl_context Context;
  cl_command_queue Queue;
};

} // namespace suite::ocl
