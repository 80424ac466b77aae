import Perception
import Testing

/// A class with its own `access(keyPath:)`, which counts reads and forwards to the registrar.
@Perceptible
final class CountsReads: @unchecked Sendable {
  var value = 0
  @PerceptionIgnored var reads: [AnyKeyPath] = []

  func access<Member>(keyPath: KeyPath<CountsReads, Member>) {
    reads.append(keyPath)
    _$perceptionRegistrar.access(self, keyPath: keyPath)
  }
}

/// A class with its own `withMutation(keyPath:_:)`, which counts writes and forwards.
@Perceptible
final class CountsWrites: @unchecked Sendable {
  var value = 0
  @PerceptionIgnored var writes: [AnyKeyPath] = []

  func withMutation<Member, Result>(
    keyPath: KeyPath<CountsWrites, Member>, _ mutation: () throws -> Result
  ) rethrows -> Result {
    writes.append(keyPath)
    return try _$perceptionRegistrar.withMutation(of: self, keyPath: keyPath, mutation)
  }
}

@Suite("Classes that declare their own access and withMutation")
struct OwnHelperTests {
  @Test func ownAccessRunsOnEveryReadInAndOutOfScopes() {
    let model = CountsReads()
    _ = model.value
    #expect(model.reads == [\CountsReads.value])
    #expect(fires({ _ = model.value }, when: { model.value = 1 }))
    model.value += 1
    #expect(model.reads.count == 3)
    #expect(model.reads.allSatisfy { $0 == \CountsReads.value })
  }

  @Test func ownWithMutationRunsOnEveryWriteObservedOrNot() {
    let model = CountsWrites()
    model.value = 1
    #expect(model.writes == [\CountsWrites.value])
    #expect(fires({ _ = model.value }, when: { model.value = 2 }))
    #expect(model.writes.count == 2)
    #expect(model.value == 2)
  }

  @Test func generatedAccessorsStillTrackAndNotify() {
    let counter = Counter()
    #expect(notifications({ _ = counter.count }, when: { counter.count += 1 }) == 1)
    #expect(fires({ _ = counter.count }, when: { counter.count = 7 }))
  }
}
