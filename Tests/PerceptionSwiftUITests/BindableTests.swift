import Perception
import SwiftUI
import Testing

struct BindingScreen: View {
  let model: Model
  var body: some View {
    ToggleView(model: model)
    TitleFieldView(model: model)
    CountView(model: model)
  }
}

@MainActor
@Suite("Perception.Bindable in a fake render loop, against the SwiftUI stand-in")
struct BindableTests {
  @Test func aWriteThroughOneBindingRendersOnlyTheViewsThatReadItsProperty() throws {
    let model = Model()
    let loop = RenderLoop(BindingScreen(model: model))
    #expect(loop.takeLog() == ["isOn=false", "field=a", "count=0"])

    let toggle = try #require(loop.find(Toggle.self))
    toggle.isOn.wrappedValue = true
    #expect(model.isOn)
    loop.settle()
    #expect(loop.takeLog() == ["isOn=true"])

    let field = try #require(loop.find(TextField.self))
    field.value.wrappedValue = "b"
    loop.settle()
    #expect(loop.takeLog() == ["field=b"])
  }

  @Test func aChangeMadeElsewhereRendersTheViewThatMadeTheBinding() {
    let model = Model()
    let loop = RenderLoop(BindingScreen(model: model))
    _ = loop.takeLog()
    model.isOn = true
    loop.settle()
    #expect(loop.takeLog() == ["isOn=true"])
  }

  @Test func makingABindingInsideTrackingIsNotReported() {
    let model = Model()
    #expect(reports { _ = RenderLoop(BindingScreen(model: model)) } == [])
  }

  @Test func readingABindingIsNeverReported() throws {
    let model = Model()
    let loop = RenderLoop(BindingScreen(model: model))
    let toggle = try #require(loop.find(Toggle.self))
    #expect(reports { withPerceptionChecking { _ = toggle.isOn.wrappedValue } } == [])
  }

  @Test func initializersAndProjection() {
    let model = Model()
    let first = Bindable(wrappedValue: model)
    let second = Bindable(model)
    let third = Bindable(projectedValue: first.projectedValue)
    #expect(first.wrappedValue === model)
    #expect(second.wrappedValue === model)
    #expect(third.wrappedValue === model)
    third.projectedValue.count.wrappedValue = 5
    #expect(model.count == 5)
  }

  @Test func identifiableAsItsObject() {
    let item = Item(id: 7, name: "seven")
    #expect(Bindable(item).id == 7)
  }
}

struct EnvironmentScreen: View {
  let model: Model
  var body: some View {
    EnvironmentReader().environment(model)
    OptionalEnvironmentReader()
    OptionalEnvironmentReader().environment(model)
  }
}

// `Model` is `@Perceptible`, so `Observable` too: these calls resolve to SwiftUI's overloads, as
// on iOS 17 and later; OverloadResolutionTests runs the same screen through Perception's.
@MainActor
@Suite("Environment for perceptible objects, against the SwiftUI stand-in")
struct EnvironmentTests {
  @Test func descendantsReadThePlacedObjectAndTrackIt() {
    let model = Model()
    let loop = RenderLoop(EnvironmentScreen(model: model))
    #expect(loop.takeLog() == ["environment=a", "optional=nil", "optional=a"])
    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["environment=b", "optional=b"])
  }
}

/// Not perceptible: swift-perception's `Bindable` names any type, and code written against it
/// extends it with constraints of its own (TCA's `Value == Store<State, Action>`). Compiling
/// this extension is the test.
final class PlainSettings {
  var name = ""
}

extension Bindable where Value == PlainSettings {
  /// A member that only an unconstrained `Bindable` can declare for a non-perceptible value.
  static var describesPlainSettings: Bool { true }
}

@Test func bindableNamesAnyTypeAsSwiftPerceptionDoes() {
  #expect(Bindable<PlainSettings>.describesPlainSettings)
}

/// Not isolated to the main actor, as Apple's `environment(_:)` for Observable objects is not:
/// compiling this function is the test.
func placeOutsideTheMainActor(_ model: Model) -> some View {
  EmptyView().environment(model)
}

@Test func environmentCanBePlacedOutsideTheMainActor() {
  #expect(placeOutsideTheMainActor(Model()) is EnvironmentWriter<EmptyView>)
}
