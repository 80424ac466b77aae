import Testing

@testable import PerceptionCore

/// What a tracking leaves in the registrars it read once it has finished: nothing. A
/// registration left behind would keep its observer alive until the object dies, make every
/// later write to the property notify it, and pile up with each tracking: no callback shows
/// it, so these tests look at the registrar's event filters, which count its registrations.
@Suite(
  "Registrations",
  .enabled(
    if: PerceptionEngine.current == .perception,
    "the registrar's own table is Perception's runtime's; the native engine's trackings run on Observation"
  ))
struct RegistrationTests {
  /// A perceptible class written by hand, whose registrar the tests can look into.
  final class Counter: Perceptible, @unchecked Sendable {
    let registrar = PerceptionRegistrar()
    private var storedCount = 0

    var count: Int {
      get {
        registrar.access(self, keyPath: \.count)
        return storedCount
      }
      set {
        registrar.withMutation(of: self, keyPath: \.count) { storedCount = newValue }
      }
    }

    /// Whether any registration for willSet or didSet stands in its registrar.
    var isObserved: Bool {
      registrar.runtimeStorage.filter(for: EventBits.willSet)
        | registrar.runtimeStorage.filter(for: EventBits.didSet) != 0
    }
  }

  @Test func aFiredOneShotTrackingLeavesNoRegistration() {
    let counter = Counter()
    withPerceptionTracking {
      _ = counter.count
    } onChange: {
    }
    #expect(counter.isObserved)
    counter.count += 1
    #expect(!counter.isObserved)
  }

  @Test(
    arguments: [
      [.willSet], [.didSet], [.willSet, .didSet], [.willSet, .deinit],
      [.willSet, .didSet, .deinit],
    ] as [PerceptionTracking.Options])
  func aFinishedOptionsTrackingLeavesNoRegistration(options: PerceptionTracking.Options) {
    let counter = Counter()
    let events = EventCount()
    withPerceptionTracking(options: options) {
      _ = counter.count
    } onChange: { _ in
      events.add()
    }
    #expect(counter.isObserved)
    counter.count += 1
    #expect(events.value == (options.isSuperset(of: [.willSet, .didSet]) ? 2 : 1))
    #expect(!counter.isObserved)
  }

  @Test func aFiredTrackingOfTwoObjectsLeavesNoRegistrationInEither() {
    let first = Counter()
    let second = Counter()
    withPerceptionTracking {
      _ = first.count
      _ = second.count
    } onChange: {
    }
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = first.count
      _ = second.count
    } onChange: { _ in
    }
    first.count += 1
    #expect(!first.isObserved)
    #expect(!second.isObserved)
  }

  @Test func aTrackingCancelledInItsCallbackLeavesNoRegistration() {
    let counter = Counter()
    withPerceptionTracking {
      _ = counter.count
    } willSet: {
      $0.cancel()
    } didSet: { _ in
    }
    #expect(counter.isObserved)
    counter.count += 1
    #expect(!counter.isObserved)
  }

  /// Counts the events a callback received, from whichever thread.
  final class EventCount: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
  }
}
