import Foundation
import PerceptionCore
import Testing

/// `withPerceptionTracking(options:_:onChange:)`, the behaviour SE-0506 gives
/// `withObservationTracking(options:_:onChange:)`. (The 6.3.1 toolchain has no such API to
/// compare with; the expectations follow the proposal and Apple's implementation.)
@Suite("Options tracking")
struct OptionsTrackingTests {
  /// Names an event for a log: its kind, the property it matches, and the value it sees.
  private static func describe(
    _ event: borrowing PerceptionTracking.Event, _ model: PerceptionModel
  ) -> String {
    let kind =
      switch event.kind {
      case .willSet: "willSet"
      case .didSet: "didSet"
      case .deinit: "deinit"
      case .initial: "initial"
      default: "unknown"
      }
    let property =
      event.matches(\PerceptionModel.count)
      ? "count" : event.matches(\PerceptionModel.name) ? "name" : "none"
    return "\(kind) \(property) sees \(model.count)"
  }

  @Test func willSetAloneFiresOnceBeforeTheValueIsStored() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.willSet]) {
      _ = model.count
    } onChange: { event in
      log.append(Self.describe(event, model))
    }
    model.count = 1
    model.count = 2
    #expect(log.all == ["willSet count sees 0"])
  }

  @Test func didSetAloneFiresOnceAfterTheValueIsStored() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: .didSet) {
      _ = model.count
    } onChange: { event in
      log.append(Self.describe(event, model))
    }
    model.count = 1
    model.count = 2
    #expect(log.all == ["didSet count sees 1"])
  }

  @Test func willSetAndDidSetGiveTwoEventsForOneChangeThenEnd() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.count
      _ = model.name
    } onChange: { event in
      log.append(Self.describe(event, model))
    }
    model.name = "x"
    model.count = 1
    #expect(log.all == ["willSet name sees 0", "didSet name sees 0"])
  }

  @Test func cancellingInWillSetSuppressesTheDidSet() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.count
    } onChange: { event in
      log.append(Self.describe(event, model))
      event.cancel()
    }
    model.count = 1
    model.count = 2
    #expect(log.all == ["willSet count sees 0"])
  }

  @Test func anUnreadPropertyGivesNoEvent() {
    let model = PerceptionModel()
    let log = EventLog()
    // onChange does not capture the model: the tracking never fires, and would keep it.
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.count
    } onChange: { _ in
      log.append("event")
    }
    model.other = 1
    #expect(log.all.isEmpty)
  }

  @Test func deinitFiresOncePerReleasedObjectAndNeverMatches() {
    let log = EventLog()
    let first = WeakReference()
    let second = WeakReference()
    do {
      let model = PerceptionModel()
      let other = PerceptionModel()
      first.object = model
      second.object = other
      withPerceptionTracking(options: [.deinit]) {
        _ = model.count
        _ = model.name
        _ = other.count
      } onChange: { event in
        // Whichever was released, weak references to it are nil already.
        let released = EventLog()
        if first.object == nil { released.append("first") }
        if second.object == nil { released.append("second") }
        let gone = released.all.isEmpty ? "alive" : "gone"
        log.append("\(event.kind == .deinit) \(event.matches(\PerceptionModel.count)) \(gone)")
      }
      model.count = 1
      #expect(log.all.isEmpty, "without .willSet or .didSet, changes give no event")
    }
    #expect(log.all == ["true false gone", "true false gone"])
  }

  @Test func aChangeEndsATrackingThatAlsoWatchesReleases() {
    let log = EventLog()
    let survivor = PerceptionModel()
    do {
      let released = PerceptionModel()
      withPerceptionTracking(options: [.willSet, .deinit]) {
        _ = released.count
        _ = survivor.count
      } onChange: { event in
        log.append(event.kind == .deinit ? "deinit" : "willSet")
      }
    }
    #expect(log.all == ["deinit"], "a release does not end the tracking")
    survivor.count = 1
    survivor.count = 2
    #expect(log.all == ["deinit", "willSet"])
  }

  @Test func applyMayThrowAndThenNothingIsObserved() {
    let model = PerceptionModel()
    let log = EventLog()
    #expect(throws: TestFailure.failed) {
      try withPerceptionTracking(options: [.willSet]) { () throws(TestFailure) -> Int in
        _ = model.count
        throw .failed
      } onChange: { _ in
        log.append("onChange")
      }
    }
    model.count = 1
    #expect(log.all.isEmpty)
  }

  @Test func aThrowingApplyThatReadTwoObjectsByTurnsLetsGoOfEachOnce() {
    // Nothing is observed, so the scope's reads are never grouped by object: each object must
    // still be released once, not once per run of its reads.
    let first = PerceptionModel()
    let second = PerceptionModel()
    #expect(throws: TestFailure.failed) {
      try withPerceptionTracking(options: [.willSet]) { () throws(TestFailure) -> Int in
        _ = first.count
        _ = second.count
        _ = first.name
        throw .failed
      } onChange: { _ in
      }
    }
    let log = EventLog()
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

  @Test func applyMayReturnANoncopyableValue() {
    struct Unique: ~Copyable {
      let value: Int
    }
    let model = PerceptionModel()
    model.count = 4
    let unique = withPerceptionTracking(options: [.willSet]) {
      Unique(value: model.count)
    } onChange: { _ in
    }
    #expect(unique.value == 4)
  }

  @Test func aMutationInsideOnChangeDoesNotReenterIt() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.count
    } onChange: { event in
      log.append(event.kind == .willSet ? "willSet" : "didSet")
      if event.kind == .didSet { model.count += 10 }
    }
    model.count = 1
    #expect(log.all == ["willSet", "didSet"])
    #expect(model.count == 11)
  }

  @Test func nestedScopesCountForTheOuterOne() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.didSet]) {
      withPerceptionTracking(options: [.didSet]) {
        _ = model.name
      } onChange: { _ in
        log.append("inner")
      }
    } onChange: { _ in
      log.append("outer")
    }
    model.name = "x"
    #expect(Set(log.all) == ["inner", "outer"])
  }

  @Test func optionsAreASetAlgebra() {
    var options: PerceptionTracking.Options = []
    #expect(options.isEmpty)
    options.insert(.willSet)
    #expect(options.contains(.willSet) && !options.contains(.didSet))
    #expect(options.union(.didSet) == [.willSet, .didSet])
    #expect(options.insert(.willSet).inserted == false)
    #expect(options.remove(.didSet) == nil)
    #expect(options.remove(.willSet) == .willSet)
    #expect(PerceptionTracking.Options([.willSet, .deinit]).intersection(.deinit) == .deinit)
    #expect(
      PerceptionTracking.Options([.willSet, .didSet]).symmetricDifference([.didSet, .deinit])
        == [.willSet, .deinit])
    #expect(PerceptionTracking.Options.willSet != .didSet)
  }

  @Test func racingWritersDeliverEachEventOnce() {
    // Native Observation can deliver a one-shot event twice here.
    for options: PerceptionTracking.Options in [[.willSet], [.didSet], [.willSet, .didSet]] {
      for _ in 0..<300 {
        let model = PerceptionModel()
        let registrar = PerceptionRegistrar()
        let log = EventLog()
        withPerceptionTracking(options: options) {
          registrar.access(model, keyPath: \.count)
        } onChange: { event in
          log.append(event.kind == .willSet ? "willSet" : "didSet")
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
          registrar.withMutation(of: model, keyPath: \.count) {}
        }
        let expected =
          (options.contains(.willSet) ? ["willSet"] : [])
          + (options.contains(.didSet) ? ["didSet"] : [])
        #expect(log.all == expected)
      }
    }
  }

  @Test func eachEventOfAPairNamesThePropertyItsMutationChanged() {
    // A nested mutation of another tracked property inside the willSet is ignored, and the
    // didSet still names the willSet's property.
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.count
      _ = model.name
    } onChange: { event in
      log.append(Self.describe(event, model))
      if event.kind == .willSet { model.name = "nested" }
    }
    model.count = 1
    #expect(log.all == ["willSet count sees 0", "didSet count sees 1"])
  }

  @Test func theDidSetOfAnotherThreadsMutationNamesItsOwnProperty() {
    // Another thread's mutation of `name` began before the tracking was installed, so the
    // tracking hears its didSet but not its willSet; it comes after the willSet of a mutation
    // of `count` here, and is the didSet the tracking delivers, naming `name`.
    let model = PerceptionModel()
    let registrar = PerceptionRegistrar()
    let log = EventLog()
    let otherWillSet = DispatchSemaphore(value: 0)
    let otherMayFinish = DispatchSemaphore(value: 0)
    let otherDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      registrar.willSet(model, keyPath: \.name)
      otherWillSet.signal()
      otherMayFinish.wait()
      registrar.didSet(model, keyPath: \.name)
      otherDone.signal()
    }
    otherWillSet.wait()
    withPerceptionTracking(options: [.willSet, .didSet]) {
      registrar.access(model, keyPath: \.count)
      registrar.access(model, keyPath: \.name)
    } onChange: { event in
      log.append(Self.describe(event, model))
    }
    registrar.willSet(model, keyPath: \.count)
    otherMayFinish.signal()
    otherDone.wait()
    registrar.didSet(model, keyPath: \.count)
    #expect(log.all == ["willSet count sees 0", "didSet name sees 0"])
  }

  @Test func finishingOrCancellingReleasesOnChangeAtOnce() {
    let model = PerceptionModel()
    weak var afterPair: Probe?
    weak var afterCancel: Probe?
    weak var afterOneShot: Probe?
    do {
      let pair = Probe()
      let cancelled = Probe()
      let oneShot = Probe()
      afterPair = pair
      afterCancel = cancelled
      afterOneShot = oneShot
      withPerceptionTracking(options: [.willSet, .didSet]) {
        _ = model.count
      } onChange: { _ in
        _ = pair
      }
      withPerceptionTracking(options: [.willSet, .didSet, .deinit]) {
        _ = model.count
      } onChange: { event in
        _ = cancelled
        event.cancel()
      }
      withPerceptionTracking(options: [.didSet]) {
        _ = model.count
      } onChange: { _ in
        _ = oneShot
      }
    }
    #expect(afterPair != nil && afterCancel != nil && afterOneShot != nil)
    model.count = 1
    #expect(afterPair == nil)
    #expect(afterCancel == nil)
    #expect(afterOneShot == nil)
  }
}
