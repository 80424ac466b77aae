import CPerceptionRuntime

/// The C runtime's per-registrar state (`perception_observer_table.h`): two event filters and,
/// once somebody observes it, its observer table. It lives in the tail of a
/// `RegistrarStorage`.
///
/// A struct around the C one, not a type alias, so that inlinable code in other files can name
/// it without importing the C module (library evolution requires that import of every file
/// whose inlinable code names a C type). Same size and layout.
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

  /// Zero: nobody observes the registrar, and it owns nothing.
  func initializeRegistrar() {
    perception_registrar_init(c)
  }

  /// The observer table, or nil while nobody has ever registered.
  var existingTable: ObserverTable? {
    perception_registrar_existing_table(c).map(ObserverTable.init)
  }

  /// The observer table, created on first use.
  var table: ObserverTable { ObserverTable(perception_registrar_table(c)) }

  /// The filter of `event` (`EventBits.willSet` or `didSet`): 0 when nobody observes it.
  @inlinable @inline(__always)
  func filter(for event: UInt32) -> UInt64 {
    perception_registrar_filter(c, event)
  }

  /// Appends to `batch` the observers of `property` for `event`, each with a reference the
  /// caller owns: a one-shot registration's is handed over, the others passed to `retain`
  /// under the table's lock.
  func collect(
    _ property: UnsafeRawPointer, event: UInt32,
    retain: @convention(c) (UnsafeMutableRawPointer?) -> Void,
    into batch: UnsafeMutablePointer<ObserverBatch>
  ) {
    _ = perception_registrar_collect(c, property, event, retain, batch)
  }

  /// The registrar is going away: moves every registered observer into `batch`.
  func destroy(into batch: UnsafeMutablePointer<ObserverBatch>) {
    perception_registrar_destroy(c, batch)
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

  /// Registers `observer` for `events` on `properties`, taking over one reference to it;
  /// returns its token, or 0 if the table is dead (the reference stays with the caller).
  func register(
    _ observer: UnsafeMutableRawPointer, for events: UInt32,
    properties: UnsafePointer<UnsafeRawPointer?>, count: Int
  ) -> ObserverToken {
    perception_table_register(pointer, properties, count, events, observer)
  }

  /// Removes a registration and returns its observer, whose reference the caller now owns;
  /// nil if the token names nothing any more.
  func cancel(_ token: ObserverToken) -> UnsafeMutableRawPointer? {
    perception_table_cancel(pointer, token)
  }
}

/// A registration's name in its table.
typealias ObserverToken = perception_token

/// The events an observer registers for, as the runtime's bits.
@usableFromInline
enum EventBits {
  @inlinable
  static var willSet: UInt32 { UInt32(PERCEPTION_EVENT_WILL_SET) }
  @inlinable
  static var didSet: UInt32 { UInt32(PERCEPTION_EVENT_DID_SET) }
  @inlinable
  static var `deinit`: UInt32 { UInt32(PERCEPTION_EVENT_DEINIT) }
  /// Or-ed with the events: the registration is removed from its table when first collected.
  static var once: UInt32 { UInt32(PERCEPTION_REGISTRATION_ONCE) }
}

/// The bit of the event filters that stands for `property`.
func filterBit(of property: UnsafeRawPointer) -> UInt64 {
  perception_property_filter_bit(property)
}

/// Observers collected from a table, with a reference to each.
typealias ObserverBatch = perception_observer_batch

/// Runs `body` with an initialized batch at a stable address, and frees its storage afterwards.
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

/// The process's one spare observer (see `Observer+Spare.swift`), kept by the runtime.
enum SpareObserver {
  /// Stores `observer` (or nil) as the spare and returns the previous one.
  @inline(__always)
  static func exchange(_ observer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    perception_spare_observer_exchange(observer)
  }
}

extension Unmanaged {
  /// Whether this is the only strong reference to its object.
  var isOnlyReference: Bool {
    // Borrows the reference as a strong one, then gives it back: no net change.
    var object = takeRetainedValue()
    defer { _ = Unmanaged.passRetained(object) }
    return isKnownUniquelyReferenced(&object)
  }
}
