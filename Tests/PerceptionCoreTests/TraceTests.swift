import Foundation
@_spi(SwiftUI) import PerceptionCore
import Testing

/// The change trace's content for each kind of tracking, on the engine this process runs (CI
/// runs the suite on both). This binary is linked with `--export-dynamic`, so the installing
/// functions have names.
@MainActor
@Suite("Change trace", .serialized, .timeLimit(.minutes(1)))
struct TraceTests {
  /// The traces `body` produced, as lines.
  final class Traces: @unchecked Sendable {
    private let lock = NSLock()
    private var traces: [PerceptionTrace] = []
    func append(_ trace: PerceptionTrace) { lock.withLock { traces.append(trace) } }
    var all: [PerceptionTrace] { lock.withLock { traces } }
  }

  @Test func oneShotTracking() {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        installOneShot(model)
        model.count = 1
        model.count = 2
      }
      let trace = traces.all
      #expect(trace.count == 1)
      #expect(trace.first?.property == "PerceptionModel.count")
      #expect(trace.first?.event == .willSet)
      #expect(trace.first?.tracking == "withPerceptionTracking(_:onChange:)")
      #expect(trace.first?.installer == "TraceTests.installOneShot")
      #expect(trace.first?.origin == nil)
      #expect(trace.first?.isMainThread == Thread.isMainThread)
      let thread = Thread.isMainThread ? "main thread" : "thread \(trace.first?.threadID ?? 0)"
      #expect(
        trace.first?.description
          == "Perception trace: PerceptionModel.count willSet on \(thread) -> "
          + "withPerceptionTracking(_:onChange:) installed in TraceTests.installOneShot")
    #endif
  }

  func installOneShot(_ model: PerceptionModel) {
    withPerceptionTracking {
      _ = model.count
    } onChange: {
    }
  }

  @Test func willSetAndDidSetTracking() {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        let tracking = Tracking()
        withPerceptionTracking {
          _ = model.name
        } willSet: { _ in
        } didSet: {
          tracking.cancel($0)
        }
        model.name = "x"
      }
      #expect(traces.all.map(\.event) == [.willSet, .didSet])
      #expect(traces.all.allSatisfy { $0.property == "PerceptionModel.name" })
      #expect(traces.all.first?.tracking == "withPerceptionTracking(_:willSet:didSet:)")
    #endif
  }

  final class Tracking: Sendable {
    func cancel(_ tracking: PerceptionTracking) { tracking.cancel() }
  }

  @Test func optionsTracking() {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        installOptions(model)
        model.other = 5
      }
      let trace = traces.all
      #expect(trace.map(\.event) == [.willSet, .didSet])
      #expect(trace.allSatisfy { $0.property == "PerceptionModel.other" })
      #expect(trace.first?.tracking == "withPerceptionTracking(options:_:onChange:)")
      #expect(trace.first?.installer == "TraceTests.installOptions")
    #endif
  }

  func installOptions(_ model: PerceptionModel) {
    withPerceptionTracking(options: [.willSet, .didSet]) {
      _ = model.other
    } onChange: { _ in
    }
  }

  @Test func releaseOfAnObservedObject() {
    #if DEBUG
      var model: PerceptionModel? = PerceptionModel()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        withPerceptionTracking(options: [.deinit]) {
          _ = model?.count
        } onChange: { _ in
        }
        model = nil
      }
      #expect(traces.all.map(\.event) == [.deinit])
      #expect(traces.all.first?.property == nil)
      #expect(traces.all.first?.description.contains("an observed object was released") == true)
    #endif
  }

  /// On the main actor, as the suite: the closure's tracking is installed before the test goes
  /// on.
  @Test func continuousToken() async {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      let (calls, reporter) = AsyncStream<Int>.makeStream()
      await PerceptionTracing.withTraceHandler(traces.append) {
        var reports = calls.makeAsyncIterator()
        let token = makeContinuousTracking(model, reporter)
        _ = await reports.next()
        model.count = 7
        _ = await reports.next()
        token.cancel()
      }
      let trace = traces.all.first
      #expect(trace?.property == "PerceptionModel.count")
      #expect(trace?.event == .willSet)
      #expect(trace?.tracking == "withPerceptionTracking(options:_:onChange:)")
      #expect(
        trace?.origin == "withContinuousPerception made in TraceTests.makeContinuousTracking")
    #endif
  }

  func makeContinuousTracking(
    _ model: PerceptionModel, _ reporter: AsyncStream<Int>.Continuation
  ) -> PerceptionTracking.Token {
    withContinuousPerception(options: [.willSet]) { _ in reporter.yield(model.count) }
  }

  @Test func perceptionsSequence() async {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      await PerceptionTracing.withTraceHandler(traces.append) {
        var values = makeSequence(model).makeAsyncIterator()
        _ = await values.next()
        model.count = 3
        _ = await values.next()
      }
      let trace = traces.all.first
      #expect(trace?.property == "PerceptionModel.count")
      // An iterator waits for a change's didSet, so that its next element sees the change.
      #expect(trace?.tracking == "withPerceptionTracking(options:_:onChange:)")
      #expect(trace?.origin == "Perceptions made in TraceTests.makeSequence")
    #endif
  }

  func makeSequence(_ model: PerceptionModel) -> Perceptions<Int, Never> {
    Perceptions { model.count }
  }

  /// The tracker behind `WithPerceptionTracking`, as the SwiftUI stand-in and SwiftUI use it.
  @Test func trackingView() {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        let tracker = ContentView.makeTracker()
        _ = tracker.render({ model.name }, onInvalidate: {})
        model.name = "changed"
      }
      let trace = traces.all.first
      #expect(traces.all.count == 1)
      #expect(trace?.property == "PerceptionModel.name")
      #expect(trace?.origin == "WithPerceptionTracking in TraceTests.ContentView.makeTracker")
    #endif
  }

  struct ContentView {
    static func makeTracker() -> ViewTracker { ViewTracker() }
  }

  /// Without `PERCEPTION_TRACE` and outside every handler scope, a tracking carries no site:
  /// its callbacks make no trace.
  @Test func trackingInstalledWhileTracingIsOffIsNotTraced() {
    #if DEBUG
      let model = PerceptionModel()
      let traces = Traces()
      installOneShot(model)
      #expect(
        !PerceptionTracing.isEnabled
          || ProcessInfo.processInfo.environment["PERCEPTION_TRACE"] != nil)
      PerceptionTracing.withTraceHandler(traces.append) {
        model.count = 1
      }
      #expect(traces.all.isEmpty)
    #endif
  }
}
