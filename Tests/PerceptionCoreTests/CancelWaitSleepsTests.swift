import Foundation
import PerceptionCore
import Testing

/// The calling thread's CPU time so far, in nanoseconds.
private func threadCPUTime() -> UInt64 {
  var time = timespec()
  guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The monotonic clock, in nanoseconds.
private func now() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

@Suite("A cancel that waits for a running callback sleeps")
struct CancelWaitSleepsTests {
  /// How long the callback runs once the cancel has started: long enough that a wait that
  /// spins would show as CPU time far above the bound, whatever the machine's load.
  static let callbackLength: TimeInterval = 0.3

  @Test func aCancelWaitingForACallbackOnAnotherThreadBurnsNoCPU() throws {
    let model = PerceptionModel()
    let kept = TrackingHolder()
    let entered = DispatchSemaphore(value: 0)
    let returnedAt = Clock()
    withPerceptionTracking {
      _ = model.count
    } willSet: { tracking in
      kept.tracking = tracking
      entered.signal()
      Thread.sleep(forTimeInterval: Self.callbackLength)
      returnedAt.set(now())
    }
    let writerDone = DispatchSemaphore(value: 0)
    Thread {
      model.count = 1
      writerDone.signal()
    }.start()
    try #require(entered.wait(timeout: .now() + 10) == .success)
    let tracking = try #require(kept.tracking)

    let cpuBefore = threadCPUTime()
    let start = now()
    tracking.cancel()
    let end = now()
    let cpu = threadCPUTime() - cpuBefore

    let callbackReturned = try #require(
      returnedAt.value, "cancel() returned while the callback was still running")
    #expect(callbackReturned <= end, "cancel() returned before the callback did")
    let waited = end - start
    // The bound: a wait that sleeps costs the cancelling thread a tenth of the wait at
    // most (a spinning one cost nearly all of it).
    #expect(
      cpu < waited / 10,
      "the cancelling thread used \(cpu / 1_000_000) ms of CPU in a wait of \(waited / 1_000_000) ms"
    )
    #expect(writerDone.wait(timeout: .now() + 10) == .success)
  }
}

/// A time one thread records and another reads.
private final class Clock: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: UInt64?
  var value: UInt64? { lock.withLock { stored } }
  func set(_ time: UInt64) { lock.withLock { stored = time } }
}
