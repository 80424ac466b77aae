/// Turns key paths into the pointer-sized property keys the C runtime compares.
///
/// A property's key is one object equal to every key path naming it: the first one seen, kept
/// alive forever (the canonical object). A key path literal is one object at every use in one
/// source file, but each file has its own, so a model tracked in a view's file and written in
/// its own file reaches the runtime as two objects; a generic class or `appending` makes a new
/// object each time. The C runtime's process-wide key map holds each object seen under its
/// canonical one, so a lookup is a lock-free probe with no hashing of `AnyKeyPath`; only an
/// object never seen takes the lock and hashes it. The map is a C static rather than a
/// `static let` here, which would check its one-time initialization on every lookup.
@usableFromInline
enum PropertyKey {
  /// How many objects besides the canonical one the map holds for one property. A literal's
  /// object per source file that names the property fits many times over. Objects made anew
  /// at each use (a generic class's, an appended key path) would otherwise grow the map, and
  /// the objects it keeps alive, without end: past the limit they take the slow path.
  static let aliasLimit = 16

  private static let lock = Lock()
  nonisolated(unsafe) private static var canonicalByValue: [AnyKeyPath: AnyKeyPath] = [:]
  /// The objects the map holds besides the canonical ones, by canonical object, kept alive so
  /// that their addresses stay theirs.
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
        // The dictionary keeps the object alive for the life of the process.
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
