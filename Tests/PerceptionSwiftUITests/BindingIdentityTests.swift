import Perception
import SwiftUI
import Testing

@MainActor
@Suite("Binding identity: Perception.Bindable's bindings as SwiftUI compares them")
struct BindingIdentityTests {
  @Test func bindingsForTheSameObjectAndPropertyAreTheSameLocation() {
    let model = Model()
    let first = Bindable(model)
    let second = Bindable(wrappedValue: model)
    // From one Bindable at two renders, and from two Bindables (the parent made the view again).
    #expect(first.projectedValue.isOn.isSameLocation(as: first.projectedValue.isOn))
    #expect(first.projectedValue.isOn.isSameLocation(as: second.projectedValue.isOn))
    #expect(first.projectedValue.title.isSameLocation(as: second.projectedValue.title))
  }

  @Test func bindingsForAnotherObjectOrPropertyAreOtherLocations() {
    let model = Model()
    let bindable = Bindable(model)
    #expect(!bindable.projectedValue.isOn.isSameLocation(as: Bindable(Model()).projectedValue.isOn))
    #expect(!bindable.projectedValue.isOn.isSameLocation(as: bindable.projectedValue.isArchived))
  }

  @Test func closureBindingsAreANewLocationEachTime() {
    // What the stand-in models of SwiftUI, and what swift-perception #55 was: the comparison
    // above can fail.
    let make = { Binding(get: { false }, set: { _ in }) }
    #expect(!make().isSameLocation(as: make()))
    let a = BoundSwitch(name: "s", isOn: make())
    let b = BoundSwitch(name: "s", isOn: make())
    #expect(!RenderLoop.sameInputs(a, b))
  }

  @Test func aParentsRenderSkipsTheChildThatTakesAnUnchangedBinding() throws {
    let model = Model()
    let loop = RenderLoop(SwitchPanel(model: model), comparingInputs: true)
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

  @Test func aParentsRenderRendersTheChildOfAClosureBindingAgain() {
    let model = Model()
    let loop = RenderLoop(ClosureSwitchPanel(model: model), comparingInputs: true)
    #expect(loop.takeLog() == ["count=0", "switch=false"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1", "switch=false"])
  }

  @Test func aParentsRenderSkipsTheChildThatHoldsTheSameObjectInABindable() {
    // swift-perception #122: its Bindable held a new reference each time the view was made, so
    // SwiftUI rendered the child again with every render of its parent (#123 made the
    // reference equatable). This Bindable holds the object only.
    let model = Model()
    let loop = RenderLoop(BindableChildPanel(model: model), comparingInputs: true)
    #expect(loop.takeLog() == ["count=0", "isOn=false"])
    model.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["count=1"])
  }
}
