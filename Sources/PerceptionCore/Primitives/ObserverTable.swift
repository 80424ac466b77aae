import CPerceptionRuntime

/// A registrar's C state (`perception_observer_table.h`): two event filters and, once
/// somebody observes it, its table. A struct around the C one, not a type alias, so that
/// inlinable code in other files can name it without importing the C module.
@frozen @usableFromInline
struct RegistrarState {
  @usableFromInline
  var state: perception_registrar
}

extension UnsafeMutablePointer<RegistrarState> {
  @inlinable
  var c: UnsafeMutablePointer<perception_registrar> {
    @inline(__always) get { pointer(to: \.state)! }
  }

  func initializeRegistrar() {
    perception_registrar_init(c)
  }

  /// Nil while nobody has ever registered.
  var existingTable: ObserverTable? {
    perception_registrar_existing_table(c).map(ObserverTable.init)
  }

  /// Created on first use.
  var table: ObserverTable { ObserverTable(perception_registrar_table(c)) }

  /// 0 when nobody observes `event`.
  @inlinable @inline(__always)
  func filter(for event: UInt32) -> UInt64 {
    perception_registrar_filter(c, event)
  }

  /// Appends the observers of `property` for `event`, each with a reference the caller owns:
  /// a one-shot registration's is handed over, the others passed to `retain` under the lock.
  /// Returns the table they came from, nil if there is none.
  func collect(
    _ property: UnsafeRawPointer, event: UInt32,
    retain: @convention(c) (UnsafeMutableRawPointer?) -> Void,
    into batch: UnsafeMutablePointer<ObserverBatch>
  ) -> ObserverTable? {
    _ = perception_registrar_collect(c, property, event, retain, batch)
    return batch.pointee.table.map(ObserverTable.init)
  }

  func destroy(into batch: UnsafeMutablePointer<ObserverBatch>) {
    perception_registrar_destroy(c, batch)
  }

  /// A scope's first read here, before the value is read: from now until `endSetup()`, writes
  /// here are logged for it (`perception_observer_table.h`, "Setup"). Returns the mark its
  /// registration passes on.
  func beginSetup() -> UInt64 {
    perception_registrar_begin_setup(c)
  }

  func endSetup() {
    perception_registrar_end_setup(c)
  }
}

/// One registrar's observer table, which registrations keep alive past the registrar.
struct ObserverTable: Equatable {
  let pointer: OpaquePointer

  init(_ pointer: OpaquePointer) {
    self.pointer = pointer
  }

  func retain() {
    perception_table_retain(pointer)
  }

  func release() {
    perception_table_release(pointer)
  }

  /// Takes over one reference to `observer`; 0 if the table is dead (the caller keeps it).
  /// `changed` is one of `properties` that another thread wrote since `mark`, or nil.
  func register(
    _ observer: UnsafeMutableRawPointer, for events: UInt32,
    properties: UnsafePointer<UnsafeRawPointer?>, count: Int, mark: UInt64
  ) -> (token: ObserverToken, changed: UnsafeRawPointer?) {
    let registration = perception_table_register_after_setup(
      pointer, properties, count, events, observer, mark)
    return (registration.token, registration.changed)
  }

  /// Returns the observer, whose reference the caller now owns; nil if the token is stale.
  func cancel(_ token: ObserverToken) -> UnsafeMutableRawPointer? {
    perception_table_cancel(pointer, token)
  }
}

typealias ObserverToken = perception_token

@usableFromInline
enum EventBits {
  @inlinable
  static var willSet: UInt32 { UInt32(PERCEPTION_EVENT_WILL_SET) }
  @inlinable
  static var didSet: UInt32 { UInt32(PERCEPTION_EVENT_DID_SET) }
  @inlinable
  static var `deinit`: UInt32 { UInt32(PERCEPTION_EVENT_DEINIT) }
  /// The registration is removed when first collected.
  static var once: UInt32 { UInt32(PERCEPTION_REGISTRATION_ONCE) }
  /// A one-shot willSet registration's didSets, from other threads than the registering one.
  static var didSetStandingForWillSet: UInt32 {
    UInt32(PERCEPTION_EVENT_DID_SET | PERCEPTION_REGISTRATION_DID_SET_STANDS_FOR_WILL_SET)
  }
}

/// The bits of `event`'s filter that send a write of `property` to the table: for a didSet,
/// also those that count scopes in setup.
func filterBits(of property: UnsafeRawPointer, for event: UInt32) -> UInt64 {
  event == EventBits.didSet
    ? perception_did_set_word_bits(property)
    : perception_property_filter_bit(property)
}

typealias ObserverBatch = perception_observer_batch

/// An initialized batch at a stable address, freed after `body`.
func withObserverBatch<Result>(
  _ body: (UnsafeMutablePointer<ObserverBatch>) -> Result
) -> Result {
  var batch = ObserverBatch()
  return withUnsafeMutablePointer(to: &batch) { batch in
    perception_observer_batch_init(batch)
    defer { perception_observer_batch_destroy(batch) }
    return body(batch)
  }
}

/// The process's one spare observer (see `Observer+Spare.swift`).
enum SpareObserver {
  @inline(__always)
  static func exchange(_ observer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    perception_spare_observer_exchange(observer)
  }
}

extension Unmanaged {
  /// Whether the unbalanced retain this value stands for is the object's only strong reference.
  /// Only for an `Unmanaged` that holds such a retain (an access list's registrar, a released
  /// observer's last reference). Within `Unmanaged`'s documented contract: `takeRetainedValue()`
  /// "consumes an unbalanced retain", which becomes a strong reference for
  /// `isKnownUniquelyReferenced(_:)`, and `passRetained(_:)` "creates an unmanaged reference
  /// with an unbalanced retain" again, the one the caller still holds.
  var isOnlyReference: Bool {
    var object = takeRetainedValue()
    defer { _ = Unmanaged.passRetained(object) }
    return isKnownUniquelyReferenced(&object)
  }
}
