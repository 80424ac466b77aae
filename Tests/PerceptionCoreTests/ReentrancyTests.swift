import PerceptionCore
import Testing

@Suite("Re-entrancy")
struct ReentrancyTests {
  @Test func mutationInsideOnChangeDoesNotCallItAgain() {
    // Native Observation recurses here until the stack overflows.
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = model.count
    } onChange: {
      log.append("onChange")
      model.count += 100
    }
    model.count = 1
    #expect(log.all == ["onChange"])
    #expect(model.count == 1, "the outer write stores its value after onChange's write")
  }

  @Test func mutatingAnotherTrackedPropertyInsideOnChangeDoesNotCallItAgain() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = model.count
      _ = model.other
    } onChange: {
      log.append("onChange")
      model.other = 5
    }
    model.count = 1
    #expect(log.all == ["onChange"])
    #expect(model.other == 5)
  }

  @Test func trackingAgainInsideOnChangeObservesTheNextChange() {
    // The re-render loop: onChange installs the next tracking. It stops after three changes,
    // so that no tracking (whose onChange holds the model) is left installed on the model.
    let model = PerceptionModel()
    let log = EventLog()
    @Sendable func observe() {
      withPerceptionTracking {
        _ = model.count
      } onChange: {
        log.append("change")
        if log.all.count < 3 { observe() }
      }
    }
    observe()
    model.count = 1
    model.count = 2
    model.count = 3
    model.count = 4
    #expect(log.all == ["change", "change", "change"])
  }

  @Test func cancellingFromInsideWillSet() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = model.count
    } willSet: { tracking in
      log.append("willSet")
      tracking.cancel()
    }
    model.count = 1
    model.count = 2
    #expect(log.all == ["willSet"])
  }
}
