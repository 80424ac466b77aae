/// A tracked property's key path, formed once per program, for the accessors `@Perceptible`
/// generates.
///
/// Each source file that forms a key path literal instantiates its own object, so a getter
/// and a setter compiled in different files would hand Observation two equal objects, which
/// its dictionaries compare component by component where identity would answer. The macro
/// gives each tracked property of a non-generic class one static of this type, so every read
/// and write hands over one object, with its key on Perception's runtime (`PropertyKey`)
/// looked up once.
///
/// `@unchecked Sendable`: the key path is immutable and the key is the address of an object
/// kept alive for the process. Frozen, so that its inlinable initializer may assign its fields
/// under library evolution.
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
