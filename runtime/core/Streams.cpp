// Streams and events; see Streams.h.
#include "core/Streams.h"

#include "core/DevicePrintf.h"
#include "core/SpinThenWait.h"

namespace drawbridge::runtime {

namespace {
thread_local bool tPerThreadDefault = false;
} // namespace

bool perThreadDefaultStream() { return tPerThreadDefault; }

PerThreadDefaultStreamScope::PerThreadDefaultStreamScope() : Previous(tPerThreadDefault) {
  tPerThreadDefault = true;
}

PerThreadDefaultStreamScope::~PerThreadDefaultStreamScope() { tPerThreadDefault = Previous; }

Stream::Stream(Kind kind, unsigned int flags, int priority, uint64_t id)
    : StreamKind(kind), Flags(flags), Priority(priority), Id(id) {}

Stream::~Stream() {
  if (Worker.joinable())
    Worker.detach();
}

uint64_t Stream::submittedCount() {
  std::lock_guard<std::mutex> lock(Mutex);
  return Submitted;
}

void Stream::enqueue(std::function<void()> work) {
  enqueueCommand(std::move(work), CommandKind::Work);
}

void Stream::enqueueUserCode(std::function<void()> work) {
  enqueueCommand(std::move(work), CommandKind::UserCode);
}

uint64_t Stream::enqueueMarker(std::function<void()> signal) {
  return enqueueCommand(std::move(signal), CommandKind::Marker);
}

uint64_t Stream::enqueueCommand(std::function<void()> work, CommandKind kind) {
  Command command{std::move(work), {}, kind};
  StreamTable &table = streams();
  if (StreamKind == Kind::Legacy) {
    for (std::shared_ptr<Stream> &other : table.blockingStreams())
      if (uint64_t count = other->submittedCount())
        command.after.push_back({other, count});
  } else if (blocksWithLegacy()) {
    std::shared_ptr<Stream> legacy = table.legacy();
    if (uint64_t count = legacy->submittedCount())
      command.after.push_back({legacy, count});
  }
  return push(std::move(command));
}

uint64_t Stream::push(Command command) {
  std::lock_guard<std::mutex> lock(Mutex);
  Queue.push_back(std::move(command));
  ++Submitted;
  if (!Worker.joinable())
    Worker = std::thread([self = shared_from_this()] { self->run(); });
  Changed.notify_all();
  return Submitted;
}

void Stream::run() {
  std::unique_lock<std::mutex> lock(Mutex);
  for (;;) {
    spinThenWait(lock, Changed, [&] { return frontIsFree() || (Retiring && Queue.empty()); });
    if (Queue.empty())
      return;
    runFront(lock);
  }
}

bool Stream::frontIsFree() const { return !Queue.empty() && !Executing; }

bool Stream::frontIsFreeForOthers() const {
  return frontIsFree() && Queue.front().kind != CommandKind::UserCode;
}

void Stream::runFront(std::unique_lock<std::mutex> &lock) {
  Command command = std::move(Queue.front());
  Queue.pop_front();
  Executing = true;
  lock.unlock();
  for (Dependency &d : command.after)
    d.stream->waitForCount(d.count);
  if (command.kind == CommandKind::Marker) {
    lock.lock();
    command.work();
  } else {
    command.work();
    command = Command{};
    lock.lock();
  }
  Executing = false;
  ++Completed;
  Changed.notify_all();
}

void Stream::waitForCount(uint64_t count) {
  std::unique_lock<std::mutex> lock(Mutex);
  for (;;) {
    if (Completed >= count)
      return;
    if (frontIsFreeForOthers()) {
      runFront(lock);
      continue;
    }
    spinThenWait(lock, Changed, [&] { return Completed >= count || frontIsFreeForOthers(); });
  }
}

void Stream::synchronize() {
  uint64_t target = submittedCount();
  waitForCount(target);
  devicePrintf().flush();
}

void Stream::runAndWait(std::function<void()> work) {
  bool mustQueue = !idle();
  if (!mustQueue) {
    StreamTable &table = streams();
    if (StreamKind == Kind::Legacy) {
      for (std::shared_ptr<Stream> &other : table.blockingStreams())
        mustQueue |= !other->idle();
    } else if (blocksWithLegacy()) {
      mustQueue = !table.legacy()->idle();
    }
  }
  if (mustQueue) {
    enqueue(std::move(work));
    synchronize();
  } else {
    work();
    devicePrintf().flush();
  }
}

bool Stream::idle() {
  std::lock_guard<std::mutex> lock(Mutex);
  return Completed == Submitted;
}

void Stream::retire() {
  std::lock_guard<std::mutex> lock(Mutex);
  Retiring = true;
  Changed.notify_all();
}

void Event::record(Stream &stream) {
  uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    generation = ++Recorded;
  }
  uint64_t position =
      stream.enqueueMarker([self = shared_from_this(), generation] { self->complete(generation); });
  std::lock_guard<std::mutex> lock(Mutex);
  if (generation == Recorded) {
    RecordStream = stream.weak_from_this();
    RecordPosition = position;
  }
}

void Event::complete(uint64_t generation) {
  std::lock_guard<std::mutex> lock(Mutex);
  if (generation > Completed) {
    Completed = generation;
    Time = std::chrono::steady_clock::now();
  }
  Changed.notify_all();
}

bool Event::completed() {
  std::lock_guard<std::mutex> lock(Mutex);
  return Completed >= Recorded;
}

void Event::waitFor(uint64_t generation) {
  std::unique_lock<std::mutex> lock(Mutex);
  spinThenWait(lock, Changed, [&] { return Completed >= generation; });
}

void Event::synchronize() {
  uint64_t generation, position;
  std::shared_ptr<Stream> stream;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    generation = Recorded;
    stream = RecordStream.lock();
    position = RecordPosition;
  }
  if (stream)
    stream->waitForCount(position);
  waitFor(generation);
  devicePrintf().flush();
}

void Event::makeStreamWait(Stream &stream) {
  uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    generation = Recorded;
  }
  if (generation == 0)
    return;
  stream.enqueue([self = shared_from_this(), generation] { self->waitFor(generation); });
}

bool Event::recordedOnce() {
  std::lock_guard<std::mutex> lock(Mutex);
  return Completed > 0;
}

std::chrono::steady_clock::time_point Event::time() {
  std::lock_guard<std::mutex> lock(Mutex);
  return Time;
}

StreamTable &streams() {
  static StreamTable *instance = new StreamTable;
  return *instance;
}

std::shared_ptr<Stream> StreamTable::legacy() {
  std::lock_guard<std::mutex> lock(Mutex);
  if (!Legacy)
    Legacy = std::make_shared<Stream>(Stream::Kind::Legacy, cudaStreamDefault, 0, 0);
  return Legacy;
}

std::shared_ptr<Stream> StreamTable::perThread() {
  std::lock_guard<std::mutex> lock(Mutex);
  std::shared_ptr<Stream> &s = PerThread[std::this_thread::get_id()];
  if (!s)
    s = std::make_shared<Stream>(Stream::Kind::PerThread, cudaStreamDefault, 0, NextId++);
  return s;
}

std::shared_ptr<Stream> StreamTable::resolve(cudaStream_t handle, bool perThreadDefault) {
  if (handle == nullptr)
    return perThreadDefault ? perThread() : legacy();
  if (handle == cudaStreamLegacy)
    return legacy();
  if (handle == cudaStreamPerThread)
    return perThread();
  std::lock_guard<std::mutex> lock(Mutex);
  auto it = Created.find(handle);
  return it == Created.end() ? nullptr : it->second;
}

cudaStream_t StreamTable::create(unsigned int flags, int priority) {
  std::lock_guard<std::mutex> lock(Mutex);
  uint64_t id = NextId++;
  auto stream = std::make_shared<Stream>(Stream::Kind::Created, flags, priority, id);
  auto handle = reinterpret_cast<cudaStream_t>(stream.get());
  Created[handle] = std::move(stream);
  return handle;
}

cudaError_t StreamTable::destroy(cudaStream_t handle) {
  std::shared_ptr<Stream> stream;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    auto it = Created.find(handle);
    if (it == Created.end())
      return cudaErrorInvalidResourceHandle;
    stream = std::move(it->second);
    Created.erase(it);
  }
  // Queued work still runs; the worker holds the stream until it exits.
  stream->retire();
  std::lock_guard<std::mutex> lock(Mutex);
  std::erase_if(Retired, [](const std::weak_ptr<Stream> &s) { return s.expired(); });
  Retired.push_back(stream);
  return cudaSuccess;
}

void StreamTable::synchronizeAll() {
  std::vector<std::shared_ptr<Stream>> all;
  {
    std::lock_guard<std::mutex> lock(Mutex);
    if (Legacy)
      all.push_back(Legacy);
    for (auto &[handle, s] : Created)
      all.push_back(s);
    for (auto &[thread, s] : PerThread)
      all.push_back(s);
    for (std::weak_ptr<Stream> &retired : Retired)
      if (std::shared_ptr<Stream> s = retired.lock())
        all.push_back(s);
  }
  for (std::shared_ptr<Stream> &s : all)
    s->synchronize();
  devicePrintf().flush();
}

std::vector<std::shared_ptr<Stream>> StreamTable::blockingStreams() {
  std::lock_guard<std::mutex> lock(Mutex);
  std::vector<std::shared_ptr<Stream>> result;
  for (auto &[handle, s] : Created)
    if (s->blocksWithLegacy())
      result.push_back(s);
  for (auto &[thread, s] : PerThread)
    result.push_back(s);
  return result;
}

cudaEvent_t StreamTable::createEvent(unsigned int flags) {
  auto event = std::make_shared<Event>(flags);
  auto handle = reinterpret_cast<cudaEvent_t>(event.get());
  std::lock_guard<std::mutex> lock(Mutex);
  Events[handle] = std::move(event);
  return handle;
}

std::shared_ptr<Event> StreamTable::event(cudaEvent_t handle) {
  std::lock_guard<std::mutex> lock(Mutex);
  auto it = Events.find(handle);
  return it == Events.end() ? nullptr : it->second;
}

cudaError_t StreamTable::destroyEvent(cudaEvent_t handle) {
  std::lock_guard<std::mutex> lock(Mutex);
  return Events.erase(handle) ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

} // namespace drawbridge::runtime
