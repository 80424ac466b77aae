import Dispatch
import Foundation

/// Hands a model to the worker threads. The threads write disjoint stored properties, so the
/// storage itself is never shared mutably; only the registrar is, and that is what these cases
/// measure.
private final class Shared<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One object per worker. Unchecked: each worker sets its own field once, before the main thread
/// reads either (the workers' `done` signal orders it), and later only reads it.
private final class Pair<Value>: @unchecked Sendable {
  var first: Value?
  var second: Value?
}

/// The two-thread cases. An operation is one write; the figure is wall time over all writes of
/// both threads, so perfect scaling shows half the single-threaded write cost.
enum ThreadCases {
  /// Each thread writes its own object. Each worker creates its object, so glibc serves it from
  /// that thread's own arena. Objects created one after the other on one thread sit next to each
  /// other, and then the two threads' writes can hit one cache line (or a pair the prefetcher
  /// fetches together): with a write costing 10 ns, that false sharing made an engine 6x slower
  /// or not depending on where malloc put the objects.
  ///
  /// With `sameProperty`, both threads write `value`, so both retain and release the one key
  /// path object `\.value` that the accessors build on every access (`swift_getKeyPath` returns
  /// the cached literal at +1): that reference count is shared by the threads whatever the
  /// engine does. Otherwise the second thread writes `other`, and the threads share nothing.
  static func separateObjects<E: Engine>(_: E.Type, sameProperty: Bool) -> Batch {
    let models = Pair<E.Model>()
    _ = runOnTwoThreads(1) { thread, _ in
      if thread == 0 { models.first = E.Model() } else { models.second = E.Model() }
    }
    return { n in
      runOnTwoThreads(n) { thread, writes in
        let model = thread == 0 ? models.first! : models.second!
        if thread == 0 || sameProperty {
          for i in 0..<writes { model.value = i &+ 1 }
        } else {
          for i in 0..<writes { model.other = i &+ 1 }
        }
      }
    }
  }

  /// Both threads write the same object, one `value` and the other `other`, so they contend on
  /// one registrar.
  static func sameObject<E: Engine>(_: E.Type) -> Batch {
    let model = Shared(E.Model())
    return { n in
      runOnTwoThreads(n) { thread, writes in
        let model = model.value
        if thread == 0 {
          for i in 0..<writes { model.value = i &+ 1 }
        } else {
          for i in 0..<writes { model.other = i &+ 1 }
        }
      }
    }
  }

  /// Runs `work` on the two workers at once, `pairs` writes each, and returns the time from the
  /// first worker starting to the last one finishing (so waking them is not counted). A batch of
  /// `n` operations is `2n` writes here, so this returns half that span: nanoseconds per write.
  private static func runOnTwoThreads(
    _ pairs: Int, _ work: @escaping @Sendable (_ thread: Int, _ writes: Int) -> Void
  ) -> UInt64 {
    let workers = Worker.pair
    for (index, worker) in workers.enumerated() {
      worker.job = { work(index, pairs) }
      worker.start.signal()
    }
    for _ in workers { Worker.done.wait() }
    let began = min(workers[0].began, workers[1].began)
    let ended = max(workers[0].ended, workers[1].ended)
    return (ended &- began) / 2
  }
}

/// A thread that runs one job per `start` signal and then signals `Worker.done`. Dedicated
/// threads rather than `concurrentPerform`: that one lets the calling thread run both halves
/// itself when a worker is slow to wake, which on a busy machine silently made the case
/// single-threaded.
private final class Worker: @unchecked Sendable {
  // Unchecked: `job`, `began` and `ended` are handed over through the semaphores; the main
  // thread writes `job` before `start.signal()` and reads the times after `done.wait()`.
  let start = DispatchSemaphore(value: 0)
  var job: (@Sendable () -> Void)?
  var began: UInt64 = 0
  var ended: UInt64 = 0

  static let done = DispatchSemaphore(value: 0)
  static let pair = [Worker(), Worker()]

  private init() {
    Thread.detachNewThread { [self] in
      while true {
        start.wait()
        let job = job!
        began = monotonicNanos()
        job()
        ended = monotonicNanos()
        Worker.done.signal()
      }
    }
  }
}
