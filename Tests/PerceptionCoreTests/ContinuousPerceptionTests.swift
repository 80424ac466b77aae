import Foundation
import PerceptionCore
import Testing

/// `withContinuousPerception(options:apply:)`, the behaviour SE-0506 gives
/// `withContinuousObservation(options:apply:)` (not in the 6.3.1 toolchain).
@MainActor
@Suite("Continuous tracking", .timeLimit(.minutes(1)))
struct ContinuousPerceptionTests {
  private nonisolated static func name(_ kind: PerceptionTracking.Event.Kind) -> String {
    switch kind {
    case .initial: "initial"
    case .willSet: "willSet"
    case .didSet: "didSet"
    case .deinit: "deinit"
    default: "unknown"
    }
  }

  @Test func applyRunsFirstWithInitialThenOncePerStretch() async {
    let model = PerceptionModel()
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.willSet]) { event in
      reporter.yield("\(Self.name(event.kind)) \(model.count)")
    }
    #expect(await reports.next() == "initial 0")
    model.count = 1
    model.count = 2
    #expect(await reports.next() == "willSet 2")
    model.name = "not read"
    model.count = 3
    #expect(await reports.next() == "willSet 3")
    token.cancel()
  }

  @Test func willSetAndDidSetOfOneStretchGiveOneCallWithTheLastEvent() async {
    let model = PerceptionModel()
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.willSet, .didSet]) { event in
      let property = event.matches(\PerceptionModel.count) ? "count" : "-"
      reporter.yield("\(Self.name(event.kind)) \(property) \(model.count)")
    }
    #expect(await reports.next() == "initial - 0")
    model.count = 5
    #expect(await reports.next() == "didSet count 5")
    token.cancel()
  }

  @Test func cancellingTheTokenReleasesApplyAtOnce() async {
    let model = PerceptionModel()
    let (calls, reporter) = AsyncStream<Int>.makeStream()
    var reports = calls.makeAsyncIterator()
    weak var weakProbe: Probe?
    var token: PerceptionTracking.Token?
    do {
      let probe = Probe()
      weakProbe = probe
      token = withContinuousPerception(options: [.willSet]) { _ in
        _ = probe
        reporter.yield(model.count)
      }
    }
    #expect(await reports.next() == 0)
    #expect(weakProbe != nil)
    token.take()?.cancel()
    // Nothing holds apply any more, so nothing can call it.
    #expect(weakProbe == nil)
    model.count = 1
  }

  @Test func droppingTheTokenReleasesApplyAtOnce() async {
    let (calls, reporter) = AsyncStream<Int>.makeStream()
    var reports = calls.makeAsyncIterator()
    let model = PerceptionModel()
    weak var weakProbe: Probe?
    let token = Self.track(model, reporter) { weakProbe = $0 }
    #expect(await reports.next() == 0)
    #expect(weakProbe != nil)
    Self.drop(token)
    #expect(weakProbe == nil)
    model.count = 1
  }

  /// A tracking whose apply holds a probe that only apply holds.
  private static func track(
    _ model: PerceptionModel, _ reporter: AsyncStream<Int>.Continuation,
    probe report: (Probe) -> Void
  ) -> PerceptionTracking.Token {
    let probe = Probe()
    report(probe)
    return withContinuousPerception(options: [.willSet]) { _ in
      _ = probe
      reporter.yield(model.count)
    }
  }

  private static func drop(_ token: consuming PerceptionTracking.Token) {}

  @Test func eventCancelInsideApplyEndsIt() async {
    let model = PerceptionModel()
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    weak var weakProbe: Probe?
    var token: PerceptionTracking.Token?
    do {
      let probe = Probe()
      weakProbe = probe
      token = withContinuousPerception(options: [.willSet]) { event in
        _ = probe
        if model.count == 1 { event.cancel() }
        reporter.yield("\(Self.name(event.kind)) \(model.count)")
      }
    }
    #expect(await reports.next() == "initial 0")
    model.count = 1
    #expect(await reports.next() == "willSet 1")
    #expect(weakProbe == nil, "apply was released once the call that cancelled returned")
    model.count = 2
    _ = token
  }

  @Test func applyRunsOnItsOwnIsolation() async {
    #expect(
      await Self.trackOnTestActor(PerceptionModel()) == [
        "on TestActor: initial 0", "on TestActor: didSet 2",
      ])
  }

  /// Tracks on the test actor, from a task that starts on it, and writes there in one
  /// stretch.
  @TestActor private static func trackOnTestActor(_ model: PerceptionModel) async -> [String?] {
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.didSet]) { event in
      let actor = TestActor.isCurrent ? "on TestActor" : "elsewhere"
      reporter.yield("\(actor): \(Self.name(event.kind)) \(model.count)")
    }
    let first = await reports.next(isolation: #isolation)
    model.count = 1
    model.count = 2
    let second = await reports.next(isolation: #isolation)
    token.cancel()
    return [first, second]
  }

  @Test func aReleasedObjectGivesADeinitEvent() async {
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let holder = ModelHolder()
    holder.model = PerceptionModel()
    let token = withContinuousPerception(options: [.willSet, .deinit]) { event in
      reporter.yield("\(Self.name(event.kind)) \(holder.model?.count ?? -1)")
    }
    #expect(await reports.next() == "initial 0")
    holder.model = nil
    #expect(await reports.next() == "deinit -1")
    token.cancel()
  }

  @Test func writesFromOtherThreadsEachGiveACall() async {
    // Each write is made on another thread once the previous call has returned (apply runs
    // on the main actor, like this test, so the test resumes only after the call and the
    // installation of its tracking).
    let counter = LockedCounter()
    let (calls, reporter) = AsyncStream<Int>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.didSet]) { _ in
      reporter.yield(counter.value)
    }
    #expect(await reports.next() == 0)
    for value in 1...50 {
      DispatchQueue.global().async { counter.value = value }
      #expect(await reports.next() == value)
    }
    token.cancel()
  }

  @Test func writesFromOtherThreadsEachEndInADidSetCall() async {
    // With both options, a write on another thread may wake the call at its willSet, before
    // the store (that call reads the old value or the new), and then its didSet gives
    // another, which reads the new value.
    let counter = LockedCounter()
    let (calls, reporter) = AsyncStream<String>.makeStream()
    var reports = calls.makeAsyncIterator()
    let token = withContinuousPerception(options: [.willSet, .didSet]) { event in
      reporter.yield("\(Self.name(event.kind)) \(counter.value)")
    }
    #expect(await reports.next() == "initial 0")
    for value in 1...50 {
      DispatchQueue.global().async { counter.value = value }
      var report = await reports.next()
      while let early = report, early != "didSet \(value)" {
        #expect(early == "willSet \(value - 1)" || early == "willSet \(value)")
        report = await reports.next()
      }
      #expect(report == "didSet \(value)")
    }
    token.cancel()
  }
}

/// Holds a model that a test releases while a `@Sendable` closure reads it.
final class ModelHolder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: PerceptionModel?
  var model: PerceptionModel? {
    get { lock.withLock { stored } }
    set {
      // Released outside the lock: its release delivers events that read `model`.
      let old = lock.withLock { () -> PerceptionModel? in
        defer { stored = newValue }
        return stored
      }
      _ = old
    }
  }
}

/// A perceptible counter whose storage is guarded by a lock, so that threads may write it
/// while others read it.
final class LockedCounter: Perceptible, @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private let lock = NSLock()
  private var storage = 0

  var value: Int {
    get {
      registrar.access(self, keyPath: \.value)
      return lock.withLock { storage }
    }
    set {
      registrar.withMutation(of: self, keyPath: \.value) {
        lock.withLock { storage = newValue }
      }
    }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension LockedCounter: Observable {}
