import CPerceptionRuntime

/// Provides storage for tracking and access to data changes.
///
/// The counterpart of Observation's `ObservationRegistrar`, with the same API. The
/// `@Perceptible` macro gives each class one, and its accessors call `access(_:keyPath:)` on
/// every read and `withMutation(of:keyPath:_:)` on every write.
///
/// The hot paths are inlined into the caller: a read outside any tracking scope is one
/// thread-local load and a branch, and a write nobody observes is a load and a branch for
/// willSet and another for didSet. Neither allocates nor takes a lock.
public struct PerceptionRegistrar: @unchecked Sendable {
  // Sendable because every operation on the storage is thread-safe: its C state is read with
  // atomics and changed under its table's lock.
  @usableFromInline
  let storage: RegistrarStorage

  /// Creates a registrar for a perceptible object.
  public init() {
    storage = .make()
  }

  /// Registers access to a specific property for tracking: if a tracking scope is running on
  /// this thread, it will observe `keyPath` of `subject`.
  @inlinable
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    let slot = perception_slot_get()
    if _slowPath(slot != 0) {
      storage.recordAccess(slot: slot, keyPath: keyPath)
    }
  }

  /// Announces that `keyPath` of `subject` is about to change: calls its `onChange` and
  /// `willSet` observers, on this thread, before the new value is stored.
  @inlinable
  public func willSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    storage.announce(UInt32(PERCEPTION_EVENT_WILL_SET), keyPath: keyPath)
  }

  /// Announces that `keyPath` of `subject` has changed: calls its `didSet` observers.
  @inlinable
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    storage.announce(UInt32(PERCEPTION_EVENT_DID_SET), keyPath: keyPath)
  }

  /// Wraps a mutation of `keyPath` of `subject` in `willSet` and `didSet`.
  @inlinable
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    willSet(subject, keyPath: keyPath)
    defer { didSet(subject, keyPath: keyPath) }
    return try mutation()
  }
}

extension PerceptionRegistrar: Codable {
  /// Creates a new registrar: like `ObservationRegistrar`, a registrar encodes no state.
  public init(from decoder: any Decoder) throws {
    self.init()
  }

  /// Encodes nothing: observers are not part of a value's data.
  public func encode(to encoder: any Encoder) {}
}

extension PerceptionRegistrar: Hashable {
  /// Every registrar equals every other, so a registrar never affects its owner's equality.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing, to agree with `==`.
  public func hash(into hasher: inout Hasher) {}
}
