extension Unmanaged where Instance == RegistrarStorage {
  /// Whether the reference an access list owns is the only one left: the subject was
  /// released while the scope ran.
  var isOnlyHeldByAnAccessList: Bool {
    // Borrows the list's reference as a strong one, then gives it back: no net change.
    var storage = takeRetainedValue()
    defer { _ = Unmanaged.passRetained(storage) }
    return isKnownUniquelyReferenced(&storage)
  }
}
