import Perception

// One perceptible class per case `@Perceptible` must handle as `@Observable` does.

@Perceptible final class Counter {
  var count = 0
  let fixed = 1
  @PerceptionIgnored var ignored = 0
  nonisolated(unsafe) static var shared = 0
  var doubled: Int { count * 2 }
  var log: [String] = []
}

@Perceptible final class Observed {
  var seen: [Int] = []
  var value = 0 {
    willSet { seen.append(-newValue) }
    didSet { seen.append(value) }
  }
}

@Perceptible public final class Access {
  public private(set) var name = ""
  public func rename(_ name: String) { self.name = name }
}

@Perceptible final class Node {
  weak var parent: Node?
  var implicit: Int!
  var child: Node?
}

final class Owner {}

@Perceptible final class Owned {
  unowned var owner: Owner
  unowned(unsafe) var unsafeOwner: Owner
  init(owner: Owner) {
    self.owner = owner
    self.unsafeOwner = owner
  }
}

@Perceptible class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

class PlainBase {
  var untracked = 0
}

@Perceptible class PlainChild: PlainBase {
  var tracked = 0
}

@Perceptible class PerceptibleParent {
  var parentValue = 0
}

@Perceptible class PerceptibleChild: PerceptibleParent {
  var childValue = 0
}

enum Namespace {
  @Perceptible final class Nested {
    var value = 0
  }
}

@Perceptible class NonFinal {
  var value = 0
}

@MainActor @Perceptible final class Screen {
  var title = ""
  @MainActor var subtitle = ""
}
