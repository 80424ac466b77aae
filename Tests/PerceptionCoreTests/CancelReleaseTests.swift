import Foundation
import PerceptionCore
import Testing

/// Holds on to a tracking handle, as a user's model would.
final class TrackingHolder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: PerceptionTracking?
  var tracking: PerceptionTracking? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

@Suite("Cancelling lets go of the callbacks")
struct CancelReleaseTests {
  @Test func cancellingAKeptTrackingReleasesWhatItsCallbacksCapture() {
    // The user's scenario: the callback stores its tracking in the object it captures, a
    // cycle that only cancelling can break.
    let counter = PerceptionModel()
    weak var weakHolder: TrackingHolder?
    do {
      let holder = TrackingHolder()
      weakHolder = holder
      withPerceptionTracking {
        _ = counter.count
      } willSet: { tracking in
        holder.tracking = tracking
      }
      counter.count += 1
      #expect(holder.tracking != nil)
      holder.tracking?.cancel()
    }
    #expect(weakHolder == nil)
  }

  @Test func cancellingInsideDidSetReleasesBothCallbacks() {
    let model = PerceptionModel()
    let kept = TrackingHolder()
    weak var weakWillSetProbe: Probe?
    weak var weakDidSetProbe: Probe?
    do {
      let willSetProbe = Probe()
      let didSetProbe = Probe()
      weakWillSetProbe = willSetProbe
      weakDidSetProbe = didSetProbe
      withPerceptionTracking {
        _ = model.count
      } willSet: { _ in
        _ = willSetProbe
      } didSet: { tracking in
        _ = didSetProbe
        kept.tracking = tracking
        tracking.cancel()
      }
    }
    #expect(weakWillSetProbe != nil, "an active tracking holds its callbacks")
    model.count = 1
    #expect(kept.tracking != nil)
    #expect(weakWillSetProbe == nil)
    #expect(weakDidSetProbe == nil)
  }

  @Test func aCancelledTrackingIgnoresLaterChanges() {
    let model = PerceptionModel()
    let log = EventLog()
    let kept = TrackingHolder()
    withPerceptionTracking {
      _ = model.count
    } willSet: { tracking in
      log.append("willSet")
      kept.tracking = tracking
    }
    model.count = 1
    kept.tracking?.cancel()
    kept.tracking?.cancel()
    model.count = 2
    #expect(log.all == ["willSet"])
  }

  @Test func cancellingWhileOtherThreadsDeliverReleasesTheCallbacks() {
    // Writers on two threads keep delivering willSet and didSet while a third thread cancels.
    // Each writer uses its own property, so that only the tracking is shared.
    for _ in 0..<200 {
      let model = PerceptionModel()
      let kept = TrackingHolder()
      let delivered = DispatchSemaphore(value: 0)
      weak var weakProbe: Probe?
      do {
        let probe = Probe()
        weakProbe = probe
        withPerceptionTracking {
          _ = model.count
          _ = model.other
        } willSet: { tracking in
          _ = probe
          if kept.tracking == nil {
            kept.tracking = tracking
            delivered.signal()
          }
        } didSet: { _ in
          _ = probe
        }
      }
      let group = DispatchGroup()
      for index in 0..<2 {
        DispatchQueue.global().async(group: group) {
          for round in 1...50 {
            if index == 0 { model.count = round } else { model.other = round }
          }
        }
      }
      DispatchQueue.global().async(group: group) {
        delivered.wait()
        kept.tracking?.cancel()
      }
      group.wait()
      #expect(kept.tracking != nil)
      #expect(weakProbe == nil)
    }
  }

  @Test func cancellingFromInsideTheCallbackOnManyThreadsReleasesOnce() {
    // Every thread's willSet cancels; whichever thread finishes the tracking, the callbacks
    // are released exactly once and never called after every thread has returned.
    for _ in 0..<200 {
      let model = PerceptionModel()
      let registrar = PerceptionRegistrar()
      let kept = TrackingHolder()
      weak var weakProbe: Probe?
      do {
        let probe = Probe()
        weakProbe = probe
        withPerceptionTracking {
          registrar.access(model, keyPath: \.count)
        } willSet: { tracking in
          _ = probe
          kept.tracking = tracking
          tracking.cancel()
        }
      }
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        registrar.withMutation(of: model, keyPath: \.count) {}
      }
      #expect(kept.tracking != nil)
      #expect(weakProbe == nil)
    }
  }

  @Test func aFiredOneShotReleasesOnChangeOnTheFiringThread() {
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    weak var weakProbe: Probe?
    do {
      let probe = Probe()
      weakProbe = probe
      withPerceptionTracking {
        registrar.access(model, keyPath: \.count)
      } onChange: {
        _ = probe
      }
    }
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      registrar.withMutation(of: model, keyPath: \.count) {}
    }
    #expect(weakProbe == nil)
  }
}
