import Foundation
import PerceptionCore
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
  @Test func trackingDoesNotKeepTheSubjectAlive() {
    weak var weakModel: PerceptionModel?
    do {
      let model = PerceptionModel()
      weakModel = model
      withPerceptionTracking {
        _ = model.count
      } onChange: {
      }
    }
    #expect(weakModel == nil)
  }

  @Test func releasingASubjectFiresOnChangeOnceAndFreesTheRegistrations() {
    // As the newest Observation does (swiftlang/swift #79823): a release counts as a change
    // of what the scope read, a willSet with no didSet. Observation 6.3.1 fires nothing, and
    // neither does the native engine where it runs (see `onChangeHearsReleases`).
    let log = EventLog()
    weak var weakProbe: Probe?
    let subject = WeakReference()
    do {
      let model = PerceptionModel()
      let probe = Probe()
      weakProbe = probe
      subject.object = model
      withPerceptionTracking {
        _ = model.count
        _ = model.name
      } onChange: {
        _ = probe
        log.append("onChange, subject \(subject.object == nil ? "gone" : "alive")")
      }
      #expect(weakProbe != nil, "the registration holds onChange while the subject lives")
    }
    #expect(weakProbe == nil, "releasing the subject released onChange and its captures")
    #expect(log.all == (PerceptionEngine.onChangeHearsReleases ? ["onChange, subject gone"] : []))
  }

  @Test func subjectReleasedInsideApplyIsNotObserved() {
    let log = EventLog()
    withPerceptionTracking {
      let temporary = PerceptionModel()
      _ = temporary.count
    } onChange: {
      log.append("onChange")
    }
    #expect(log.all.isEmpty)
  }

  @Test func firingReleasesOnChange() {
    weak var weakProbe: Probe?
    let model = PerceptionModel()
    do {
      let probe = Probe()
      weakProbe = probe
      withPerceptionTracking {
        _ = model.count
      } onChange: {
        _ = probe
      }
    }
    #expect(weakProbe != nil)
    model.count = 1
    #expect(weakProbe == nil, "a one-shot tracking lets go of onChange once it has fired")
  }

  @Test func firingOneSubjectCancelsTheOthers() {
    let log = EventLog()
    let first = PerceptionModel()
    let second = PerceptionModel()
    withPerceptionTracking {
      _ = first.count
      _ = second.count
    } onChange: {
      log.append("onChange")
    }
    first.count = 1
    second.count = 1
    #expect(log.all == ["onChange"])
  }

  @Test func oneSubjectReleasedFiresOnceAndTheOtherThenFiresNothing() {
    let log = EventLog()
    let survivor = PerceptionModel()
    do {
      let released = PerceptionModel()
      withPerceptionTracking {
        _ = released.count
        _ = survivor.count
      } onChange: {
        log.append("onChange")
      }
    }
    // Where a release is not reported, the survivor's change is the first.
    #expect(log.all == (PerceptionEngine.onChangeHearsReleases ? ["onChange"] : []))
    survivor.count = 1
    #expect(log.all == ["onChange"])
  }

  @Test func cancelledTrackingReleasesItsCallbacks() {
    weak var weakProbe: Probe?
    let model = PerceptionModel()
    let tracking = TrackingBox()
    do {
      let probe = Probe()
      weakProbe = probe
      withPerceptionTracking {
        _ = model.count
      } willSet: { change in
        _ = probe
        tracking.store(change)
      }
    }
    model.count = 1
    tracking.cancel()
    tracking.clear()
    #expect(weakProbe == nil, "cancelling removed every registration holding the callbacks")
  }
}

/// Holds the PerceptionTracking a callback received, so that a test can cancel it later.
final class TrackingBox: @unchecked Sendable {
  private var tracking: PerceptionTracking?
  func store(_ tracking: PerceptionTracking) { self.tracking = tracking }
  func cancel() { tracking?.cancel() }
  func clear() { tracking = nil }
}

/// A weak reference a `@Sendable` closure can read.
final class WeakReference: @unchecked Sendable {
  private let lock = NSLock()
  private weak var stored: AnyObject?
  var object: AnyObject? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
