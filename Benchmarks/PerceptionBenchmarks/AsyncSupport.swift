import Dispatch
import Foundation

/// Hands a model to a task. Unchecked: the writer (the main thread) writes the model's
/// properties while the task reads them, and the registrar is what makes that safe on both
/// engines; that is what the async cases measure.
final class SendableBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// What one async batch's consumer saw, handed to the writer (the main thread). Every field
/// is guarded by `lock`, or handed over through the semaphores.
final class AsyncRun: @unchecked Sendable {
  private let lock = NSLock()
  /// The consumer has its first element (the initial value): the writer may start. With
  /// `signalsEachElement`, every element signals it: the cycle cases' writer waits for each.
  let ready = DispatchSemaphore(value: 0)
  private let signalsEachElement: Bool
  /// The consumer has its last element.
  let delivered = DispatchSemaphore(value: 0)
  /// Elements to time, after the initial one and the warm-up element.
  let wanted: Int
  private var stopped = false
  /// Elements received after the initial one, the warm-up element included.
  private(set) var received = 0
  /// When the consumer received the warm-up element: the first element after the initial one,
  /// which is not timed. Its change wakes a consumer thread that went idle while the batch was
  /// set up, which costs up to several changes (a batch part's first change took 1.2 to 8 times
  /// the others in the continuous cycle, on both sides), and the parts of the two sides differ
  /// in length (each side's batch is calibrated on its own), so that fixed cost weighed
  /// differently on each.
  private(set) var startNanos: UInt64 = 0
  /// When the consumer received its last element.
  private(set) var endNanos: UInt64 = 0
  /// No element was smaller than the one before. (One may equal it: both sequences wake at
  /// the willSet, and a consumer on another thread can read before the writer has stored.)
  private(set) var inOrder = true
  /// Writes the cycle cases' writer made again after a delivery did not come; only the writer
  /// touches it.
  var retries = 0
  private var last = Int.min
  private var started = false

  init(wanted: Int, signalsEachElement: Bool = false) {
    self.wanted = wanted
    self.signalsEachElement = signalsEachElement
  }

  /// Whether the consumer has all it wants: the writer's signal to stop writing.
  var isStopped: Bool { lock.locked { stopped } }

  /// The nanoseconds from the warm-up element to the last: `wanted` elements' worth. Read once
  /// the consumer has its last element.
  var elapsedNanos: UInt64 { lock.locked { endNanos &- startNanos } }

  /// Records one element; returns true when the consumer has all it wants and should stop.
  /// The first element (the initial value) signals `ready`; the last signals `delivered`.
  func receive(_ value: Int) -> Bool {
    let (first, done) = lock.locked { () -> (Bool, Bool) in
      if value < last { inOrder = false }
      last = value
      guard started else {
        started = true
        return (true, false)
      }
      received += 1
      if received == 1 { startNanos = monotonicNanos() }
      // `==`: a consumer that went on past `wanted` counts on, and the batch's check sees it.
      if received == wanted + 1 {
        stopped = true
        endNanos = monotonicNanos()
        return (false, true)
      }
      return (false, false)
    }
    if first || signalsEachElement { ready.signal() }
    if done { delivered.signal() }
    return done
  }
}

/// Wakes the native re-arming loop once its one-shot tracking fired, whichever of the two
/// comes first: a change before the wait is remembered.
final class WakeSignal: @unchecked Sendable {
  // Sendable because every field is guarded by `lock`.
  private let lock = NSLock()
  private var pending = false
  private var waiter: UnsafeContinuation<Void, Never>?

  /// Called from the tracking's callback, on the writing thread.
  func signal() {
    let waiter = lock.locked { () -> UnsafeContinuation<Void, Never>? in
      guard let waiter = self.waiter else {
        pending = true
        return nil
      }
      self.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns after the next `signal()`, or at once if one came since the last wait. Waits on
  /// the caller's isolation, as continuous tracking's task does: a nonisolated wait would leave
  /// the caller's actor for the global executor and come back, two executor jobs per wait that
  /// the native side of the continuous cases then paid and Perception's did not.
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    await withUnsafeContinuation(isolation: isolation) {
      (continuation: UnsafeContinuation<Void, Never>) in
      let now = lock.locked { () -> Bool in
        if pending {
          pending = false
          return true
        }
        waiter = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }
}

/// Writes and elements the throughput case counted over its batches, per side (`native`,
/// `perception`), so the report shows how much the sequences coalesced. Only the main thread
/// touches it.
nonisolated(unsafe) var throughputCounts: [String: (writes: Int, elements: Int)] = [:]

/// How many writes the throughput case's writer made per element its consumer received.
struct WritesPerElement: Codable {
  var native: Double?
  var perception: Double?

  /// The counts since the last call, or nil if no throughput batch ran; resets the counts.
  static func take() -> WritesPerElement? {
    defer { throughputCounts = [:] }
    func ratio(_ side: String) -> Double? {
      guard let counts = throughputCounts[side], counts.elements > 0 else { return nil }
      return Double(counts.writes) / Double(counts.elements)
    }
    let figures = WritesPerElement(native: ratio("native"), perception: ratio("perception"))
    return figures.native == nil && figures.perception == nil ? nil : figures
  }
}

extension NSLock {
  /// Runs `body` holding the lock. Foundation's `withLock` needs macOS 14 on Apple platforms,
  /// and the package supports older ones.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
