import Foundation
import Perception
import SwiftUI
import Testing

/// The change trace names the view whose `WithPerceptionTracking` a change invalidates, in the
/// fake render loop against the SwiftUI stand-in, on the engine this process runs.
@MainActor
@Suite("WithPerceptionTracking's trace, against the SwiftUI stand-in")
struct WithPerceptionTrackingTraceTests {
  final class Traces: @unchecked Sendable {
    private let lock = NSLock()
    private var traces: [PerceptionTrace] = []
    func append(_ trace: PerceptionTrace) { lock.withLock { traces.append(trace) } }
    var all: [PerceptionTrace] { lock.withLock { traces } }
  }

  @Test func traceNamesTheViewAndTheProperty() {
    #if DEBUG
      let model = Model()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        let loop = RenderLoop(Screen(model: model))
        model.count += 1
        loop.settle()
      }
      let trace = traces.all.first
      #expect(traces.all.count == 1)
      #expect(trace?.property == "Model.count")
      #expect(trace?.event == .willSet)
      #expect(trace?.tracking == "withPerceptionTracking(_:onChange:)")
      #expect(trace?.origin == "WithPerceptionTracking in CountView.body")
    #endif
  }

  @Test func traceNamesTheMarkedViewType() {
    #if DEBUG
      let model = Model()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        let loop = RenderLoop(MarkedParentView(model: model))
        model.title = "b"
        loop.settle()
        model.count += 1
        loop.settle()
      }
      #expect(traces.all.map(\.property) == ["Model.title", "Model.count"])
      #expect(
        traces.all.map(\.origin) == [
          "@WithPerceptionTracking MarkedTitleView", "@WithPerceptionTracking MarkedParentView",
        ])
      #expect(traces.all.first?.event == .willSet)
      #expect(traces.all.first?.tracking == "withPerceptionTracking(_:onChange:)")
      let line = traces.all.first?.description ?? ""
      #expect(line.hasSuffix("for @WithPerceptionTracking MarkedTitleView"), "\(line)")
    #endif
  }

  @Test func aGenericMarkedViewIsNamedWithItsArguments() {
    #if DEBUG
      let model = Model()
      let traces = Traces()
      PerceptionTracing.withTraceHandler(traces.append) {
        let loop = RenderLoop(MarkedGenericView(model: model, value: 1))
        model.count += 1
        loop.settle()
      }
      #expect(traces.all.map(\.origin) == ["@WithPerceptionTracking MarkedGenericView<Int>"])
    #endif
  }
}
