import Perception
import Testing

/// Records whether a tracking scope's `onChange` ran.
final class Flag: @unchecked Sendable {
  var count = 0
}

/// Whether `mutate` fires a tracking scope that ran `read`.
func fires(_ read: () -> Void, when mutate: () -> Void) -> Bool {
  let flag = Flag()
  withPerceptionTracking(read, onChange: { flag.count += 1 })
  mutate()
  return flag.count > 0
}

/// How many times an `onChange`-every-time tracking fires while `mutate` runs.
func notifications(_ read: () -> Void, when mutate: () -> Void) -> Int {
  let flag = Flag()
  withPerceptionTracking(read, willSet: { _ in flag.count += 1 })
  mutate()
  return flag.count
}

@Suite("Compile and run @Perceptible classes")
struct TrackingTests {
  @Test func trackedPropertyFires() {
    let counter = Counter()
    #expect(fires({ _ = counter.count }, when: { counter.count = 1 }))
    #expect(counter.count == 1)
  }

  @Test func unreadPropertyDoesNotFire() {
    let counter = Counter()
    #expect(!fires({ _ = counter.count }, when: { counter.log.append("x") }))
  }

  @Test func ignoredPropertyDoesNotFire() {
    let counter = Counter()
    #expect(!fires({ _ = counter.ignored }, when: { counter.ignored = 5 }))
    #expect(counter.ignored == 5)
  }

  @Test func letAndStaticAreNotTracked() {
    let counter = Counter()
    #expect(
      !fires(
        {
          _ = counter.fixed
          _ = Counter.shared
        }, when: { Counter.shared += 1 }))
  }

  @Test func computedPropertyTracksWhatItReads() {
    let counter = Counter()
    #expect(fires({ _ = counter.doubled }, when: { counter.count = 3 }))
    #expect(counter.doubled == 6)
  }

  @Test func equalValueDoesNotNotify() {
    let counter = Counter()
    counter.count = 4
    #expect(!fires({ _ = counter.count }, when: { counter.count = 4 }))
    #expect(fires({ _ = counter.count }, when: { counter.count = 5 }))
  }

  @Test func identicalObjectDoesNotNotify() {
    let owner = Owner()
    let owned = Owned(owner: owner)
    #expect(!fires({ _ = owned.owner }, when: { owned.owner = owner }))
    let other = Owner()
    #expect(fires({ _ = owned.owner }, when: { owned.owner = other }))
    withExtendedLifetime((owner, other)) {}
  }

  @Test func compoundAssignmentGoesThroughModify() {
    let counter = Counter()
    // `_modify` has no equality check: `+= 0` notifies where `= count` does not.
    #expect(notifications({ _ = counter.count }, when: { counter.count += 0 }) == 1)
    #expect(notifications({ _ = counter.count }, when: { counter.count = counter.count }) == 0)
    #expect(notifications({ _ = counter.log }, when: { counter.log.append("a") }) == 1)
    #expect(counter.log == ["a"])
  }

  @Test func observersKeepRunning() {
    let observed = Observed()
    #expect(fires({ _ = observed.value }, when: { observed.value = 2 }))
    #expect(observed.seen == [-2, 2])
  }

  @Test func accessModifiersCarryThrough() {
    let access = Access()
    #expect(fires({ _ = access.name }, when: { access.rename("new") }))
    #expect(access.name == "new")
  }

  @Test func weakUnownedAndImplicitlyUnwrapped() {
    let root = Node()
    let node = Node()
    #expect(fires({ _ = node.parent }, when: { node.parent = root }))
    #expect(node.parent === root)
    #expect(fires({ _ = node.implicit }, when: { node.implicit = 3 }))
    #expect(node.implicit + 1 == 4)
    let first = Owner()
    let second = Owner()
    let owned = Owned(owner: first)
    #expect(fires({ _ = owned.owner }, when: { owned.owner = second }))
    #expect(fires({ _ = owned.unsafeOwner }, when: { owned.unsafeOwner = second }))
    #expect(owned.owner === second)
    withExtendedLifetime((first, second)) {}
  }

  @Test func genericClass() {
    let box = Box([1])
    #expect(fires({ _ = box.value }, when: { box.value.append(2) }))
    #expect(box.value == [1, 2])
  }

  @Test func subclassOfAPlainClass() {
    let child = PlainChild()
    #expect(fires({ _ = child.tracked }, when: { child.tracked = 1 }))
    #expect(!fires({ _ = child.untracked }, when: { child.untracked = 1 }))
  }

  @Test func subclassOfAPerceptibleClass() {
    let child = PerceptibleChild()
    #expect(fires({ _ = child.childValue }, when: { child.childValue = 1 }))
    #expect(fires({ _ = child.parentValue }, when: { child.parentValue = 1 }))
    #expect(!fires({ _ = child.childValue }, when: { child.parentValue = 2 }))
  }

  @Test func nestedAndNonFinalClasses() {
    let nested = Namespace.Nested()
    #expect(fires({ _ = nested.value }, when: { nested.value = 1 }))
    let nonFinal = NonFinal()
    #expect(fires({ _ = nonFinal.value }, when: { nonFinal.value = 1 }))
  }

  @MainActor @Test func mainActorClass() {
    let screen = Screen()
    #expect(fires({ _ = screen.title }, when: { screen.title = "t" }))
    #expect(fires({ _ = screen.subtitle }, when: { screen.subtitle = "s" }))
    #expect(!fires({ _ = screen.title }, when: { screen.subtitle = "again" }))
  }

  @Test func classesConformToPerceptible() {
    let values: [Any] = [Counter(), Box(1), PlainChild(), Namespace.Nested()]
    #expect(values.allSatisfy { $0 is any Perceptible })
  }
}
