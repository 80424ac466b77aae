/// The heap object behind a `PerceptionRegistrar`: the C runtime's registrar state in
/// the tail of one allocation.
///
/// Until somebody observes it, that state is three zero words and owns nothing; the first
/// registration allocates its observer table. The object's `deinit` is the registrar going
/// away: it hands every remaining observer back, tells each that it is gone (see
/// `Observer.receive`), and releases it.
///
/// A registrar made with `isPerceptionCheckingEnabled: false` is an `UncheckedRegistrarStorage`,
/// so that the switch costs neither a word per object nor a test on any path but a report's.
@usableFromInline
class RegistrarStorage: ManagedBuffer<Void, RegistrarState> {
  @usableFromInline
  static func make(isPerceptionCheckingEnabled: Bool = true) -> RegistrarStorage {
    let kind = isPerceptionCheckingEnabled ? RegistrarStorage.self : UncheckedRegistrarStorage.self
    let buffer = kind.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { $0.initializeRegistrar() }
    }
    return unsafeDowncast(buffer, to: RegistrarStorage.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { registrar in
      guard let table = registrar.existingTable else { return }
      withObserverBatch { batch in
        registrar.destroy(into: batch)
        batch.forEachObserver {
          $0.receive(EventBits.deinit, keyPath: nil, collectedFrom: table)
        }
        batch.releaseObservers()
      }
    }
  }

  /// Records a read of `keyPath` in this thread's innermost tracking scope, if there is one
  /// (or reports it, naming `site`, in a checked context). The accessors' reads and writes
  /// are `PerceptionRegistrar.perceptionAccess(_:_:property:)` and `perceptionAnnounce(_:_:_:property:)`.
  @inlinable @inline(__always)
  final func perceptionAccess(_ keyPath: AnyKeyPath, site: CallSite) {
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      recordAccess(slot: slot, keyPath: keyPath, site: site)
    }
  }

  /// Calls the observers of `keyPath` for `event`, when the event's filter is not zero. Apart
  /// from its twin below, which takes the property's key, as `recordAccess` is from its own: one
  /// function taking an optional key would test it on every observed write.
  @usableFromInline @inline(never)
  final func notify(_ event: UInt32, keyPath: AnyKeyPath, filter: UInt64) {
    notifyInline(event, keyPath: keyPath, property: PropertyKey.of(keyPath), filter: filter)
  }

  /// `notify(_:keyPath:filter:)` for a key path whose property's key the caller has.
  @usableFromInline @inline(never)
  final func notify(
    _ event: UInt32, keyPath: AnyKeyPath, property: UnsafeRawPointer, filter: UInt64
  ) {
    notifyInline(event, keyPath: keyPath, property: property, filter: filter)
  }

  /// The body of both `notify` entry points.
  @inline(__always)
  private final func notifyInline(
    _ event: UInt32, keyPath: AnyKeyPath, property: UnsafeRawPointer, filter: UInt64
  ) {
    guard filter & filterBit(of: property) != 0 else { return }
    withUnsafeMutablePointerToElements { registrar in
      withObserverBatch { batch in
        registrar.collect(
          property, event: event, retain: { _ = Unmanaged<Observer>.fromOpaque($0!).retain() },
          into: batch)
        // The lock is released here, so observers may register, cancel or mutate freely.
        // The table that handed the observers over (there is one: somebody observes `event`).
        let table = registrar.existingTable
        batch.forEachObserver { $0.receive(event, keyPath: keyPath, collectedFrom: table) }
        batch.releaseObservers()
      }
    }
  }

  /// Records, in the innermost tracking scope of this thread, that `keyPath` was read.
  /// With no tracking scope, the slot only carries flags: the read may be reported.
  @usableFromInline @inline(never)
  final func recordAccess(slot: UInt, keyPath: AnyKeyPath) {
    recordAccessInline(slot: slot, keyPath: keyPath)
  }

  /// `recordAccess(slot:keyPath:)` for a key path whose property's key the caller has.
  @usableFromInline @inline(never)
  final func recordAccess(slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer) {
    recordAccessInline(slot: slot, keyPath: keyPath, property: property)
  }

  /// `recordAccess(slot:keyPath:)`'s body, for the registrar's out-of-line read
  /// (`PerceptionRegistrar.recordAccess(slot:keyPath:)`), which then makes no second call.
  /// `property` is the property's key where the caller has it, nil where it is looked up.
  @inline(__always)
  final func recordAccessInline(
    slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer? = nil, site: CallSite? = nil
  ) {
    guard
      let list = TrackingScope.accessList(
        forReadOf: keyPath, inSlot: slot, storage: self, site: site)
    else { return }
    record(keyPath, property: property, in: list)
  }

  /// Records a read of `keyPath` in `list`, the innermost scope's, which the caller has found
  /// from the thread's slot (the native engine's box finds it before it makes this registrar).
  /// `property` as in `recordAccessInline`.
  @inline(__always)
  final func record(
    _ keyPath: AnyKeyPath, property: UnsafeRawPointer? = nil,
    in list: UnsafeMutablePointer<AccessList>
  ) {
    let registrar = Unmanaged.passUnretained(self)
    let property = property ?? PropertyKey.of(keyPath)
    if list.record(registrar: registrar.toOpaque(), property: property) {
      // The list owns one reference to each registrar it holds, so that a subject released
      // inside the scope can still be observed safely when the scope ends.
      _ = registrar.retain()
    }
  }

  /// `recordAccess(slot:keyPath:)` for a read whose call site is known, for its report.
  @usableFromInline @inline(never)
  final func recordAccess(slot: UInt, keyPath: AnyKeyPath, site: CallSite) {
    recordAccessInline(slot: slot, keyPath: keyPath, site: site)
  }

  /// The observer table, created on first use.
  final func table() -> ObserverTable {
    withUnsafeMutablePointerToElements { $0.table() }
  }
}

/// The storage of a registrar made with `isPerceptionCheckingEnabled: false`: its reads are
/// never reported.
final class UncheckedRegistrarStorage: RegistrarStorage {}

extension RegistrarStorage: CheckableStorage {
  @usableFromInline
  final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedRegistrarStorage) }
}

extension UnsafeMutablePointer<ObserverBatch> {
  /// Calls `body` with each observer of the batch. The batch holds a reference to each, so
  /// `body` borrows it without retaining.
  func forEachObserver(_ body: (Observer) -> Void) {
    for index in 0..<pointee.count {
      Unmanaged<Observer>.fromOpaque(pointee.observers[index]!)._withUnsafeGuaranteedRef(body)
    }
  }

  /// Gives up the batch's reference to each of its observers (see `Observer.release(_:)`).
  func releaseObservers() {
    for index in 0..<pointee.count {
      Observer.release(Unmanaged<Observer>.fromOpaque(pointee.observers[index]!))
    }
    pointee.count = 0
  }
}
