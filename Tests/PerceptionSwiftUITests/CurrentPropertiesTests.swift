import Perception
import SwiftUI
import Testing

/// How many times a body ran, counted by the body itself.
@MainActor
final class BodyRenders {
  private(set) var count = 0

  /// Counts one render; called from a body as `let _ = renders.count()`.
  func counted() -> Bool {
    count += 1
    return true
  }

  /// The renders since the last call.
  func take() -> Int {
    defer { count = 0 }
    return count
  }
}

/// swift-perception #117's view: the body reads `local` only while `model.isOn` holds.
@WithPerceptionTracking
struct MarkedFlagAndLocalView: View {
  let model: Model
  let renders: BodyRenders
  @State var local = false
  var body: some View {
    let _ = renders.counted()
    if model.isOn && local {
      Text("flag", "SHOW")
    } else {
      Text("flag", "hidden")
    }
  }
}

/// The same body in the wrapper form: its closure captured the view it was made with.
struct WrappedFlagAndLocalView: View {
  let model: Model
  @State var local = false
  var body: some View {
    WithPerceptionTracking {
      if model.isOn && local {
        Text("flag", "SHOW")
      } else {
        Text("flag", "hidden")
      }
    }
  }
}

/// The other order: the body reads `local` at every render.
@WithPerceptionTracking
struct MarkedLocalAndFlagView: View {
  let model: Model
  @State var local = false
  var body: some View {
    if local && model.isOn {
      Text("flag", "SHOW")
    } else {
      Text("flag", "hidden")
    }
  }
}

/// A marked view's body sees its current `@State` after a change to its model, however its last
/// render read it (swift-perception #117), in the stand-in's model of the graph, where a `State`
/// read while the graph updates returns the value of its owner's last update.
@MainActor
@Suite("A marked view reads its current properties, against the SwiftUI stand-in")
struct CurrentPropertiesTests {
  @Test(arguments: [false, true])
  func aStateTheLastRenderDidNotReadIsCurrentAfterAModelChange(comparingInputs: Bool) throws {
    let model = Model()
    let renders = BodyRenders()
    let loop = RenderLoop(
      MarkedFlagAndLocalView(model: model, renders: renders), comparingInputs: comparingInputs)
    #expect(loop.takeLog() == ["flag=hidden"])
    #expect(renders.take() == 1)

    // The body did not read `local` (the `&&` stopped first): no render, rightly.
    try #require(loop.find(MarkedFlagAndLocalView.self)).local = true
    loop.settle()
    #expect(loop.takeLog() == [])
    #expect(renders.take() == 0)

    // The model's change renders the body, once, with the current `local`.
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["flag=SHOW"])
    #expect(renders.take() == 1)

    model.isOn = false
    loop.settle()
    #expect(loop.takeLog() == ["flag=hidden"])
    #expect(renders.take() == 1)
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["flag=SHOW"])
    #expect(renders.take() == 1)

    // Now read, the state renders the body itself, once.
    try #require(loop.find(MarkedFlagAndLocalView.self)).local = false
    loop.settle()
    #expect(loop.takeLog() == ["flag=hidden"])
    #expect(renders.take() == 1)
  }

  @Test func whereSwiftUIObservesItselfTheMarkedViewIsObserved() throws {
    // From iOS 17 with the native engine there is no tracker: SwiftUI observes the body's reads
    // itself, per view, so the own body must be read in the marked view's body, not in a
    // tracking body that holds an older copy of the view. (With no tracker, the loop's checked
    // contexts would report the body's reads: checking is not what this test is about.)
    try StandInGraph.$observesNatively.withValue(true) {
      try _PerceptionLocals.$skipPerceptionChecking.withValue(true) { try observedSequence() }
    }
  }

  private func observedSequence() throws {
    do {
      let model = Model()
      let renders = BodyRenders()
      let loop = RenderLoop(MarkedFlagAndLocalView(model: model, renders: renders))
      #expect(loop.takeLog() == ["flag=hidden"])
      try #require(loop.find(MarkedFlagAndLocalView.self)).local = true
      loop.settle()
      #expect(loop.takeLog() == [])
      model.isOn = true
      loop.settle()
      #expect(loop.takeLog() == ["flag=SHOW"])
      #expect(renders.take() == 2)
    }
  }

  @Test func theOtherOrderReadsTheStateAtEveryRender() throws {
    let model = Model()
    let loop = RenderLoop(MarkedLocalAndFlagView(model: model))
    #expect(loop.takeLog() == ["flag=hidden"])
    try #require(loop.find(MarkedLocalAndFlagView.self)).local = true
    loop.settle()
    #expect(loop.takeLog() == ["flag=hidden"])
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["flag=SHOW"])
  }

  @Test func theWrapperFormRendersTheViewItsClosureCaptured() throws {
    // Documented (the SwiftUI article): the wrapper re-renders alone, and its closure holds the
    // view of the owner's last render, so #117's shape needs the attribute.
    let model = Model()
    let loop = RenderLoop(WrappedFlagAndLocalView(model: model))
    #expect(loop.takeLog() == ["flag=hidden"])
    try #require(loop.find(WrappedFlagAndLocalView.self)).local = true
    loop.settle()
    #expect(loop.takeLog() == [])
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["flag=hidden"])
  }
}
