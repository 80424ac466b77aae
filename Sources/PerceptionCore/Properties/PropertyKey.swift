/// Turns key paths into the pointer-sized property keys the C runtime compares: a property's
/// key is the first key path object seen naming it, kept alive forever. The C runtime's key map
/// (a C static: a `static let` would check its initialization each time) holds every object
/// seen under that one, so a lookup is a lock-free probe.
@usableFromInline
enum PropertyKey {
  /// Objects per property besides the canonical one: many times a literal's one per file, so
  /// that objects made anew at each use (generic classes, `appending`) cannot grow the map.
  static let aliasLimit = 16

  private static let lock = Lock()
  nonisolated(unsafe) private static var canonicalByValue: [AnyKeyPath: AnyKeyPath] = [:]
  /// Kept alive so that their addresses stay theirs.
  nonisolated(unsafe) private static var aliases: [ObjectIdentifier: [AnyKeyPath]] = [:]

  /// The key of the property `keyPath` names.
  @usableFromInline
  static func of(_ keyPath: AnyKeyPath) -> UnsafeRawPointer {
    if let key = PropertyKeyMap.find(address(of: keyPath)) {
      return key
    }
    return canonicalKey(slowlyFor: keyPath)
  }

  @inline(never)
  private static func canonicalKey(slowlyFor keyPath: AnyKeyPath) -> UnsafeRawPointer {
    lock.withLock {
      // Another thread may have put this very object in since the lookup.
      if let key = PropertyKeyMap.find(address(of: keyPath)) {
        return key
      }
      guard let canonical = canonicalByValue[keyPath] else {
        canonicalByValue[keyPath] = keyPath
        PropertyKeyMap.insert(address(of: keyPath), canonical: address(of: keyPath))
        return address(of: keyPath)
      }
      let id = ObjectIdentifier(canonical)
      if aliases[id, default: []].count < aliasLimit {
        aliases[id, default: []].append(keyPath)
        PropertyKeyMap.insert(address(of: keyPath), canonical: address(of: canonical))
      }
      return address(of: canonical)
    }
  }

  private static func address(of keyPath: AnyKeyPath) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
  }
}

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
