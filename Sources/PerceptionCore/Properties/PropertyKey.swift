/// Turns key paths into the pointer-sized property keys the C runtime compares.
///
/// A property's key is the first key path object seen naming it (the canonical object), kept
/// alive forever. Each source file has its own object for a literal, and a generic class or
/// `appending` makes a new one at each use, so the C runtime's process-wide key map holds each
/// object seen under its canonical one: a lookup is a lock-free probe, and only an object never
/// seen takes the lock and hashes. The map is a C static: a `static let` would check its
/// one-time initialization on every lookup.
@usableFromInline
enum PropertyKey {
  /// The objects the map holds per property besides the canonical one: many times a literal's
  /// one per file, so that objects made anew at each use take the slow path past it instead of
  /// growing the map without end.
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
