// Classes that declare `Codable` and synthesize their coding, each shape twice: with
// `@Perceptible` and, prefixed `Native`, with `@Observable`. The `@Perceptible` ones are the
// classes whose JSON swift-perception produced for `SwiftPerceptionFixtures`, by the same names.
import Perception

/// Final, conformance on the class.
@Perceptible
public final class CodableSettings: Codable {
  public var name = "a"
  public var count = 2

  public init() {}
}

/// Not final: synthesized coding gives it a `required` initializer.
@Perceptible
public class CodableBase: Codable {
  public var title = "base"
  public var flag = true

  public init() {}
}

/// A subclass of a `Codable` class, which inherits its coding.
public final class CodableDerived: CodableBase {}

/// Generic, with `Codable` members.
@Perceptible
public final class CodableBox<Value: Codable>: Codable {
  public var value: Value
  public var values: [Value] = []

  public init(value: Value) { self.value = value }
}

/// An ignored property is coded under its own name; a nil optional is left out.
@Perceptible
public final class CodableIgnoring: Codable {
  public var shown = 1
  @PerceptionIgnored public var hidden = "h"
  public var note: String? = nil

  public init() {}
}

/// Property observers, which run on a decoded object as on any other.
@Perceptible
public final class CodableObserved: Codable {
  public var changes = 0
  public var level = 3 {
    didSet { changes += 1 }
  }

  public init() {}
}

/// The conformance in an extension in the same file.
@Perceptible
public final class CodableInExtension {
  public var label = "x"
  public var score = 1.5

  public init() {}
}

extension CodableInExtension: Codable {}

/// `Encodable` alone.
@Perceptible
public final class EncodableOnly: Encodable {
  public var value = 1

  public init() {}
}

/// `Decodable` alone.
@Perceptible
public final class DecodableOnly: Decodable {
  public var value = 1

  public init() {}
}

// The same shapes with `@Observable`: the oracle.

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class NativeCodableSettings: Codable {
  public var name = "a"
  public var count = 2

  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public class NativeCodableBase: Codable {
  public var title = "base"
  public var flag = true

  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class NativeCodableBox<Value: Codable>: Codable {
  public var value: Value
  public var values: [Value] = []

  public init(value: Value) { self.value = value }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class NativeCodableIgnoring: Codable {
  public var shown = 1
  @ObservationIgnored public var hidden = "h"
  public var note: String? = nil

  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class NativeCodableObserved: Codable {
  public var changes = 0
  public var level = 3 {
    didSet { changes += 1 }
  }

  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
public final class NativeCodableInExtension {
  public var label = "x"
  public var score = 1.5

  public init() {}
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension NativeCodableInExtension: Codable {}
