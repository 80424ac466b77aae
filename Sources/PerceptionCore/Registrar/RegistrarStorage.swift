/// A registrar's storage on Perception's runtime: the C registrar state in the tail of one
/// allocation, zero and owning nothing until the first registration makes its table. On
/// `deinit` every remaining observer is told (`EventBits.deinit`) and released. The subclass
/// `UncheckedRegistrarStorage` means `isPerceptionCheckingEnabled: false`: no word per object,
/// and no test on any path but a report's.
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

  @inlinable @inline(__always)
  final func filter(for event: UInt32) -> UInt64 {
    withUnsafeMutablePointerToElements { $0.filter(for: event) }
  }

  @inline(__always)
  final func record(
    _ keyPath: AnyKeyPath, property: UnsafeRawPointer?, in list: UnsafeMutablePointer<AccessList>
  ) {
    let registrar = Unmanaged.passUnretained(self)
    if list.record(registrar: registrar.toOpaque(), property: property ?? PropertyKey.of(keyPath)) {
      // The list owns a reference: a subject released in the scope is safe to observe at its end.
      _ = registrar.retain()
      // Before the value is read: a write that stores after the read is logged for the scope.
      let mark = withUnsafeMutablePointerToElements { $0.beginSetup() }
      if list.setupMark == 0 { list.setupMark = mark }
    }
  }

  /// Gives up the reference an access list held, and ends the setup its `record` began.
  static func releaseFromList(_ storage: Unmanaged<RegistrarStorage>) {
    storage._withUnsafeGuaranteedRef { $0.withUnsafeMutablePointerToElements { $0.endSetup() } }
    storage.release()
  }

  /// Calls the observers of `keyPath` for `event`, whose filter is not zero.
  @usableFromInline @inline(never)
  final func notify(
    _ event: UInt32, keyPath: AnyKeyPath, property: UnsafeRawPointer?, filter: UInt64
  ) {
    let property = property ?? PropertyKey.of(keyPath)
    guard filter & filterBits(of: property, for: event) != 0 else { return }
    withUnsafeMutablePointerToElements { registrar in
      withObserverBatch { batch in
        let table = registrar.collect(
          property, event: event, retain: { _ = Unmanaged<Observer>.fromOpaque($0!).retain() },
          into: batch)
        // Outside the table's lock: observers may register, cancel or mutate freely.
        batch.forEachObserver { $0.receive(event, keyPath: keyPath, collectedFrom: table) }
        batch.releaseObservers()
      }
    }
  }

  final var table: ObserverTable {
    withUnsafeMutablePointerToElements { $0.table }
  }
}

/// The storage of a registrar whose reads perception checking never reports.
final class UncheckedRegistrarStorage: RegistrarStorage {}

extension RegistrarStorage {
  /// False for a registrar made with `isPerceptionCheckingEnabled: false`.
  final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedRegistrarStorage) }
}

extension UnsafeMutablePointer<ObserverBatch> {
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
