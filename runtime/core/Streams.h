// Streams and events with CUDA's ordering rules, for any backend.
//
// Each stream owns a queue of work executed in order by its own host thread, so that API
// calls return as soon as work is queued. A thread that waits for a stream (synchronising it,
// an event on it, a synchronous copy) runs the queued work it waits for itself, one command at
// a time with the stream's thread, so a launch followed by a wait costs no thread switch; the
// user's callbacks and host functions still run on the stream's thread only.
//
// The legacy default stream synchronises with every blocking stream: its work waits for what
// those streams had queued, and their work waits for what it had queued (streams created with
// cudaStreamNonBlocking are exempt). Per-thread default streams behave like blocking streams.
// Events are recorded by a queued step that stamps the time, and waited on by generation, so
// re-recording an event works as in CUDA.
#pragma once

#include "cuda_runtime_api.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace drawbridge::runtime {

class Stream : public std::enable_shared_from_this<Stream> {
public:
  enum class Kind { Legacy, PerThread, Created };

  Stream(Kind kind, unsigned int flags, int priority, uint64_t id);
  ~Stream();

  // Queues work after everything queued before it (and, by the default-stream rules, after
  // what other streams queued before it).
  void enqueue(std::function<void()> work);
  // Queues the user's own host code (stream callbacks, host functions). It runs only on the
  // stream's thread, as CUDA runs it on a thread of its own, never on a thread that waits for
  // the stream.
  void enqueueUserCode(std::function<void()> work);
  // Queues a marker: `signal` runs when everything before it has, and the stream counts the
  // marker done in the same step, so whoever the signal wakes finds the stream caught up
  // (cudaEventSynchronize then cudaStreamQuery). `signal` must not call into this stream.
  // Returns how many commands must complete for the marker to have run.
  uint64_t enqueueMarker(std::function<void()> signal);
  // Blocks until everything queued so far has run.
  void synchronize();
  // Returns once `count` commands have completed. A waiting thread runs the queued commands
  // it waits for itself (all but the user's host code) instead of handing them to the
  // stream's thread and back.
  void waitForCount(uint64_t count);
  // Runs work in stream order and returns when it has run (the synchronous API calls). When
  // nothing it would have to wait for is queued, it runs right here without a thread switch.
  void runAndWait(std::function<void()> work);
  bool idle();

  Kind kind() const { return StreamKind; }
  unsigned int flags() const { return Flags; }
  int priority() const { return Priority; }
  uint64_t id() const { return Id; }
  bool blocksWithLegacy() const { return !(Flags & cudaStreamNonBlocking); }

  // Asks the worker to finish queued work and exit.
  void retire();

private:
  struct Dependency {
    std::shared_ptr<Stream> stream;
    uint64_t count;
  };
  enum class CommandKind {
    Work,
    UserCode, // runs on the stream's thread only
    Marker,   // work runs under the stream's lock, with the completion count
  };
  struct Command {
    std::function<void()> work;
    std::vector<Dependency> after;
    CommandKind kind = CommandKind::Work;
  };

  uint64_t enqueueCommand(std::function<void()> work, CommandKind kind);
  uint64_t push(Command command);
  // The stream's thread: runs queued commands in order until the stream retires.
  void run();
  // Whether the command at the front of the queue may be taken now, by the stream's thread or
  // by another thread.
  bool frontIsFree() const;
  bool frontIsFreeForOthers() const;
  // Runs the command at the front of the queue on the calling thread. Called and returns with
  // the lock held; one command runs at a time, whichever thread takes it.
  void runFront(std::unique_lock<std::mutex> &lock);
  uint64_t submittedCount();

  const Kind StreamKind;
  const unsigned int Flags;
  const int Priority;
  const uint64_t Id;

  std::mutex Mutex;
  std::condition_variable Changed;
  std::deque<Command> Queue;
  uint64_t Submitted = 0;
  uint64_t Completed = 0;
  bool Executing = false; // a command taken from the queue is running
  bool Retiring = false;
  std::thread Worker;

  friend class StreamTable;
};

class Event : public std::enable_shared_from_this<Event> {
public:
  explicit Event(unsigned int flags) : Flags(flags) {}
  // Queues the record step on `stream`.
  void record(Stream &stream);
  bool completed();
  void synchronize();
  // Queues on `stream` a wait for the most recent record (none: no wait).
  void makeStreamWait(Stream &stream);
  // Time of the last completed record, or nothing if there is none yet.
  bool recordedOnce();
  std::chrono::steady_clock::time_point time();
  unsigned int flags() const { return Flags; }

private:
  void complete(uint64_t generation);
  void waitFor(uint64_t generation);

  const unsigned int Flags;
  std::mutex Mutex;
  std::condition_variable Changed;
  uint64_t Recorded = 0;
  uint64_t Completed = 0;
  std::chrono::steady_clock::time_point Time;
  // Where the latest record was queued, so that a thread waiting for it can run the work
  // before it itself.
  std::weak_ptr<Stream> RecordStream;
  uint64_t RecordPosition = 0;
};

class StreamTable {
public:
  // Resolves a cudaStream_t: 0 is the legacy stream, or the calling thread's default stream
  // when perThreadDefault (code built with --default-stream per-thread); cudaStreamLegacy and
  // cudaStreamPerThread name those streams explicitly. Unknown handles give nullptr.
  std::shared_ptr<Stream> resolve(cudaStream_t handle, bool perThreadDefault);
  cudaStream_t create(unsigned int flags, int priority);
  cudaError_t destroy(cudaStream_t handle);
  // Waits for every stream's queued work.
  void synchronizeAll();
  // The blocking streams other than the legacy one, for the legacy stream's ordering rule.
  std::vector<std::shared_ptr<Stream>> blockingStreams();
  std::shared_ptr<Stream> legacy();

  cudaEvent_t createEvent(unsigned int flags);
  std::shared_ptr<Event> event(cudaEvent_t handle);
  cudaError_t destroyEvent(cudaEvent_t handle);

private:
  std::shared_ptr<Stream> perThread();

  std::mutex Mutex;
  std::shared_ptr<Stream> Legacy;
  std::unordered_map<cudaStream_t, std::shared_ptr<Stream>> Created;
  // Destroyed streams whose queued work may still be running: device-wide synchronisation
  // waits for it too.
  std::vector<std::weak_ptr<Stream>> Retired;
  std::unordered_map<std::thread::id, std::shared_ptr<Stream>> PerThread;
  std::unordered_map<cudaEvent_t, std::shared_ptr<Event>> Events;
  uint64_t NextId = 1;
};

StreamTable &streams();

// True while the calling thread runs a per-thread-default-stream API variant (the _ptsz
// entry points); stream 0 then means the thread's own default stream.
bool perThreadDefaultStream();

class PerThreadDefaultStreamScope {
public:
  PerThreadDefaultStreamScope();
  ~PerThreadDefaultStreamScope();

private:
  bool Previous;
};

} // namespace drawbridge::runtime
