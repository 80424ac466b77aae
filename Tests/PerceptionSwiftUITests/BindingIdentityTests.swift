import Perception
import SwiftUI
import Testing

@MainActor
@Suite("Binding identity: Perception.Bindable's bindings as SwiftUI compares them")
struct BindingIdentityTests {
  @Test(arguments: BindingComparison.allCases)
  func bindingsForTheSameObjectAndPropertyAreTheSameLocation(comparison: BindingComparison) {
    let model = Model()
    let first = Bindable(model)
    let second = Bindable(wrappedValue: model)
    // From one Bindable at two renders, and from two Bindables (the parent made the view again).
    #expect(
      first.projectedValue.isOn.isSameLocation(as: first.projectedValue.isOn, comparing: comparison)
    )
    #expect(
      first.projectedValue.isOn.isSameLocation(
        as: second.projectedValue.isOn, comparing: comparison))
    #expect(
      first.projectedValue.title.isSameLocation(
        as: second.projectedValue.title, comparing: comparison))
  }

  @Test(arguments: BindingComparison.allCases)
  func bindingsForAnotherObjectOrPropertyAreOtherLocations(comparison: BindingComparison) {
    let model = Model()
    let bindable = Bindable(model)
    #expect(
      !bindable.projectedValue.isOn.isSameLocation(
        as: Bindable(Model()).projectedValue.isOn, comparing: comparison))
    #expect(
      !bindable.projectedValue.isOn.isSameLocation(
        as: bindable.projectedValue.isArchived, comparing: comparison))
  }

  @Test(arguments: BindingComparison.allCases)
  func closureBindingsAreANewLocationEachTime(comparison: BindingComparison) {
    // What the stand-in models of SwiftUI, and what swift-perception #55 was: the comparison
    // above can fail.
    let make = { Binding(get: { false }, set: { _ in }) }
    #expect(!make().isSameLocation(as: make(), comparing: comparison))
    let a = BoundSwitch(name: "s", isOn: make())
    let b = BoundSwitch(name: "s", isOn: make())
    #expect(!RenderLoop.sameInputs(a, b, bindings: comparison))
  }

  @Test(arguments: BindingComparison.allCases)
  func aParentsRenderSkipsTheChildThatTakesAnUnchangedBinding(
    comparison: BindingComparison
  ) throws {
    let model = Model()
    let loop = RenderLoop(SwitchPanel(model: model), comparingInputs: true, bindings: comparison)
    #expect(loop.takeLog() == ["count=0", "switch=false"])

    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1"])

    // A write through the child's binding: the panel made the binding, so it renders again,
    // and the child's binding now carries another value.
    let child = try #require(loop.find(BoundSwitch.self))
    child.isOn = true
    #expect(model.isOn)
    loop.settle()
    #expect(loop.takeLog() == ["switch=true"])
  }

  @Test(arguments: BindingComparison.allCases)
  func aParentsRenderRendersTheChildOfAClosureBindingAgain(comparison: BindingComparison) {
    let model = Model()
    let loop = RenderLoop(
      ClosureSwitchPanel(model: model), comparingInputs: true, bindings: comparison)
    #expect(loop.takeLog() == ["count=0", "switch=false"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1", "switch=false"])
  }

  @Test(arguments: BindingComparison.allCases)
  func aParentsRenderSkipsTheChildThatHoldsTheSameObjectInABindable(
    comparison: BindingComparison
  ) {
    // swift-perception #122: its Bindable held a new reference each time the view was made, so
    // SwiftUI rendered the child again with every render of its parent (#123 made the
    // reference equatable). This Bindable holds the object only.
    let model = Model()
    let loop = RenderLoop(
      BindableChildPanel(model: model), comparingInputs: true, bindings: comparison)
    #expect(loop.takeLog() == ["count=0", "isOn=false"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1"])
  }

  @Test(arguments: BindingComparison.allCases)
  func aWriteThroughOneBindingRendersTheParentAndThatChildOnly(
    comparison: BindingComparison
  ) throws {
    // swift-perception #137: a write through `$model.isOn` must not render the child bound to
    // `$model.title`. The panel made both bindings, so it renders again; its `title` child's
    // binding is the same input, its `isOn` child's carries another value.
    let model = Model()
    let renders = BodyRenders()
    let loop = RenderLoop(
      TwoBindingsPanel(model: model, renders: renders), comparingInputs: true,
      bindings: comparison)
    #expect(loop.takeLog() == ["switch=false", "field=a"])
    #expect(renders.take() == 1)
    let child = try #require(loop.find(BoundSwitch.self))
    child.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["switch=true"])
    #expect(renders.take() == 1)
  }
}

/// Hands one child `$model.isOn` and another `$model.title`, and counts its renders.
struct TwoBindingsPanel: View {
  @Bindable var model: Model
  let renders: BodyRenders
  var body: some View {
    WithPerceptionTracking {
      let _ = renders.counted()
      BoundSwitch(name: "switch", isOn: $model.isOn)
      BoundField(name: "field", value: $model.title)
    }
  }
}

/// A field that takes a binding as `@Binding`; shows its value when it renders.
struct BoundField: View, Leaf {
  let name: String
  @Binding var value: String

  var text: String { value }
  var body: Never { fatalError("a primitive view has no body") }
}
