import CPerceptionRuntime

/// Turns key paths into the pointer-sized property keys the C runtime compares.
///
/// A key path literal for a property is one object at every use site, so its address is
/// nearly a key already. Key paths built some other way (an unspecialized generic class
/// makes a new one at each read, `appending` makes new ones) are equal but not identical, so
/// each distinct key path value has one canonical object, kept alive forever, and the key is
/// its address. Looking up a canonical object's own address is a lock-free probe of
/// `perception_key_set` with no hashing of `AnyKeyPath`; only the first sighting of a key
/// path object takes the lock and hashes it.
enum PropertyKey {
  nonisolated(unsafe) private static let canonicalObjects = perception_key_set_create()!
  private static let lock = Lock()
  nonisolated(unsafe) private static var canonicalByValue: [AnyKeyPath: AnyKeyPath] = [:]

  /// The key of the property `keyPath` names.
  static func of(_ keyPath: AnyKeyPath) -> UnsafeRawPointer {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
    if perception_key_set_contains(canonicalObjects, address) {
      return address
    }
    return canonicalKey(slowlyFor: keyPath)
  }

  @inline(never)
  private static func canonicalKey(slowlyFor keyPath: AnyKeyPath) -> UnsafeRawPointer {
    let canonical = lock.withLock { () -> AnyKeyPath in
      if let existing = canonicalByValue[keyPath] {
        return existing
      }
      canonicalByValue[keyPath] = keyPath
      perception_key_set_insert(
        canonicalObjects, UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque()))
      return keyPath
    }
    // The dictionary keeps `canonical` alive for the life of the process.
    return UnsafeRawPointer(Unmanaged.passUnretained(canonical).toOpaque())
  }
}
