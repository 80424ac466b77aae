import Observation
import Perception
import SwiftUI
import Testing

/// An `@Observable` model, as an app migrating to Observation one model at a time has beside
/// its `@Perceptible` ones.
@Observable final class ObservableModel {
  var count = 0
  var title = "a"
}

/// A wrapped view over an `@Observable` model and a `@Perceptible` one.
struct MixedModelsView: View {
  let observable: ObservableModel
  let perceptible: Model
  var body: some View {
    WithPerceptionTracking {
      Text("mixed", "\(observable.count) \(perceptible.count)")
    }
  }
}

/// A marked view over an `@Observable` model alone.
@WithPerceptionTracking
struct MarkedObservableView: View {
  let model: ObservableModel
  var body: some View {
    Text("observable", model.title)
  }
}

@MainActor
@Suite(
  "@Observable models in WithPerceptionTracking views",
  .enabled(if: PerceptionEngine.current == .native))
struct ObservableModelTests {
  @Test func aWrappedViewRendersAgainForEitherKindOfModel() {
    let observable = ObservableModel()
    let perceptible = Model()
    let loop = RenderLoop(MixedModelsView(observable: observable, perceptible: perceptible))
    #expect(loop.takeLog() == ["mixed=0 0"])

    observable.count += 1
    loop.settle()
    #expect(loop.takeLog() == ["mixed=1 0"])

    perceptible.count += 1
    loop.settle()
    #expect(loop.takeLog() == ["mixed=1 1"])

    // Both before one render: one render.
    observable.count += 1
    perceptible.count += 1
    loop.settle()
    #expect(loop.takeLog() == ["mixed=2 2"])
  }

  @Test func aMarkedViewRendersAgainForAnObservableModel() {
    let model = ObservableModel()
    let loop = RenderLoop(MarkedObservableView(model: model))
    #expect(loop.takeLog() == ["observable=a"])

    model.title = "b"
    loop.settle()
    #expect(loop.takeLog() == ["observable=b"])

    model.count += 1
    loop.settle()
    #expect(loop.takeLog().isEmpty)
  }
}
