import Foundation
import PerceptionCore
import Testing

/// How long a test waits for something that must happen: only a safety net, so that a
/// deadlock fails the test instead of hanging it.
private let safetyNet: TimeInterval = 10

private func wait(_ semaphore: DispatchSemaphore) -> Bool {
  semaphore.wait(timeout: .now() + safetyNet) == .success
}

/// Runs `body` on a new thread; the returned semaphore is signalled when it returns.
private func startThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  return done
}

/// Hands out 0, 1, 2, … to its callers, in the order they come.
private final class Ticket: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  func next() -> Int {
    lock.withLock {
      defer { issued += 1 }
      return issued
    }
  }
}

@Suite("cancel() waits for running callbacks, except inside callbacks")
struct CancelWaitTests {
  @Test func cancelOnAnotherThreadReturnsOnlyOnceTheRunningCallbackReturned() throws {
    // Repeated because, before the fix, the cancel could return first only when it beat the
    // callback's thread waking up: likely, not certain.
    for _ in 0..<20 {
      let model = PerceptionModel()
      let kept = TrackingHolder()
      let entered = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let returned = StopFlag()
      weak var weakProbe: Probe?
      do {
        let probe = Probe()
        weakProbe = probe
        withPerceptionTracking {
          _ = model.count
        } willSet: { tracking in
          _ = probe
          kept.tracking = tracking
          entered.signal()
          _ = wait(release)
          returned.set()
        }
      }
      let writer = startThread { model.count = 1 }
      try #require(wait(entered))
      let tracking = try #require(kept.tracking)
      // The callback is let go just before the cancel starts: it is still waking up.
      release.signal()
      tracking.cancel()
      #expect(returned.isSet, "cancel() returned while the callback was still running")
      #expect(weakProbe == nil, "cancel() returned before the callbacks were released")
      #expect(wait(writer))
      model.count = 2
      #expect(entered.wait(timeout: .now()) == .timedOut, "a callback ran after cancel()")
    }
  }

  @Test func cancellingItsOwnTrackingInsideACallbackDoesNotWaitForItsOtherCallbacks() throws {
    // One callback of the tracking is held on thread A while another, on thread B, cancels
    // the tracking: B's cancel returns at once, though A's callback is still running.
    let model = PerceptionModel()
    let ticket = Ticket()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let cancelReturned = DispatchSemaphore(value: 0)
    withPerceptionTracking {
      _ = model.count
      _ = model.other
    } willSet: { tracking in
      if ticket.next() == 0 {
        entered.signal()
        _ = wait(release)
      } else {
        tracking.cancel()
        cancelReturned.signal()
      }
    }
    let first = startThread { model.count = 1 }
    try #require(wait(entered))
    let second = startThread { model.other = 1 }
    #expect(wait(cancelReturned), "cancel() inside a callback waited for another callback")
    release.signal()
    #expect(wait(first))
    #expect(wait(second))
    model.count = 2
    #expect(ticket.next() == 2, "a callback ran after the tracking was cancelled")
  }

  @Test func callbacksOnTwoThreadsCancellingEachOthersTrackingsDoNotDeadlock() throws {
    let models = [PerceptionModel(), PerceptionModel()]
    let kept = [TrackingHolder(), TrackingHolder()]
    let inside = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let armed = StopFlag()
    let log = EventLog()
    for index in 0..<2 {
      let other = 1 - index
      withPerceptionTracking {
        _ = models[index].count
      } willSet: { tracking in
        guard armed.isSet else {
          // The first change only hands the tracking over.
          kept[index].tracking = tracking
          return
        }
        // Both callbacks are running before either cancels.
        inside[index].signal()
        _ = wait(inside[other])
        kept[other].tracking?.cancel()
        log.append("cancelled \(other)")
      }
    }
    models[0].count = 1
    models[1].count = 1
    try #require(kept[0].tracking != nil && kept[1].tracking != nil)
    armed.set()
    let threads = (0..<2).map { index in startThread { models[index].count = 2 } }
    #expect(wait(threads[0]), "deadlock: thread 0 never returned")
    #expect(wait(threads[1]), "deadlock: thread 1 never returned")
    #expect(log.count(of: "cancelled 0") == 1)
    #expect(log.count(of: "cancelled 1") == 1)
  }

  @Test(arguments: ["onChange", "options"])
  func aOneShotOrOptionsCallbackCountsAsInsideACallback(kind: String) throws {
    // Thread A, inside a one-shot (or options) callback, cancels a tracking whose callback
    // runs on thread B and waits for A's cancel to return: only a cancel that does not wait
    // lets both go on.
    let trigger = PerceptionModel()
    let watched = PerceptionModel()
    let kept = TrackingHolder()
    let bInside = DispatchSemaphore(value: 0)
    let aCancelled = DispatchSemaphore(value: 0)
    let waitedInTime = StopFlag()
    withPerceptionTracking {
      _ = watched.count
    } willSet: { tracking in
      if kept.tracking == nil {
        kept.tracking = tracking
        return
      }
      bInside.signal()
      if wait(aCancelled) { waitedInTime.set() }
    }
    watched.count = 1
    let tracking = try #require(kept.tracking)
    let cancelInsideCallback: @Sendable () -> Void = {
      _ = wait(bInside)
      tracking.cancel()
      aCancelled.signal()
    }
    if kind == "onChange" {
      withPerceptionTracking {
        _ = trigger.count
      } onChange: {
        cancelInsideCallback()
      }
    } else {
      withPerceptionTracking(options: [.willSet]) {
        _ = trigger.count
      } onChange: { _ in
        cancelInsideCallback()
      }
    }
    let b = startThread { watched.count = 2 }
    let a = startThread { trigger.count = 1 }
    #expect(wait(a))
    #expect(wait(b))
    #expect(waitedInTime.isSet, "cancel() inside a \(kind) callback waited for another thread")
  }
}
