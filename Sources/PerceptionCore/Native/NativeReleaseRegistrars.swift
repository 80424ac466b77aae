/// The native engine's release registrars of `@Perceptible` objects, by the object's
/// `ObservationRegistrar` word (unique while the object lives, and the object's deinit takes its
/// entry out): made by the first read in a scope that wants releases, on the systems where
/// Observation reports none, so that the object itself keeps one word, as `@Observable`'s does.
/// `NativeReleaseCount` says whether a deinit need look.
enum NativeReleaseRegistrars {
  private static let lock = Lock()
  nonisolated(unsafe) private static var registrars: [UnsafeMutableRawPointer: RegistrarStorage] =
    [:]

  static func registrar(for key: UnsafeMutableRawPointer) -> RegistrarStorage {
    lock.withLock {
      if let existing = registrars[key] { return existing }
      let made = RegistrarStorage.make()
      registrars[key] = made
      NativeReleaseCount.store(UInt32(registrars.count))
      return made
    }
  }

  /// Whether `key` has a release registrar, for tests.
  static func contains(_ key: UnsafeMutableRawPointer) -> Bool {
    lock.withLock { registrars[key] != nil }
  }

  static func remove(_ key: UnsafeMutableRawPointer) -> RegistrarStorage? {
    lock.withLock {
      guard let removed = registrars.removeValue(forKey: key) else { return nil }
      NativeReleaseCount.store(UInt32(registrars.count))
      return removed
    }
  }
}
