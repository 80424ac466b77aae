/// A tracked property's key path, formed once per program, for the accessors `@Perceptible`
/// generates.
///
/// A key path literal is instantiated from a pattern that the compiler emits in each source file
/// (each of the optimizer's compilation units) that forms it, and each pattern makes an object of
/// its own. A getter inlined where a property is read, and a setter inlined elsewhere or compiled
/// out of line, therefore hand Observation two different but equal objects, and Observation's
/// dictionaries then compare them component by component (hundreds of instructions per lookup)
/// where identity would have answered. The macro gives each tracked property of a non-generic
/// class one static of this type, so that every read and write, from any file, hands over the
/// same object; loading it also costs less than instantiating the literal, which retains it.
///
/// It also holds the property's key on Perception's runtime, looked up once, when the static is
/// initialized: the accessors hand it over with the key path, so that a recorded read and an
/// observed write skip the lookup that a key path literal, whose object may be any of several,
/// needs on each (`PropertyKey`).
///
/// `@unchecked Sendable`: a key path is immutable, the key is the address of an object kept alive
/// for the life of the process, and the static is only ever read. Frozen, so that its inlinable
/// initializer may assign its fields when the module is built for library evolution (Xcode's
/// "Build Libraries for Distribution").
@frozen
public struct _PerceptionKeyPath<Root, Member>: @unchecked Sendable {
  /// The key path, formed once.
  public let keyPath: KeyPath<Root, Member>

  /// The property's key, `PropertyKey.of(keyPath)`.
  @usableFromInline
  let propertyKey: UnsafeRawPointer

  /// Holds `keyPath` and the property's key.
  @inlinable
  public init(_ keyPath: KeyPath<Root, Member>) {
    self.keyPath = keyPath
    self.propertyKey = PropertyKey.of(keyPath)
  }
}
