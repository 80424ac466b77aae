import Perception
import Testing

/// What to write for a tracked lazy property, as the Guarantees article shows: `lazy` storage
/// that the macro ignores, behind a property that reports to the generated `access` and
/// `withMutation`.
@Perceptible final class LazyByHand {
  @PerceptionIgnored var evaluations = 0
  @PerceptionIgnored private lazy var _expensive: [Int] = {
    evaluations += 1
    return [1, 2, 3]
  }()
  var expensive: [Int] {
    get {
      access(keyPath: \.expensive)
      return _expensive
    }
    set {
      withMutation(keyPath: \.expensive) { _expensive = newValue }
    }
  }
}

@Suite("A lazy property tracked by hand")
struct LazyByHandTests {
  @Test func firstReadInitializesWithoutNotifying() {
    let model = LazyByHand()
    #expect(model.evaluations == 0)
    #expect(!fires({ _ = model.expensive }, when: { _ = model.expensive }))
    #expect(model.evaluations == 1)
    #expect(model.expensive == [1, 2, 3])
  }

  @Test func writesNotify() {
    let model = LazyByHand()
    #expect(fires({ _ = model.expensive }, when: { model.expensive.append(4) }))
    #expect(model.expensive == [1, 2, 3, 4])
    #expect(fires({ _ = model.expensive }, when: { model.expensive = [] }))
    #expect(model.evaluations == 1)
  }

  @Test func aWriteBeforeAnyReadSkipsTheInitialValue() {
    let model = LazyByHand()
    model.expensive = [9]
    #expect(model.expensive == [9])
    #expect(model.evaluations == 0)
  }
}
