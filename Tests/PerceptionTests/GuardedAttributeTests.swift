import Perception
import Testing

// `#if` blocks among a class's attributes, in Apple's GuardedAvailability shape and around it.

@Perceptible
#if FOO
  @available(SwiftStdlib 5.9, *)
#elseif BAR
  @available(SwiftStdlib 5.9, *)
#else
#endif
final class GuardedAvailability {}

@Perceptible
#if FOO
  @available(SwiftStdlib 5.9, *)
#elseif BAR
  @available(SwiftStdlib 5.9, *)
#else
#endif
final class GuardedAvailabilityStored {
  var value = 0
}

// `@Observable` writes `#if` with no condition for this one; the expansion keeps every clause.
@Perceptible
#if FOO
  @MainActor
#else
  @available(macOS 10.15, iOS 13, *)
#endif
final class GuardedElseFirst {
  var value = 0
}

@Perceptible final class GuardedMembers {
  #if DEBUG
    @available(macOS 10.15, *)
  #endif
  var guarded = 0
  @available(watchOS 6, *)
  #if os(Linux)
    @available(iOS 13, *)@available(macOS 10.15, *)
  #elseif canImport(Foundation)
    // A comment inside the block.
    @available(tvOS 13, *)
  #endif
  var mixed = 0
}

@Suite("#if blocks among attributes")
struct GuardedAttributeTests {
  @Test func guardedAvailabilityConforms() {
    let values: [Any] = [GuardedAvailability(), GuardedAvailabilityStored(), GuardedElseFirst()]
    #expect(values.allSatisfy { $0 is any Perceptible })
  }

  @Test func guardedClassTracksItsProperty() {
    let model = GuardedAvailabilityStored()
    #expect(fires({ _ = model.value }, when: { model.value = 1 }))
    #expect(model.value == 1)
    let other = GuardedElseFirst()
    #expect(fires({ _ = other.value }, when: { other.value = 2 }))
  }

  @Test func guardedPropertiesAreTracked() {
    let model = GuardedMembers()
    #expect(fires({ _ = model.guarded }, when: { model.guarded = 1 }))
    #expect(fires({ _ = model.mixed }, when: { model.mixed = 1 }))
    #expect(!fires({ _ = model.guarded }, when: { model.mixed = 2 }))
  }
}
