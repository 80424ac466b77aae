import Foundation
import Observation
import Testing

@testable import PerceptionCore

/// A type that is both `Perceptible` and `Observable` by two separate conformances, as TCA's
/// `Store` is, and that calls the registrar by hand: every call must resolve.
final class DualStore: @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private var _state = 0

  var state: Int {
    get {
      registrar.access(self, keyPath: \.state)
      return _state
    }
    set {
      registrar.willSet(self, keyPath: \.state)
      _state = newValue
      registrar.didSet(self, keyPath: \.state)
    }
  }

  func replace(_ value: Int) {
    registrar.withMutation(of: self, keyPath: \.state) { _state = value }
  }
}
extension DualStore: Perceptible {}
extension DualStore: Observable {}

/// An `Observable` type that keeps a `PerceptionRegistrar`, as swift-sharing and TCA's state
/// registrars do: the registrar accepts it through its `Observable` overloads.
final class ObservableOnly: Observable, @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private var _value = 0

  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return _value
    }
    set {
      registrar.withMutation(of: self, keyPath: \.value) { _value = newValue }
    }
  }
}

/// Counts `onChange` calls.
final class Counter: @unchecked Sendable {
  private let log = EventLog()
  func hit() { log.append("hit") }
  var hits: Int { log.count(of: "hit") }
}

@Suite("Interop with Observation")
struct InteropTests {
  let engine = PerceptionEngine.current

  @Test func theEngineIsTheEnvironmentsOrThePlatformDefault() {
    switch PerceptionEngine.environment.choice {
    case .native?: #expect(engine == .native)
    case .perception?: #expect(engine == .perception)
    // Linux has Observation, and runs on it by default.
    case nil: #expect(engine == .native)
    }
    #expect(PerceptionEngine.native.isAvailable)
    #expect(PerceptionEngine.perception.isAvailable)
  }

  @Test func selectingTheRunningEngineAgainDoesNothing() {
    PerceptionEngine.select(engine)
    #expect(PerceptionEngine.current == engine)
  }

  @Test func perceptibleModelsAreObservable() {
    #expect((PerceptionModel() as Any) is any Observable)
    #expect((PerceptionModel() as Any) is any Perceptible)
  }

  @Test func withObservationTrackingSeesAPerceptibleModelOnTheNativeEngine() {
    let model = PerceptionModel()
    let counter = Counter()
    withObservationTracking {
      _ = model.count
    } onChange: {
      counter.hit()
    }
    model.count += 1
    // On Perception's runtime, a perceptible model is invisible to withObservationTracking.
    #expect(counter.hits == (engine == .native ? 1 : 0))
  }

  @Test func aTypeThatIsBothResolvesAndTracks() {
    let store = DualStore()
    let counter = Counter()
    withPerceptionTracking {
      _ = store.state
    } onChange: {
      counter.hit()
    }
    store.state = 1
    #expect(counter.hits == 1)
    withPerceptionTracking {
      _ = store.state
    } onChange: {
      counter.hit()
    }
    store.replace(2)
    #expect(counter.hits == 2)
    #expect(store.state == 2)
  }

  @Test func anObservableSubjectUsesTheRegistrarThroughItsOverloads() {
    let model = ObservableOnly()
    let counter = Counter()
    withPerceptionTracking {
      _ = model.value
    } onChange: {
      counter.hit()
    }
    model.value = 1
    #expect(counter.hits == 1)
  }

  @Test func nativeEngineFiresAOneShotOnChangeOnceUnderReentrancy() {
    let model = PerceptionModel()
    let counter = Counter()
    withPerceptionTracking {
      _ = model.count
    } onChange: {
      counter.hit()
      // Native alone would call onChange again from here, without end.
      model.count += 10
    }
    model.count += 1
    #expect(counter.hits == 1)
    #expect(model.count == 11)
  }

  #if compiler(>=6.2)
    @Test func selectingAnotherEngineOnceOneRunsIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = PerceptionRegistrar()
        let other: PerceptionEngine = PerceptionEngine.current == .native ? .perception : .native
        PerceptionEngine.select(other)
      }
    }

    @Test func selectBeforeAnyUseChoosesTheEngine() async {
      await #expect(processExitsWith: .success) {
        unsetenv("PERCEPTION_ENGINE")
        PerceptionEngine.select(.native)
        let model = PerceptionModel()
        let counter = Counter()
        withObservationTracking {
          _ = model.count
        } onChange: {
          counter.hit()
        }
        model.count = 1
        if PerceptionEngine.current != .native || counter.hits != 1 { exit(1) }
      }
    }
  #endif
}
