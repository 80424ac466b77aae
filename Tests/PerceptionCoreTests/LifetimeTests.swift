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

  @Test func releasedSubjectFreesItsRegistrationsAndFiresNothing() {
    let log = EventLog()
    weak var weakProbe: Probe?
    do {
      let model = PerceptionModel()
      let probe = Probe()
      weakProbe = probe
      withPerceptionTracking {
        _ = model.count
      } onChange: {
        _ = probe
        log.append("onChange")
      }
      #expect(weakProbe != nil, "the registration holds onChange while the subject lives")
    }
    #expect(weakProbe == nil, "releasing the subject released onChange and its captures")
    #expect(log.all.isEmpty)
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

  @Test func oneSubjectReleasedTheOtherStillFires() {
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
