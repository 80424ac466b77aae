import CPerceptionRuntime
import Foundation
import Testing

@testable import PerceptionCore

// SwiftUI's render engine and views, as the stack sees them: the detector in these tests takes
// `renderStandIn` for the engine (by name: the test binary exports its symbols on Linux, see
// Package.swift), and the views' `body` getters are real `body` getters.

/// Stands in for AttributeGraph evaluating a body. (Tests build without optimization, so its
/// frame stays on the stack while `evaluate` runs.)
@inline(never)
func renderStandIn(_ evaluate: () -> Void) {
  evaluate()
}

/// A view whose body reads a model directly.
struct CounterView {
  let gauge: Gauge
  var body: Int { gauge.trackedLevel }
}

/// A view whose body reads a model in a closure that it calls, as a container's content is.
struct RowsView {
  let gauge: Gauge
  var body: [Int] { [1, 2, 3].map { _ in gauge.trackedLevel } }
}

/// A view whose body wraps its reads in tracking, as `WithPerceptionTracking` does.
struct TrackedView {
  let gauge: Gauge
  var body: Int {
    withPerceptionTracking {
      gauge.trackedLevel
    } onChange: {
    }
  }
}

/// A model with a property named `body`: its own getter is not a view body.
final class Article: Perceptible, @unchecked Sendable {
  let registrar = PerceptionRegistrar()
  var text = "text"
  var body: String {
    registrar.access(self, keyPath: \.text)
    return text
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Article: Observable {}

/// An action closure's work: under the engine, but in no body.
@inline(never)
func tapAction(_ gauge: Gauge) {
  gauge.set(gauge.trackedLevel + 1)
}

/// A detector that takes `renderStandIn`'s frames for the render engine's, and counts in
/// `frames` the frames it is asked about: none until a stack is judged, and as many again each
/// time that stack is judged anew.
func standInDetector(counting frames: FrameCount = FrameCount()) -> ViewBodyDetector {
  ViewBodyDetector { frame in
    frames.add()
    return frame.demangledSymbol?.contains("renderStandIn") ?? false
  }
}

final class FrameCount: @unchecked Sendable {
  // Sendable: `count` is only touched under `lock`.
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func add() { lock.withLock { count += 1 } }
}

extension ViewBodyChecking {
  /// Runs `body` with the calling thread watched and `detector` deciding: how tests stand in
  /// for SwiftUI's main thread on any platform.
  static func withWatchedThread<T>(_ detector: ViewBodyDetector, _ body: () throws -> T) rethrows
    -> T
  {
    try $detectorOverride.withValue(detector) {
      try CheckingSlot.with(CheckingSlot.viewBodies, body)
    }
  }
}

@Suite(
  "Perception checking of unwrapped view bodies",
  .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct ViewBodyCheckingTests {
  @Test func aReadInABodyUnderTheRenderEngineIsReportedWithTheViewsName() {
    let view = CounterView(gauge: Gauge())
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(standInDetector()) {
        renderStandIn { _ = view.body }
      }
    }
    #expect(reports.map(\.property) == ["Gauge.level"])
    #expect(reports.first?.viewBody == "CounterView.body")
    let description = reports.first?.description ?? ""
    #expect(description.contains("read in CounterView.body"))
    #expect(description.contains("WithPerceptionTracking"))
  }

  @Test func aReadInAClosureOfABodyIsReportedOnce() {
    let view = RowsView(gauge: Gauge())
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(standInDetector()) {
        renderStandIn { _ = view.body }
      }
    }
    #expect(reports.count == 1)
    #expect(reports.first?.viewBody == "RowsView.body")
  }

  @Test func readsUnderTheEngineOutsideAnyBodyAreNotReported() {
    let gauge = Gauge()
    let article = Article()
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(standInDetector()) {
        renderStandIn {
          tapAction(gauge)
          _ = article.body
        }
      }
    }
    #expect(reports.isEmpty)
  }

  @Test func aBodyThatTheEngineIsNotEvaluatingIsNotReported() {
    let view = CounterView(gauge: Gauge())
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(standInDetector()) { _ = view.body }
    }
    #expect(reports.isEmpty)
  }

  @Test func aTrackedBodyIsNotReportedAndCostsNoDecision() {
    let view = TrackedView(gauge: Gauge())
    let frames = FrameCount()
    let detector = standInDetector(counting: frames)
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(detector) {
        renderStandIn { _ = view.body }
      }
    }
    #expect(reports.isEmpty)
    #expect(frames.value == 0)
  }

  @Test func skippedReadsAndUncheckedRegistrarsAreNotReported() {
    let view = CounterView(gauge: Gauge())
    let unchecked = CounterView(gauge: Gauge(isPerceptionCheckingEnabled: false))
    let frames = FrameCount()
    let detector = standInDetector(counting: frames)
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(detector) {
        renderStandIn {
          _PerceptionLocals.$skipPerceptionChecking.withValue(true) { _ = view.body }
          _ = unchecked.body
        }
      }
    }
    #expect(reports.isEmpty)
    // Both are settled before the stack is looked at.
    #expect(frames.value == 0)
  }

  @Test func aStackIsJudgedOnceAndThenFoundInTheCache() {
    let view = CounterView(gauge: Gauge())
    let frames = FrameCount()
    let detector = standInDetector(counting: frames)
    var firstJudgement = 0
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(detector) {
        for pass in 0..<5 {
          renderStandIn { _ = view.body }
          if pass == 0 { firstJudgement = frames.value }
        }
      }
    }
    #expect(reports.count == 1)
    #expect(firstJudgement > 0)
    #expect(frames.value == firstJudgement)
    // Another path to the same read is another stack.
    _ = checkingReports {
      ViewBodyChecking.withWatchedThread(detector) {
        renderStandIn { _ = view.body }
      }
    }
    #expect(frames.value > firstJudgement)
  }

  @Test func anUnwatchedThreadIsNeverChecked() {
    let view = CounterView(gauge: Gauge())
    let reports = checkingReports {
      renderStandIn { _ = view.body }
    }
    #expect(reports.isEmpty)
  }

  @Test func aCheckedContextOnAWatchedThreadReportsWithoutTheStack() {
    let gauge = Gauge()
    let frames = FrameCount()
    let detector = standInDetector(counting: frames)
    let reports = checkingReports {
      ViewBodyChecking.withWatchedThread(detector) {
        withPerceptionChecking { _ = gauge.trackedLevel }
      }
    }
    #expect(reports.map(\.property) == ["Gauge.level"])
    #expect(reports.first?.viewBody == nil)
    #expect(frames.value == 0)
  }

  @Test func theWatchEndsWithItsScope() {
    let before = perception_slot_get()
    ViewBodyChecking.withWatchedThread(standInDetector()) {
      #expect(perception_slot_get() & CheckingSlot.viewBodies != 0)
    }
    #expect(perception_slot_get() == before)
  }

  @Test func aMainThreadIsWatchedOnlyOutsideScopesAndContexts() {
    // `watchThread(ifMain:)` marks the slot for the rest of the thread's life: run it on a
    // thread of its own, which ends after.
    let thread = Thread {
      ViewBodyChecking.watchThread(ifMain: false)
      let notMain = perception_slot_get()
      withPerceptionChecking { ViewBodyChecking.watchThread(ifMain: true) }
      let inContext = perception_slot_get()
      ViewBodyChecking.watchThread(ifMain: true)
      let watched = perception_slot_get()
      withPerceptionTracking {
        ViewBodyChecking.watchThread(ifMain: true)
      } onChange: {
      }
      let afterScope = perception_slot_get()
      ThreadResults.shared.record([notMain, inContext, watched, afterScope])
    }
    thread.start()
    let slots = ThreadResults.shared.wait()
    #expect(slots == [0, 0, CheckingSlot.viewBodies, CheckingSlot.viewBodies])
  }

  @Test func creatingARegistrarWatchesNoThreadWhereSwiftUITracksOrIsAbsent() {
    let before = perception_slot_get()
    _ = PerceptionRegistrar()
    #expect(perception_slot_get() == before)
  }

  @Test(
    arguments: [
      ("App.ContentView.body.getter : some", "ContentView.body"),
      ("closure #1 () -> Swift.Int in App.RowsView.body.getter : some", "RowsView.body"),
      (
        "generic specialization <App.Model> of App.ListView<A>.body.getter : some",
        "ListView<A>.body"
      ),
      ("App.Model.count.getter : Swift.Int", nil),
      ("App.Article.body.getter : Swift.String", nil),  // the type being read
    ] as [(String, String?)])
  func viewBodiesAreNamedFromDemangledSymbols(symbol: String, expected: String?) {
    #expect(ViewBodyDetector.viewBody(demangled: symbol, readType: "Article") == expected)
  }

  @Test func onlySwiftSymbolsNamingABodyAreDemangled() {
    #expect(ViewBodyDetector.mayBeBody("$s3App11ContentViewV4bodyQrvg"))
    #expect(ViewBodyDetector.mayBeBody("_$s3App11ContentViewV4bodyQrvg"))
    #expect(!ViewBodyDetector.mayBeBody("$s3App5ModelC5countSivg"))
    #expect(!ViewBodyDetector.mayBeBody("body_getter"))
  }

  @Test func theCallStackNamesTheSwiftFunctionsOnIt() {
    // What the detector stands on: a capture from here holds this test's frames, and they
    // demangle to Swift names (on Linux, because the test binary exports its symbols).
    let names = CallStack.withFrames { frames in
      frames.compactMap { $0.flatMap { CallStack.describe($0).demangledSymbol } }
    }
    #expect(names.contains { $0.contains("theCallStackNamesTheSwiftFunctionsOnIt") })
  }
}

/// Hands a value from a thread to the test that waits for it.
final class ThreadResults: @unchecked Sendable {
  // Sendable: `slots` is only touched under `condition`.
  static let shared = ThreadResults()
  private let condition = NSCondition()
  private var slots: [UInt]?

  func record(_ value: [UInt]) {
    condition.withLock {
      slots = value
      condition.broadcast()
    }
  }

  func wait() -> [UInt] {
    condition.withLock {
      while slots == nil { condition.wait() }
      defer { slots = nil }
      return slots!
    }
  }
}
