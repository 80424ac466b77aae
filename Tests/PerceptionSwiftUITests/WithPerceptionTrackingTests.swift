import Foundation
import Perception
import SwiftUI
import Testing

/// Collects perception checking's reports made while `body` runs.
@MainActor
func reports(_ body: () -> Void) -> [String] {
  let log = Reports()
  PerceptionChecking.withReportHandler({ log.append($0.typeName) }, operation: body)
  return log.all
}

final class Reports: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [String] = []
  func append(_ report: String) { lock.withLock { reports.append(report) } }
  var all: [String] { lock.withLock { reports } }
}

struct Screen: View {
  let model: Model
  var body: some View {
    TitleView(model: model)
    CountView(model: model)
  }
}

@MainActor
@Suite("WithPerceptionTracking in a fake render loop, against the SwiftUI stand-in")
struct WithPerceptionTrackingTests {
  @Test func rendersAgainExactlyTheViewsThatReadTheProperty() {
    let model = Model()
    let loop = RenderLoop(Screen(model: model))
    #expect(loop.takeLog() == ["title=a", "count=0"])

    model.count += 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1"])

    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["title=b"])

    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == [])
  }

  @Test func severalChangesBeforeARenderRenderOnce() {
    let model = Model()
    let loop = RenderLoop(Screen(model: model))
    _ = loop.takeLog()
    model.count = 1
    model.count = 2
    model.count = 3
    loop.settle()
    #expect(loop.takeLog() == ["count=3"])
    // And it is armed again after that render.
    model.count = 4
    loop.settle()
    #expect(loop.takeLog() == ["count=4"])
  }

  @Test func readsInsideAreNotReported() {
    let model = Model()
    #expect(reports { _ = RenderLoop(Screen(model: model)) } == [])
  }

  @Test func readsOutsideAreReportedAndNotTracked() {
    let model = Model()
    var loop: RenderLoop?
    let found = reports { loop = RenderLoop(UntrackedView(model: model)) }
    #if DEBUG
      #expect(found == ["Model"])
    #endif
    _ = loop?.takeLog()
    model.title = "b"
    loop?.settle()
    #expect(loop?.takeLog() == [])
  }

  @Test func trackedRowsRenderAgainOneByOne() {
    let model = Model()
    model.items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
    var loop: RenderLoop?
    let found = reports { loop = RenderLoop(TrackedRowsView(model: model)) }
    #expect(found == [])
    #expect(loop?.takeLog() == ["row1=one", "row2=two"])

    model.items[1].name = "deux"
    loop?.settle()
    #expect(loop?.takeLog() == ["row2=deux"])

    model.items.append(Item(id: 3, name: "three"))
    loop?.settle()
    #expect(loop?.takeLog() == ["row1=one", "row2=deux", "row3=three"])
  }

  @Test func untrackedRowsAreReportedAndDoNotRenderAgain() {
    let model = Model()
    model.items = [Item(id: 1, name: "one")]
    var loop: RenderLoop?
    let found = reports { loop = RenderLoop(UntrackedRowsView(model: model)) }
    #if DEBUG
      #expect(found == ["Item"])
    #endif
    _ = loop?.takeLog()
    model.items[0].name = "uno"
    loop?.settle()
    #expect(loop?.takeLog() == [])
  }

  @Test func stateSurvivesTheParentsRender() {
    // The parent renders again (its count changed); the child tracking view keeps its tracker
    // and still renders again for its own property.
    let model = Model()
    let loop = RenderLoop(ParentAndChild(model: model))
    #expect(loop.takeLog() == ["parent=0", "title=a"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["parent=1", "title=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["title=b"])
  }

  @Test func otherBuilderContextsTrackTheirContent() {
    let model = Model()
    let invalidations = Reports()
    let contents: [(Any, () -> String)] = [
      track(WithPerceptionTracking { SceneLeaf(text: model.title) }),
      track(WithPerceptionTracking { CommandsLeaf(text: model.title) }),
      track(WithPerceptionTracking { ToolbarLeaf(text: model.title) }),
      track(WithPerceptionTracking { RotorLeaf(text: model.title) }),
      track(WithPerceptionTracking { ChartLeaf(text: model.title) }),
    ]
    for (index, (view, render)) in contents.enumerated() {
      RenderLoop.observeStates(of: view) { invalidations.append("\(index)") }
      #expect(render() == "a")
    }
    // The views hold the trackers: keep them alive past their last use, which an optimized
    // build may otherwise end before the write.
    withExtendedLifetime(contents) { model.title = "b" }
    #expect(invalidations.all.sorted() == ["0", "1", "2", "3", "4"])
  }

  @Test func tableColumnsAreMadeFromTheTrackedBody() {
    let model = Model()
    let invalidations = Reports()
    let columns = WithPerceptionTracking { ColumnLeaf(text: model.title) }
    RenderLoop.observeStates(of: columns) { invalidations.append("columns") }
    _ = MadeColumns.take()
    _ = WithPerceptionTracking._makeContent(content: _GraphValue(value: columns), inputs: .init())
    #expect(MadeColumns.take() == ["a"])
    model.title = "b"
    #expect(invalidations.all == ["columns"])
  }

  @Test func tableRowsAreTheTrackedBody() {
    let model = Model()
    let invalidations = Reports()
    let rows = WithPerceptionTracking { RowLeaf(text: model.title) }
    RenderLoop.observeStates(of: rows) { invalidations.append("rows") }
    #expect(rows.tableRowBody.text == "a")
    model.title = "b"
    #expect(invalidations.all == ["rows"])
  }

  private func track<Content: TextShowing>(_ view: WithPerceptionTracking<Content>) -> (
    Any, () -> String
  ) {
    (view, { view.body.text })
  }
}

struct ParentAndChild: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Text("parent", "\(model.count)")
      TitleView(model: model)
    }
  }
}

@MainActor
@Suite("WithPerceptionTracking's lifetime, against the SwiftUI stand-in")
struct WithPerceptionTrackingLifetimeTests {
  @Test func aRenderedViewDoesNotKeepItsModelAliveOnceGone() {
    // The render registers a change handler in the model's registrar; were the handler to hold
    // the view's content, which holds the model, the model would keep itself alive until its
    // next change.
    weak var released: Model?
    do {
      let model = Model()
      released = model
      let loop = RenderLoop(Screen(model: model))
      #expect(loop.takeLog() == ["title=a", "count=0"])
    }
    #expect(released == nil)
  }
}
