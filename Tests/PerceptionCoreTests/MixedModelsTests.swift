import Foundation
import Observation
import Testing

@testable import PerceptionCore

/// One Perception tracking over `@Observable` models, alone or beside `@Perceptible` ones, on
/// the native engine, which sees both as swift-perception's tracking does (Perception's runtime
/// sees `@Perceptible` models alone; see `PerceptibleOnlyTests`).
@Suite(
  "@Observable and @Perceptible models in one tracking",
  .enabled(if: PerceptionEngine.current == .native))
struct MixedModelsTests {
  @Test func aOneShotTrackingFiresOnceWhicheverKindChangesFirst() {
    for observableFirst in [true, false] {
      let observable = NativeModel()
      let perceptible = PerceptionModel()
      let counter = Counter()
      withPerceptionTracking {
        _ = observable.count
        _ = perceptible.count
      } onChange: {
        counter.hit()
      }
      for _ in 0..<2 {
        if observableFirst {
          observable.count += 1
          perceptible.count += 1
        } else {
          perceptible.count += 1
          observable.count += 1
        }
      }
      #expect(counter.hits == 1, "observable first: \(observableFirst)")
    }
  }

  @Test func theObservableSideFiringCancelsThePerceptibleSidesRegistration() {
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = observable.count
      _ = perceptible.count
    } onChange: {
      log.append("onChange")
    }
    observable.count = 1
    // The observer's registration in the perceptible model's registrar is gone: a new
    // tracking of the same property is the only one it calls.
    withPerceptionTracking {
      _ = perceptible.count
    } onChange: {
      log.append("second")
    }
    perceptible.count = 1
    #expect(log.all == ["onChange", "second"])
  }

  @Test func racingWritersOfBothKindsGiveOneCall() {
    for _ in 0..<200 {
      // Four models, each written by one thread: two of each kind.
      let observables = [NativeModel(), NativeModel()]
      let perceptibles = [PerceptionModel(), PerceptionModel()]
      let counter = Counter()
      withPerceptionTracking {
        for model in observables { _ = model.count }
        for model in perceptibles { _ = model.count }
      } onChange: {
        counter.hit()
      }
      DispatchQueue.concurrentPerform(iterations: 4) { index in
        if index < 2 {
          observables[index].count += 1
        } else {
          perceptibles[index - 2].count += 1
        }
      }
      #expect(counter.hits == 1)
    }
  }

  @Test func aWriteInsideOnChangeDoesNotCallItAgain() {
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let counter = Counter()
    withPerceptionTracking {
      _ = observable.count
      _ = perceptible.count
    } onChange: {
      counter.hit()
      observable.count += 10
      perceptible.count += 10
    }
    observable.count += 1
    #expect(counter.hits == 1)
    #expect(observable.count == 11)
  }

  @Test func theWillSetAndDidSetVariantsNameThePropertyOfEitherKind() {
    // The key path is the concrete class's: one through the protocol's requirement is another.
    func events<Model: TestSubject>(_ model: Model, _ keyPath: KeyPath<Model, Int>) -> [String] {
      // Immutable, and only compared.
      nonisolated(unsafe) let count = keyPath
      let log = EventLog()
      withPerceptionTracking {
        _ = model.count
      } willSet: { tracking in
        log.append("willSet \(tracking.changed == count)")
      } didSet: { tracking in
        log.append("didSet \(tracking.changed == count)")
        tracking.cancel()
      }
      model.count = 1
      model.count = 2
      return log.all
    }
    #expect(events(NativeModel(), \.count) == ["willSet true", "didSet true"])
    #expect(events(PerceptionModel(), \.count) == ["willSet true", "didSet true"])
  }

  @Test func anOptionsTrackingDeliversTheEventsItNamesForEitherKind() {
    for observable in [true, false] {
      let native = NativeModel()
      let perceptible = PerceptionModel()
      let log = EventLog()
      withPerceptionTracking(options: [.willSet, .didSet]) {
        _ = native.count
        _ = perceptible.name
      } onChange: { event in
        let changed =
          event.changed == \NativeModel.count
          ? "count"
          : event.changed == \PerceptionModel.name ? "name" : "other"
        log.append("\(event.kind == .willSet ? "willSet" : "didSet") \(changed)")
      }
      if observable {
        native.count = 1
      } else {
        perceptible.name = "b"
      }
      // Only the first change is delivered.
      native.count = 2
      perceptible.name = "c"
      #expect(
        log.all
          == (observable ? ["willSet count", "didSet count"] : ["willSet name", "didSet name"]))
    }
  }

  @Test func anOptionsTrackingOfOneEventGetsOneCallbackPerChange() {
    let observable = NativeModel()
    let log = EventLog()
    withPerceptionTracking(options: [.didSet]) {
      _ = observable.count
    } onChange: { event in
      log.append("\(event.kind == .didSet) \(observable.count)")
    }
    observable.count = 1
    observable.count = 2
    #expect(log.all == ["true 1"])
  }

  @Test func aThrowingApplyObservesNeitherKind() {
    struct Failure: Error {}
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let log = EventLog()
    #expect(throws: Failure.self) {
      try withPerceptionTracking(options: [.willSet]) {
        _ = observable.count
        _ = perceptible.count
        throw Failure()
      } onChange: { _ in
        log.append("called")
      }
    }
    observable.count = 1
    perceptible.count = 1
    #expect(log.all.isEmpty)
  }

  @Test func aPerceptionScopeInsideObservationTrackingHandsItsObservableReadsOut() {
    // As a native tracking inside another: both fire, once each. (Observation calls the
    // observers of one change in its dictionary's order, which the process's hash seed decides,
    // so the logs are compared sorted.)
    func run(inner: (() -> Void, @escaping @Sendable () -> Void) -> Void) -> [String] {
      let model = NativeModel()
      let log = EventLog()
      withObservationTracking {
        inner({ _ = model.count }, { log.append("inner") })
      } onChange: {
        log.append("outer")
      }
      model.count = 1
      model.count = 2
      return log.all.sorted()
    }
    let native = run { withObservationTracking($0, onChange: $1) }
    let perception = run { withPerceptionTracking($0, onChange: $1) }
    #expect(native == ["inner", "outer"])
    #expect(perception == native)
  }

  @Test func observationTrackingInsideAPerceptionScopeHandsItsReadsToTheScope() {
    func run(outer: (() -> Void, @escaping @Sendable () -> Void) -> Void) -> [String] {
      let model = NativeModel()
      let log = EventLog()
      outer(
        {
          withObservationTracking {
            _ = model.count
          } onChange: {
            log.append("inner")
          }
        }, { log.append("outer") })
      model.count = 1
      model.count = 2
      return log.all.sorted()
    }
    let native = run { withObservationTracking($0, onChange: $1) }
    let perception = run { withPerceptionTracking($0, onChange: $1) }
    #expect(native == ["inner", "outer"])
    #expect(perception == native)
  }

  @Test func nestedPerceptionScopesOverBothKindsFireAsNestedNativeOnes() {
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      withPerceptionTracking {
        _ = observable.count
      } onChange: {
        log.append("inner observable")
      }
      withPerceptionTracking {
        _ = perceptible.count
      } onChange: {
        log.append("inner perceptible")
      }
    } onChange: {
      log.append("outer")
    }
    observable.count = 1
    #expect(log.all.sorted() == ["inner observable", "outer"])
    perceptible.count = 1
    #expect(log.all.sorted() == ["inner observable", "inner perceptible", "outer"])
  }
}

/// `withContinuousPerception` and `Perceptions` over `@Observable` models, on the main actor.
@MainActor
@Suite(
  "Continuous tracking over @Observable models", .timeLimit(.minutes(1)),
  .enabled(if: PerceptionEngine.current == .native))
struct MixedModelsContinuousTests {
  @Test func perceptionsIteratesAnObservableModel() async {
    for _ in 0..<20 {
      let model = NativeModel()
      var values = Perceptions { model.count }.makeAsyncIterator()
      #expect(await values.next() == 0)
      model.count = 5
      #expect(await values.next() == 5)
    }
  }

  @Test func perceptionsIteratesAMixedClosure() async {
    for _ in 0..<20 {
      let observable = NativeModel()
      let perceptible = PerceptionModel()
      var values = Perceptions { "\(observable.count) \(perceptible.count)" }.makeAsyncIterator()
      #expect(await values.next() == "0 0")
      observable.count = 1
      #expect(await values.next() == "1 0")
      perceptible.count = 2
      #expect(await values.next() == "1 2")
    }
  }

  @Test func continuousPerceptionCallsAgainForEitherKind() async {
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.didSet]) { event in
      reporter.yield(
        "\(event.kind == .initial ? "initial" : "didSet") \(observable.count) \(perceptible.count)")
    }
    #expect(await reports.next() == "initial 0 0")
    observable.count = 1
    #expect(await reports.next() == "didSet 1 0")
    perceptible.count = 1
    #expect(await reports.next() == "didSet 1 1")
    token.cancel()
  }
}

/// Perception's runtime where Observation exists: the default engine, and its documented limit.
@Suite("Perception's runtime observes @Perceptible models alone")
struct PerceptibleOnlyTests {
  #if compiler(>=6.2)
    @Test func theNativeEngineIsTheDefaultWhereObservationExists() async {
      await #expect(processExitsWith: .success) {
        unsetenv("PERCEPTION_ENGINE")
        if PerceptionEngine.current != .native { exit(1) }
      }
    }
  #endif

  @Test(.enabled(if: PerceptionEngine.current == .perception))
  func anObservableModelGoesUnseenByEveryTracking() {
    let observable = NativeModel()
    let perceptible = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = observable.count
    } onChange: {
      log.append("onChange")
    }
    withPerceptionTracking {
      _ = observable.count
    } willSet: { _ in
      log.append("willSet")
    } didSet: { _ in
      log.append("didSet")
    }
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = observable.count
    } onChange: { _ in
      log.append("options")
    }
    observable.count += 1
    #expect(log.all.isEmpty)
    // Beside it, a @Perceptible model is tracked as ever.
    withPerceptionTracking {
      _ = observable.count
      _ = perceptible.count
    } onChange: {
      log.append("perceptible")
    }
    observable.count += 1
    perceptible.count += 1
    #expect(log.all == ["perceptible"])
  }
}
