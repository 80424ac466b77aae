#if canImport(Observation)
  import Observation
#endif

/// Provides storage for tracking and access to data changes.
///
/// The counterpart of Observation's `ObservationRegistrar`, with its API. On Perception's
/// runtime it keeps its own observers; on the native engine (``PerceptionEngine``) it wraps an
/// `ObservationRegistrar`, which `withObservationTracking`, `Observations` and SwiftUI observe.
///
/// A class that cannot use the macro calls the registrar from its own accessors:
///
/// ```swift
/// final class Thermometer: Perceptible {
///   private let registrar = PerceptionRegistrar()
///   private var _celsius = 20.0
///
///   var celsius: Double {
///     get {
///       registrar.access(self, keyPath: \.celsius)
///       return _celsius
///     }
///     set {
///       registrar.withMutation(of: self, keyPath: \.celsius) { _celsius = newValue }
///     }
///   }
/// }
///
/// // Where Observation exists, so that it sees the class, as `@Perceptible` declares it.
/// @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
/// extension Thermometer: Observable {}
/// ```
///
/// On Perception's runtime, an untracked read and an unobserved write neither allocate nor lock.
@available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
public struct PerceptionRegistrar: Codable, Hashable, @unchecked Sendable {
  // Sendable: every operation on either storage is thread-safe.
  /// A `RegistrarStorage` or `NativeRegistrarStorage`: the engine is settled before any registrar.
  @usableFromInline
  let storage: AnyObject

  /// Creates a registrar for a perceptible object, on the process's engine.
  public init() {
    self.init(isPerceptionCheckingEnabled: true)
  }

  /// Creates a registrar; pass false for an object whose reads perception checking never
  /// reports (see ``withPerceptionChecking(_:)``).
  public init(isPerceptionCheckingEnabled: Bool = true) {
    #if canImport(Observation)
      if PerceptionEngine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        storage = NativeRegistrarStorage.make(
          isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
        return
      }
    #endif
    ViewBodyChecking.watchMainThreadIfNeeded()
    storage = RegistrarStorage.make(isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
  }

  /// The `isPerceptionCheckingEnabled` the registrar was created with.
  public var _isPerceptionCheckingEnabled: Bool {
    checksReads(isNative: EngineWord.current.isNative)
  }

  /// Whether perception checking may report this registrar's reads, given the engine.
  func checksReads(isNative: Bool) -> Bool {
    #if canImport(Observation)
      if isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return NativeRegistrarStorage.box(storage).isPerceptionCheckingEnabled
      }
    #endif
    return runtimeStorage.isPerceptionCheckingEnabled
  }

  // A key path literal needs a `KeyPath` parameter to infer its root, so the static forms (for
  // `@Perceptible`'s `_PerceptionKeyPath`) stay apart. Each entry point hands one of the three
  // operations below (`read`, `announce`, `mutate`, each testing the engine once) what the
  // native engine calls: Observation's registrar with the subject as itself, directly for an
  // `Observable` subject, opened as one (`OpenedObservable`) for a `Perceptible` one. Every
  // member is in the type's body: an extension of a type deprecated from iOS 26 would warn in
  // every build for that target.

  /// Registers access to `keyPath` of `subject` for the tracking scope running on this thread;
  /// `keyPath` is evaluated only where something records it.
  @inlinable @inline(__always) @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    read(keyPath(), property: nil, site: nil) { OpenedObservable.access($0, subject, keyPath()) }
  }

  /// Registers access with the call site that perception checking names: swift-perception's API.
  @available(iOS, deprecated: 9999, renamed: "access(_:keyPath:)")
  @available(macOS, deprecated: 9999, renamed: "access(_:keyPath:)")
  @available(tvOS, deprecated: 9999, renamed: "access(_:keyPath:)")
  @available(watchOS, deprecated: 9999, renamed: "access(_:keyPath:)")
  @inlinable @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    read(keyPath, property: nil, site: CallSite(fileID: fileID, line: line, column: column)) {
      OpenedObservable.access($0, subject, keyPath)
    }
  }

  /// Announces that `keyPath` of `subject` is about to change: calls its `onChange` and
  /// `willSet` observers on this thread. `keyPath` is evaluated only when somebody observes it.
  @inlinable @inline(__always) @_disfavoredOverload
  public func willSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    announce(EventBits.willSet, keyPath(), property: nil) {
      OpenedObservable.announce($0, EventBits.willSet, subject, keyPath())
    }
  }

  /// Announces that `keyPath` of `subject` has changed: calls its `didSet` observers.
  @inlinable @inline(__always) @_disfavoredOverload
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    announce(EventBits.didSet, keyPath(), property: nil) {
      OpenedObservable.announce($0, EventBits.didSet, subject, keyPath())
    }
  }

  /// Wraps a mutation of `keyPath` of `subject` in `willSet` and `didSet`.
  @inlinable @inline(__always) @_disfavoredOverload
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    // A literal is formed once for both announcements.
    var formed: KeyPath<Subject, Member>?
    return try mutate(keyPath(), property: nil, mutation) {
      if formed == nil { formed = keyPath() }
      OpenedObservable.announce($0, $1, subject, formed!)
    }
  }

  /// `access(_:keyPath:)` for the static key path `@Perceptible` declares for a property.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    read(keyPath().keyPath, property: keyPath().propertyKey, site: nil) {
      OpenedObservable.access($0, subject, keyPath().keyPath)
    }
  }

  /// `willSet(_:keyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    announce(
      EventBits.willSet, keyPath().keyPath, property: keyPath().propertyKey, countsWrite: true
    ) {
      OpenedObservable.announce($0, EventBits.willSet, subject, keyPath().keyPath)
    }
  }

  /// `didSet(_:keyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    announce(
      EventBits.didSet, keyPath().keyPath, property: keyPath().propertyKey, countsWrite: true
    ) {
      OpenedObservable.announce($0, EventBits.didSet, subject, keyPath().keyPath)
    }
  }

  /// `withMutation(of:keyPath:_:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject,
    lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    try mutate(keyPath().keyPath, property: keyPath().propertyKey, mutation) {
      OpenedObservable.announce($0, $1, subject, keyPath().keyPath)
    }
  }

  // The three operations. `native` is what the native engine calls, handed the storage.

  /// A read: Observation's on the native engine; then, in a scope or checked context (both
  /// engines' show in the thread's slot), the record.
  @usableFromInline @_transparent
  func read<Root, Member>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, site: CallSite?,
    native: (AnyObject) -> Void
  ) {
    let isNative = EngineWord.current.isNative
    if isNative {
      native(storage)
    }
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      record(slot: slot, keyPath: keyPath(), property: property(), site: site, isNative: isNative)
    }
  }

  /// A `willSet` or `didSet` (`event`, an `EventBits` bit) alone. `countsWrite` for the
  /// generated `_modify`, whose pair is balanced: counted in progress on the native engine
  /// (`NativeSetupWindow`), as `mutate` is; a hand-written `willSet` may come alone.
  @usableFromInline @_transparent
  func announce<Root, Member>(
    _ event: UInt32, _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, countsWrite: Bool = false,
    native: (AnyObject) -> Void
  ) {
    if EngineWord.current.isNative {
      if countsWrite && event == EventBits.willSet { NativeSetupWindow.writeBegins(storage) }
      native(storage)
      if countsWrite && event == EventBits.didSet { NativeSetupWindow.writeEnds(storage) }
    } else {
      runtimeAnnounce(runtimeStorage, event, keyPath(), property: property())
    }
  }

  /// `mutation` between a `willSet` and a `didSet` (`native` takes the event's `EventBits` bit).
  @usableFromInline @_transparent
  func mutate<Root, Member, T>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, _ mutation: () throws -> T,
    native: (AnyObject, UInt32) -> Void
  ) rethrows -> T {
    if EngineWord.current.isNative {
      let storage = storage
      // Counted in progress for the native setups (`NativeSetupWindow`).
      NativeSetupWindow.writeBegins(storage)
      native(storage, EventBits.willSet)
      defer {
        native(storage, EventBits.didSet)
        NativeSetupWindow.writeEnds(storage)
      }
      return try mutation()
    }
    let storage = runtimeStorage
    runtimeAnnounce(storage, EventBits.willSet, keyPath(), property: property())
    defer { runtimeAnnounce(storage, EventBits.didSet, keyPath(), property: property()) }
    return try mutation()
  }

  /// Forms the key path only when somebody observes `event` (an `EventBits` bit).
  @usableFromInline @_transparent
  func runtimeAnnounce<Root, Member>(
    _ storage: RegistrarStorage, _ event: UInt32,
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    let filter = storage.filter(for: event)
    if _slowPath(filter != 0) {
      storage.notify(event, keyPath: keyPath(), property: property(), filter: filter)
    }
  }

  /// A read that found the thread's slot non-zero: recorded in the innermost Perception scope,
  /// or, where the slot holds only perception checking's flags, handed to it (debug builds).
  /// Out of line, so that a generated getter stays inlinable. `isNative` is the engine `read`
  /// tested, so that one read tests it once.
  @usableFromInline @inline(never)
  func record(
    slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer?, site: CallSite?,
    isNative: Bool
  ) {
    guard let list = TrackingScope.accessList(inSlot: slot) else {
      if DebugBuild.isActive {
        CheckingReporter.readOutsideTracking(
          slot: slot, keyPath: keyPath, checksReads: checksReads(isNative: isNative), site: site)
      }
      return
    }
    #if canImport(Observation)
      if isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        NativeRegistrarStorage.box(storage).record(keyPath, property: property, in: list)
        return
      }
    #endif
    runtimeStorage.record(keyPath, property: property, in: list)
  }

  // One of the two downcasts of `storage` (the other is `NativeRegistrarStorage.box(_:)`), each
  // under the engine word its operation tested: kept for the CI rows `write` and the native
  // engine's `read`, where a typed storage retains its payload and casts (Benchmarks/README.md,
  // "Unsafe constructs and the rows that keep them").
  @inlinable
  var runtimeStorage: RegistrarStorage {
    unsafeDowncast(storage, to: RegistrarStorage.self)
  }

  #if canImport(Observation)
    // For a subject that is also `Observable` (the `Perceptible` overloads are disfavored): the
    // native engine hands `subject` to the `ObservationRegistrar` as it is.

    /// Registers access to a specific property of an observable subject for tracking.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      read(keyPath(), property: nil, site: nil) {
        NativeRegistrarStorage.registrar($0).access(subject, keyPath: keyPath())
      }
    }

    /// Announces that `keyPath` of an observable `subject` is about to change.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      announce(EventBits.willSet, keyPath(), property: nil) {
        NativeRegistrarStorage.announce($0, EventBits.willSet, subject, keyPath())
      }
    }

    /// Announces that `keyPath` of an observable `subject` has changed.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      announce(EventBits.didSet, keyPath(), property: nil) {
        NativeRegistrarStorage.announce($0, EventBits.didSet, subject, keyPath())
      }
    }

    /// Wraps a mutation of `keyPath` of an observable `subject` in `willSet` and `didSet`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func withMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      // A literal is formed once for both announcements.
      var formed: KeyPath<Subject, Member>?
      return try mutate(keyPath(), property: nil, mutation) {
        if formed == nil { formed = keyPath() }
        NativeRegistrarStorage.announce($0, $1, subject, formed!)
      }
    }

    /// `access(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      read(keyPath().keyPath, property: keyPath().propertyKey, site: nil) {
        NativeRegistrarStorage.registrar($0).access(subject, keyPath: keyPath().keyPath)
      }
    }

    /// `willSet(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      announce(
        EventBits.willSet, keyPath().keyPath, property: keyPath().propertyKey, countsWrite: true
      ) {
        NativeRegistrarStorage.announce($0, EventBits.willSet, subject, keyPath().keyPath)
      }
    }

    /// `didSet(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      announce(
        EventBits.didSet, keyPath().keyPath, property: keyPath().propertyKey, countsWrite: true
      ) {
        NativeRegistrarStorage.announce($0, EventBits.didSet, subject, keyPath().keyPath)
      }
    }

    /// `withMutation(of:keyPath:_:)` of an observable `subject`, for a static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      try mutate(keyPath().keyPath, property: keyPath().propertyKey, mutation) {
        NativeRegistrarStorage.announce($0, $1, subject, keyPath().keyPath)
      }
    }
  #endif

  /// Creates a new registrar: like `ObservationRegistrar`, a registrar encodes no state.
  public init(from decoder: any Decoder) throws {
    self.init()
  }

  /// Encodes nothing: observers are not part of a value's data.
  public func encode(to encoder: any Encoder) {}

  /// Every registrar equals every other, so a registrar never affects its owner's equality.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing, to agree with `==`.
  public func hash(into hasher: inout Hasher) {}
}
