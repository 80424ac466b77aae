import Foundation
import Perception
import SwiftUI
import Testing

/// Views marked `@WithPerceptionTracking`, with no wrapper in their bodies, in the fake render
/// loop: each renders again, once, exactly when what its body read changes.
@MainActor
@Suite("@WithPerceptionTracking in a fake render loop, against the SwiftUI stand-in")
struct MarkedViewTests {
  @Test func aBodyInTheTypeRendersAgainOnAChangeToWhatItRead() {
    let model = Model()
    let loop = RenderLoop(MarkedTitleView(model: model))
    #expect(loop.takeLog() == ["title=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["title=b"])
    model.count += 1
    loop.settle()
    #expect(loop.takeLog() == [])
  }

  @Test func severalChangesBeforeARenderRenderOnce() {
    let model = Model()
    let loop = RenderLoop(MarkedTitleView(model: model))
    _ = loop.takeLog()
    model.title = "b"
    model.title = "c"
    loop.settle()
    #expect(loop.takeLog() == ["title=c"])
    model.title = "d"
    loop.settle()
    #expect(loop.takeLog() == ["title=d"])
  }

  @Test func aMultiStatementBodyWithIfElseTracksBothBranches() {
    let model = Model()
    let loop = RenderLoop(MarkedBranchView(model: model))
    #expect(loop.takeLog() == ["branch=off 0"])
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["branch=on 0"])
    model.count = 2
    loop.settle()
    #expect(loop.takeLog() == ["branch=on 2"])
  }

  @Test func aSwitchAndAnIfWithoutElseInABodyOfAnExplicitType() {
    let model = Model()
    let loop = RenderLoop(MarkedSwitchView(model: model))
    #expect(loop.takeLog() == ["switch=zero"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["switch=one"])
    model.count = 5
    loop.settle()
    #expect(loop.takeLog() == ["switch=many"])
    // Read only in the `default` case, so only now tracked.
    model.isArchived = true
    loop.settle()
    #expect(loop.takeLog() == [])
    model.isArchived = false
    loop.settle()
    #expect(loop.takeLog() == ["switch=many"])
  }

  @Test func aBodyInAnExtension() {
    let model = Model()
    let loop = RenderLoop(MarkedExtensionView(model: model))
    #expect(loop.takeLog() == ["extension=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["extension=b"])
  }

  @Test func aBuilderBodyInAnExtension() {
    let model = Model()
    let loop = RenderLoop(MarkedExtensionBuilderView(model: model))
    #expect(loop.takeLog() == [])
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["extension builder=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["extension builder=b"])
  }

  @Test func aBodyThatReturnsExplicitly() {
    let model = Model()
    let loop = RenderLoop(MarkedReturningView(model: model))
    #expect(loop.takeLog() == ["returning=A"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["returning=B"])
  }

  @Test func aGenericView() {
    let model = Model()
    let loop = RenderLoop(MarkedGenericView(model: model, value: 7))
    #expect(loop.takeLog() == ["generic=7 0"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["generic=7 1"])
  }

  @Test func anEnumeration() {
    let model = Model()
    let loop = RenderLoop(MarkedEnumView.title(model))
    #expect(loop.takeLog() == ["enum=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["enum=b"])
  }

  @Test func isolatedAndNonisolatedMembers() {
    let model = Model()
    let loop = RenderLoop(MarkedIsolationView(model: model))
    #expect(loop.takeLog() == ["isolation=a!"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["isolation=b!"])
  }

  @Test func stateAndEnvironmentKeepWorking() {
    let model = Model()
    let loop = RenderLoop(MarkedStateView(model: model).environment(\.prefix, "> "))
    #expect(loop.takeLog() == ["state=> a 0"])
    // The view's own state: SwiftUI renders it again, as without the attribute.
    loop.find(MarkedStateView.self)?.taps = 1
    loop.settle()
    #expect(loop.takeLog() == ["state=> a 1"])
    // And the state survived that render: the model still renders it again.
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["state=> b 1"])
  }

  @Test func bindingsThroughBindable() {
    let model = Model()
    let loop = RenderLoop(MarkedBindableParent(model: model))
    #expect(loop.takeLog() == ["binding=false"])
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["binding=true"])
    loop.find(MarkedBindingView.self)?.isOn = false
    loop.settle()
    #expect(model.isOn == false)
    #expect(loop.takeLog() == ["binding=false"])
  }

  @Test func parentAndChildRenderAgainIndependently() {
    let model = Model()
    let loop = RenderLoop(MarkedParentView(model: model))
    #expect(loop.takeLog() == ["parent=0", "title=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["title=b"])
    // The parent renders again and makes the child again; the child keeps its tracker.
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["parent=1", "title=b"])
    model.title = "c"
    loop.settle()
    #expect(loop.takeLog() == ["title=c"])
  }

  @Test func onlyTheViewsThatReadTheChangeRenderAgain() {
    let model = Model()
    let loop = RenderLoop(MarkedParentView(model: model), comparingInputs: true)
    _ = loop.takeLog()
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["title=b"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["parent=1"])
  }

  @Test func aWrapperInsideAMarkedBodyRendersOnce() {
    let model = Model()
    let loop = RenderLoop(MarkedAndWrappedView(model: model))
    #expect(loop.takeLog() == ["wrapped=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["wrapped=b"])
    model.title = "c"
    loop.settle()
    #expect(loop.takeLog() == ["wrapped=c"])
  }

  @Test func aViewModifier() {
    let model = Model()
    let loop = RenderLoop(ModifiedView(model: model))
    #expect(loop.takeLog() == ["content=fixed"])
    model.count = 2
    loop.settle()
    #expect(loop.takeLog() == ["badge=2", "content=fixed"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == [])
  }

  @Test func readsInAMarkedBodyAreNotReported() {
    let model = Model()
    model.items = [Item(id: 1, name: "one")]
    let found = reports {
      _ = RenderLoop(MarkedParentView(model: model))
      _ = RenderLoop(MarkedBranchView(model: model))
      _ = RenderLoop(MarkedSwitchView(model: model))
      _ = RenderLoop(MarkedExtensionView(model: model))
      _ = RenderLoop(MarkedGenericView(model: model, value: "v"))
      _ = RenderLoop(ModifiedView(model: model))
      _ = RenderLoop(MarkedTrackedRowsView(model: model))
    }
    #expect(found == [])
  }

  @Test func rowsMadeLaterAreReportedAndNotTracked() {
    let model = Model()
    model.items = [Item(id: 1, name: "one")]
    var loop: RenderLoop?
    let found = reports { loop = RenderLoop(MarkedRowsView(model: model)) }
    #if DEBUG
      #expect(found == ["Item"])
    #endif
    _ = loop?.takeLog()
    model.items[0].name = "uno"
    loop?.settle()
    #expect(loop?.takeLog() == [])
  }

  @Test func rowsInMarkedViewsRenderAgainOneByOne() {
    let model = Model()
    model.items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
    let loop = RenderLoop(MarkedTrackedRowsView(model: model))
    #expect(loop.takeLog() == ["row1=one", "row2=two"])
    model.items[1].name = "deux"
    loop.settle()
    #expect(loop.takeLog() == ["row2=deux"])
    model.items.append(Item(id: 3, name: "three"))
    loop.settle()
    #expect(loop.takeLog() == ["row1=one", "row2=deux", "row3=three"])
  }

  @Test func aRenderedViewDoesNotKeepItsModelAliveOnceGone() {
    weak var released: Model?
    do {
      let model = Model()
      released = model
      let loop = RenderLoop(MarkedTitleView(model: model))
      #expect(loop.takeLog() == ["title=a"])
    }
    #expect(released == nil)
  }

  @Test func theViewsBodyIsTheTrackingBody() {
    // What SwiftUI sees: `Body` is the tracking view, generic over the marked view.
    #expect(MarkedTitleView.Body.self == _PerceptionTrackingBody<MarkedTitleView>.self)
    #expect(
      MarkedBadge.Body.self
        == _PerceptionTrackingModifierBody<MarkedBadge, _ViewModifier_Content<MarkedBadge>>.self)
  }
}

/// What a marked view's renders cost beside a wrapped one's, for counting allocations under a
/// tool: runs only with `PERCEPTION_RENDER_COST=marked` or `=wrapped` (then 1,000 changes, each
/// rendering the view again), e.g. `valgrind` on the test binary filtered to this suite. With
/// `=marked-layer`, `=wrapped-layer` or `=writes`, the same 1,000 changes without the render
/// loop: the layer's own calls for each render (a marked view's body and its tracking body's;
/// a wrapper's body), or the writes alone, to subtract.
@MainActor
@Suite("@WithPerceptionTracking's render cost, on request")
struct MarkedViewCostTests {
  @Test func renders() {
    let kind = ProcessInfo.processInfo.environment["PERCEPTION_RENDER_COST"]
    let model = Model()
    let loop: RenderLoop
    switch kind {
    case "marked": loop = RenderLoop(MarkedTitleView(model: model))
    case "wrapped": loop = RenderLoop(TitleView(model: model))
    case "marked-layer", "wrapped-layer", "writes":
      let marked = MarkedTitleView(model: model)
      let wrapped = TitleView(model: model).body
      for index in 0..<1_000 {
        if kind == "marked-layer" { _ = marked._perceptionTrackedBody.body }
        if kind == "wrapped-layer" { _ = wrapped.body }
        model.title = "\(index)"
      }
      return
    default: return
    }
    for index in 0..<1_000 {
      model.title = "\(index)"
      loop.settle()
    }
    #expect(loop.takeLog().count == 1_001)
  }
}
