import Perception
import Testing

/// A `@Perceptible` class as Observation sees it: `import Perception` brings Observation, and
/// the class is `Observable`.
@Suite("@Perceptible classes and Observation")
struct ObservationInteropTests {
  @Test func classesConformToObservable() {
    let values: [Any] = [Counter(), Box(1), PlainChild(), Namespace.Nested()]
    #expect(values.allSatisfy { $0 is any Observable })
  }

  @Test func withObservationTrackingFiresOnTheNativeEngine() {
    let counter = Counter()
    let flag = Flag()
    withObservationTracking {
      _ = counter.count
    } onChange: {
      flag.count += 1
    }
    counter.count += 1
    #expect(flag.count == (PerceptionEngine.current == .native ? 1 : 0))
  }

  @Test func anObservableClassInAPerceptionScopeOnEitherEngine() {
    let model = PlainObservable()
    // Perception's runtime observes @Perceptible models alone.
    #expect(
      fires({ _ = model.value }, when: { model.value = 1 })
        == (PerceptionEngine.current == .native))
  }

  @Test func observationsIteratesAPerceptibleModelOnTheNativeEngine() async {
    guard PerceptionEngine.current == .native else { return }
    let counter = SendableCounter()
    let values = Observations { counter.count }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    counter.count = 5
    #expect(await iterator.next() == 5)
  }
}

@Perceptible final class SendableCounter: @unchecked Sendable {
  var count = 0
}

@Observable final class PlainObservable: @unchecked Sendable {
  var value = 0
}
