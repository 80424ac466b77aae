import Perception
import SwiftUI
import Testing

// Which `Environment(_:)` and `environment(_:)` a client's call resolves to, now that the
// stand-in declares SwiftUI's own overloads for `Observable` objects (iOS 17) beside Perception's
// (`@_disfavoredOverload`, for `Perceptible` ones). A `@Perceptible` class is also `Observable`
// from iOS 17 (the macro adds the conformance there), so there, as here on Linux where nothing
// is unavailable, SwiftUI's overloads win for it; a class that is only `Perceptible`, written by
// hand as TCA's `Store` is, gets Perception's. Placing and reading an object of one type thus
// always go through the same overloads. (Below iOS 17 SwiftUI's are unavailable and lose to
// Perception's for both kinds: typechecked for arm64-apple-ios16.0, see
// Tests/SwiftUIStandIn/README.md.)

/// Perceptible only, written by hand: no `Observable` conformance (TCA's `Store` has one from
/// iOS 17; without it the native engine cannot see the class, and reports so).
final class StoreLike: Perceptible, @unchecked Sendable {
  // Sendable: the tests touch it on the main actor only.
  private let _$perceptionRegistrar = PerceptionRegistrar()
  private var _count = 0

  var count: Int {
    get {
      _$perceptionRegistrar.access(self, keyPath: \.count)
      return _count
    }
    set {
      _$perceptionRegistrar.withMutation(of: self, keyPath: \.count) { _count = newValue }
    }
  }
}

struct StoreReader: View {
  @Environment(StoreLike.self) var store
  var body: some View {
    WithPerceptionTracking { Text("store", "\(store.count)") }
  }
}

struct OptionalStoreReader: View {
  @Environment(StoreLike.self) var store: StoreLike?
  var body: some View {
    WithPerceptionTracking { Text("optionalStore", store.map { "\($0.count)" } ?? "nil") }
  }
}

struct StoreScreen: View {
  let store: StoreLike
  var body: some View {
    StoreReader().environment(store)
    OptionalStoreReader()
    OptionalStoreReader().environment(store)
  }
}

/// The `Observable` type a view made by `environment(_:)` places, if SwiftUI's overload made it.
private func placedObservableType(_ view: some View) -> Any.Type? {
  (view as? EnvironmentWriter<EmptyView>)?.observableObjectType
}

/// The environment property `label` of `view` (a property wrapper's storage is private to its
/// view: found by reflection).
private func environmentProperty<Value>(_ view: some View, _ label: String, _: Value.Type)
  -> Environment<Value>?
{
  Mirror(reflecting: view).children.first { $0.label == label }?.value as? Environment<Value>
}

@MainActor
@Suite("Overload resolution between SwiftUI's Observable API and Perception's")
struct OverloadResolutionTests {
  @Test func aPerceptibleMacroClassResolvesToSwiftUIsEnvironmentOverloads() throws {
    #expect(Environment<Model>(Model.self).observableObjectType == Model.self)
    #expect(Environment<Model?>(Model.self).observableObjectType == Model.self)
    #expect(placedObservableType(EmptyView().environment(Model())) == Model.self)
    // And in a property wrapper attribute, as views write it.
    let reader = try #require(environmentProperty(EnvironmentReader(), "_model", Model.self))
    #expect(reader.observableObjectType == Model.self)
    let optionalReader = try #require(
      environmentProperty(OptionalEnvironmentReader(), "_model", Model?.self))
    #expect(optionalReader.observableObjectType == Model.self)
  }

  @Test func aPerceptibleOnlyClassResolvesToPerceptionsEnvironmentOverloads() throws {
    #expect(Environment<StoreLike>(StoreLike.self).observableObjectType == nil)
    #expect(Environment<StoreLike?>(StoreLike.self).observableObjectType == nil)
    #expect(placedObservableType(EmptyView().environment(StoreLike())) == nil)
    #expect(EmptyView().environment(StoreLike()) is EnvironmentWriter<EmptyView>)
    let reader = try #require(environmentProperty(StoreReader(), "_store", StoreLike.self))
    #expect(reader.observableObjectType == nil)
    let optionalReader = try #require(
      environmentProperty(OptionalStoreReader(), "_store", StoreLike?.self))
    #expect(optionalReader.observableObjectType == nil)
  }

  @Test(.enabled(if: PerceptionEngine.current == .perception))
  func perceptionsOverloadsPlaceAndReadAPerceptibleOnlyObjectAndTrackIt() {
    let store = StoreLike()
    let loop = RenderLoop(StoreScreen(store: store))
    #expect(loop.takeLog() == ["store=0", "optionalStore=nil", "optionalStore=0"])
    store.count = 1
    loop.settle()
    #expect(loop.takeLog() == ["store=1", "optionalStore=1"])
  }

  @Test func swiftUIsBindableTakesAPerceptibleMacroClassAndKeepsItsBindingsIdentity() {
    let model = Model()
    let bindable = SwiftUI.Bindable(model)
    let binding = bindable.projectedValue.isOn
    binding.wrappedValue = true
    #expect(model.isOn)
    // Compared with `==`, as the iOS 17 releases that have SwiftUI's Bindable compare bindings.
    #expect(
      binding.isSameLocation(
        as: SwiftUI.Bindable(wrappedValue: model).projectedValue.isOn, comparing: .equality))
  }
}
