import Testing

@testable import PerceptionCore

/// Stands in for SwiftUI's render engine evaluating a body; the detector below finds its frame
/// on the stack by name (this target is linked with `--export-dynamic` on Linux for that).
@inline(never)
func renderEngineStandIn(_ evaluate: () -> Void) {
  evaluate()
}

/// A view whose body reads a model without tracking it.
struct GaugeView {
  let dial: Dial
  var body: Int { dial.untrackedLevel }
}

@Suite(
  "The view-body watcher's reports fail the rendering test",
  .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct ViewBodyTests {
  @Test func aBodyThatReadsWithoutTrackingFailsTheTestThatRendersIt() {
    let view = GaugeView(dial: Dial())
    let detector = ViewBodyDetector(isRenderEngine: { frame in
      frame.demangledSymbol?.contains("renderEngineStandIn") ?? false
    })
    let issues = recordedIssues {
      // SwiftUI's main thread, watched, with the stand-in's engine deciding.
      ViewBodyChecking.$detectorOverride.withValue(detector) {
        CheckingSlot.with(CheckingSlot.viewBodies) { renderEngineStandIn { _ = view.body } }
      }
    }
    #expect(issues.count == 1)
    let message = issues.first.map(text(of:)) ?? ""
    #expect(message.hasPrefix("Perception: Dial.level was read in GaugeView.body"))
    #expect(message.contains("Mark the view @WithPerceptionTracking"))
  }
}
