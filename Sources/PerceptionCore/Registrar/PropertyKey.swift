import CPerceptionRuntime

/// Turns key paths into the pointer-sized property keys the C runtime compares.
///
/// A key path literal for a property is one object at every use in one source file, so its
/// address is nearly a key already. Key paths formed elsewhere (in another file, which has its
/// own pattern for the literal; by an unspecialized generic class, which makes a new one at
/// each read; by `appending`) are equal but not identical, so each distinct key path value has
/// one canonical object, kept alive forever, and the key is its address. The canonical objects
/// are in the C runtime's process-wide set of property keys, so looking one up is a lock-free
/// probe with no hashing of `AnyKeyPath`; any other object takes the lock and hashes it. That
/// set is a C static rather than a `static let` here, which would check its one-time
/// initialization on every lookup.
enum PropertyKey {
  private static let lock = Lock()
  nonisolated(unsafe) private static var canonicalByValue: [AnyKeyPath: AnyKeyPath] = [:]

  /// The key of the property `keyPath` names.
  static func of(_ keyPath: AnyKeyPath) -> UnsafeRawPointer {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
    if perception_property_keys_contains(address) {
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
      perception_property_keys_insert(
        UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque()))
      return keyPath
    }
    // The dictionary keeps `canonical` alive for the life of the process.
    return UnsafeRawPointer(Unmanaged.passUnretained(canonical).toOpaque())
  }
}
