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
    ViewBodyChecking.watchMainThreadIfNeeded()
    #if canImport(Observation)
      if PerceptionEngine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        storage = NativeRegistrarStorage.make(
          isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
        return
      }
    #endif
    storage = RegistrarStorage.make(isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
  }

  /// The `isPerceptionCheckingEnabled` the registrar was created with.
  public var _isPerceptionCheckingEnabled: Bool {
    (storage as! any CheckableStorage).isPerceptionCheckingEnabled
  }

  // A key path literal needs a `KeyPath` parameter to infer its root, so the static forms (for
  // `@Perceptible`'s `_PerceptionKeyPath`) stay apart. Each forwards to a transparent core, so
  // the caller's autoclosures inline into it. Every member is in the type's body: an extension
  // of a type deprecated from iOS 26 would warn in every build for that target.

  /// Registers access to `keyPath` of `subject` for the tracking scope running on this thread;
  /// `keyPath` is evaluated only where something records it.
  @inlinable @inline(__always) @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    perceptibleRead(keyPath(), property: nil, site: nil)
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
    perceptibleRead(
      keyPath, property: nil, site: CallSite(fileID: fileID, line: line, column: column))
  }

  /// Announces that `keyPath` of `subject` is about to change: calls its `onChange` and
  /// `willSet` observers on this thread. `keyPath` is evaluated only when somebody observes it.
  @inlinable @inline(__always) @_disfavoredOverload
  public func willSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    perceptibleAnnounce(EventBits.willSet, keyPath(), property: nil)
  }

  /// Announces that `keyPath` of `subject` has changed: calls its `didSet` observers.
  @inlinable @inline(__always) @_disfavoredOverload
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    perceptibleAnnounce(EventBits.didSet, keyPath(), property: nil)
  }

  /// Wraps a mutation of `keyPath` of `subject` in `willSet` and `didSet`.
  @inlinable @inline(__always) @_disfavoredOverload
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    try perceptibleMutation(keyPath(), property: nil, mutation)
  }

  /// `access(_:keyPath:)` for the static key path `@Perceptible` declares for a property.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    perceptibleRead(keyPath().keyPath, property: keyPath().propertyKey, site: nil)
  }

  /// `willSet(_:keyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    perceptibleAnnounce(EventBits.willSet, keyPath().keyPath, property: keyPath().propertyKey)
  }

  /// `didSet(_:keyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    perceptibleAnnounce(EventBits.didSet, keyPath().keyPath, property: keyPath().propertyKey)
  }

  /// `withMutation(of:keyPath:_:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject,
    lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    try perceptibleMutation(keyPath().keyPath, property: keyPath().propertyKey, mutation)
  }

  @usableFromInline @_transparent
  func perceptibleRead<Root, Member>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, site: CallSite?
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let keyPath = keyPath()
        nativeStorage.registrar.access(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        let slot = ThreadLocal.slot
        if _slowPath(slot != 0) {
          record(slot: slot, keyPath: keyPath, property: property(), site: site)
        }
        return
      }
    #endif
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      record(slot: slot, keyPath: keyPath(), property: property(), site: site)
    }
  }

  @usableFromInline @_transparent
  func perceptibleAnnounce<Root, Member>(
    _ event: UInt32, _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeAnnounce(event, ErasedObservable(), ErasedObservable.erase(keyPath()))
        return
      }
    #endif
    runtimeAnnounce(runtimeStorage, event, keyPath(), property: property())
  }

  @usableFromInline @_transparent
  func perceptibleMutation<Root, Member, T>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return try nativeMutation(
          of: ErasedObservable(), keyPath: ErasedObservable.erase(keyPath()), mutation)
      }
    #endif
    return try runtimeMutation(keyPath(), property: property(), mutation)
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

  @usableFromInline @_transparent
  func runtimeMutation<Root, Member, T>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, _ mutation: () throws -> T
  ) rethrows -> T {
    let storage = runtimeStorage
    runtimeAnnounce(storage, EventBits.willSet, keyPath(), property: property())
    defer { runtimeAnnounce(storage, EventBits.didSet, keyPath(), property: property()) }
    return try mutation()
  }

  /// A read that found the thread's slot non-zero: recorded in the innermost Perception scope,
  /// or handed to perception checking. Out of line, so that a generated getter stays inlinable.
  @usableFromInline @inline(never)
  func record(slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer?, site: CallSite?) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let box = nativeStorage
        if let list = TrackingScope.accessList(forReadOf: keyPath, slot: slot, box, site: site) {
          box.perception.record(keyPath, property: property, in: list)
        }
        return
      }
    #endif
    let storage = runtimeStorage
    if let list = TrackingScope.accessList(forReadOf: keyPath, slot: slot, storage, site: site) {
      storage.record(keyPath, property: property, in: list)
    }
  }

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
      observableRead(subject, keyPath(), property: nil)
    }

    /// Announces that `keyPath` of an observable `subject` is about to change.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      observableAnnounce(EventBits.willSet, subject, keyPath(), property: nil)
    }

    /// Announces that `keyPath` of an observable `subject` has changed.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      observableAnnounce(EventBits.didSet, subject, keyPath(), property: nil)
    }

    /// Wraps a mutation of `keyPath` of an observable `subject` in `willSet` and `didSet`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func withMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      try observableMutation(subject, keyPath(), property: nil, mutation)
    }

    /// `access(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      observableRead(subject, keyPath().keyPath, property: keyPath().propertyKey)
    }

    /// `willSet(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      observableAnnounce(
        EventBits.willSet, subject, keyPath().keyPath, property: keyPath().propertyKey)
    }

    /// `didSet(_:keyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      observableAnnounce(
        EventBits.didSet, subject, keyPath().keyPath, property: keyPath().propertyKey)
    }

    /// `withMutation(of:keyPath:_:)` of an observable `subject`, for a static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      try observableMutation(
        subject, keyPath().keyPath, property: keyPath().propertyKey, mutation)
    }

    /// Both engines' scopes and checked contexts show in the thread's slot, so one test serves
    /// both (on the native engine inside a scope, `keyPath` is evaluated twice).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableRead<Subject: Observable, Member>(
      _ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?
    ) {
      if EngineWord.current.isNative {
        nativeStorage.registrar.access(subject, keyPath: keyPath())
      }
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        record(slot: slot, keyPath: keyPath(), property: property(), site: nil)
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableAnnounce<Subject: Observable, Member>(
      _ event: UInt32, _ subject: Subject,
      _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?
    ) {
      if EngineWord.current.isNative {
        nativeAnnounce(event, subject, keyPath())
      } else {
        runtimeAnnounce(runtimeStorage, event, keyPath(), property: property())
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableMutation<Subject: Observable, Member, T>(
      _ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?,
      _ mutation: () throws -> T
    ) rethrows -> T {
      if EngineWord.current.isNative {
        return try nativeMutation(of: subject, keyPath: keyPath(), mutation)
      }
      return try runtimeMutation(keyPath(), property: property(), mutation)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    func nativeAnnounce<Subject: Observable, Member>(
      _ event: UInt32, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      if event == EventBits.willSet {
        nativeStorage.registrar.willSet(subject, keyPath: keyPath)
      } else {
        nativeStorage.registrar.didSet(subject, keyPath: keyPath)
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    func nativeMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      let storage = nativeStorage
      storage.registrar.willSet(subject, keyPath: keyPath)
      defer { storage.registrar.didSet(subject, keyPath: keyPath) }
      return try mutation()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    var nativeStorage: NativeRegistrarStorage {
      unsafeDowncast(storage, to: NativeRegistrarStorage.self)
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
