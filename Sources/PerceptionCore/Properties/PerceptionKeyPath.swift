/// A tracked property's key path, formed once per program, for `@Perceptible`'s accessors.
/// Each source file makes its own object for a key path literal, and Observation compares two
/// equal objects component by component: so every access hands over this one object, with its
/// key on Perception's runtime (`PropertyKey`). Sendable: both are immutable. Frozen, for its
/// inlinable initializer under library evolution.
@frozen
public struct _PerceptionKeyPath<Root, Member>: @unchecked Sendable {
  /// The key path, formed once.
  public let keyPath: KeyPath<Root, Member>

  @usableFromInline
  let propertyKey: UnsafeRawPointer

  /// Holds `keyPath` and the property's key.
  @inlinable
  public init(_ keyPath: KeyPath<Root, Member>) {
    self.keyPath = keyPath
    self.propertyKey = PropertyKey.of(keyPath)
  }
}
