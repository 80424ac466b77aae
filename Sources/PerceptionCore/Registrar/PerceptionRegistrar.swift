#if canImport(Observation)
  import Observation
#endif

/// Provides storage for tracking and access to data changes.
///
/// The counterpart of Observation's `ObservationRegistrar`, with the same API. The
/// `@Perceptible` macro gives each class one, and its accessors call `_access(_:lazyKeyPath:)` on
/// every read and `_withMutation(of:lazyKeyPath:_:)` on every write: `access(_:keyPath:)` and
/// `withMutation(of:keyPath:_:)` with the key path formed only when it is needed.
///
/// A registrar runs on the process's ``PerceptionEngine``: on Perception's runtime it keeps its
/// own observers; on the native engine it wraps an `ObservationRegistrar`, so that
/// `withObservationTracking`, `Observations` and SwiftUI observe it too.
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
/// The hot paths are inlined into the caller. After the engine test (one load and a branch), a
/// read outside any tracking scope on Perception's runtime is one thread-local load and a
/// branch, and a write nobody observes is a load and a branch for willSet and another for
/// didSet. Neither allocates nor takes a lock.
@available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
public struct PerceptionRegistrar: Codable, Hashable, @unchecked Sendable {
  // Sendable because every operation on either storage is thread-safe: Perception's C state is
  // read with atomics and changed under its table's lock, and ObservationRegistrar is Sendable.
  /// A `RegistrarStorage` on Perception's runtime, a `NativeRegistrarStorage` on the native
  /// engine: the engine settles before the first registrar exists and never changes, so the
  /// engine word says which.
  @usableFromInline
  let storage: AnyObject

  /// Creates a registrar for a perceptible object, on the process's engine.
  public init() {
    self.init(isPerceptionCheckingEnabled: true)
  }

  /// Creates a registrar for a perceptible object, on the process's engine.
  ///
  /// - Parameter isPerceptionCheckingEnabled: Pass false for an object whose reads perception
  ///   checking should never report (see ``withPerceptionChecking(_:)``).
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

  /// Whether perception checking may report reads of this registrar's properties: the
  /// `isPerceptionCheckingEnabled` it was created with.
  public var _isPerceptionCheckingEnabled: Bool {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return !(nativeStorage is UncheckedNativeRegistrarStorage)
      }
    #endif
    return !(storage is UncheckedRegistrarStorage)
  }

  /// Registers access to a specific property for tracking: if a tracking scope is running on
  /// this thread, it will observe `keyPath` of `subject`.
  @inlinable @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.access(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        nativeStorage.perceptionAccess(keyPath)
        return
      }
    #endif
    perceptionStorage.perceptionAccess(keyPath)
  }

  /// Registers access to a specific property for tracking, with the call site that perception
  /// checking names if it reports the read.
  ///
  /// Marked as swift-perception marks it: deprecated on Apple platforms at a version that never
  /// comes, so that it points to `access(_:keyPath:)` without warning the libraries that call it.
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
    access(subject, keyPath: keyPath, site: CallSite(fileID: fileID, line: line, column: column))
  }

  /// `access(_:keyPath:)` with the read's call site.
  @usableFromInline
  func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, site: CallSite
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.access(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        nativeStorage.perceptionAccess(keyPath, site: site)
        return
      }
    #endif
    perceptionStorage.perceptionAccess(keyPath, site: site)
  }

  /// Announces that `keyPath` of `subject` is about to change: calls its `onChange` and
  /// `willSet` observers, on this thread, before the new value is stored.
  @inlinable @_disfavoredOverload
  public func willSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.willSet(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        return
      }
    #endif
    perceptionStorage.announce(EventBits.willSet, keyPath: keyPath)
  }

  /// Announces that `keyPath` of `subject` has changed: calls its `didSet` observers.
  @inlinable @_disfavoredOverload
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.didSet(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        return
      }
    #endif
    perceptionStorage.announce(EventBits.didSet, keyPath: keyPath)
  }

  /// Wraps a mutation of `keyPath` of `subject` in `willSet` and `didSet`.
  @inlinable @_disfavoredOverload
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return try nativeWithMutation(
          of: ErasedObservable(), keyPath: ErasedObservable.erase(keyPath), mutation)
      }
    #endif
    let storage = perceptionStorage
    storage.announce(EventBits.willSet, keyPath: keyPath)
    defer { storage.announce(EventBits.didSet, keyPath: keyPath) }
    return try mutation()
  }

  /// The storage on Perception's runtime.
  @inlinable
  var perceptionStorage: RegistrarStorage {
    unsafeDowncast(storage, to: RegistrarStorage.self)
  }

  // Every member is declared here, in the type's own body, and none in an extension: the type
  // is deprecated from iOS 26, and an extension of it, or a signature naming `Perceptible`
  // outside it, would warn in every build for that target. (An extension marked deprecated
  // would deprecate its members for their callers, and the accessors' callers are users' code.)

  // MARK: The accessors' entry points

  // The entry points of the accessors `@Perceptible` generates. They take the key path as an
  // autoclosure, so that on Perception's runtime a read outside every tracking scope and checked
  // context, and a write nobody observes, never form it: forming `\.name` calls into the runtime
  // and retains and releases the key path, which costs several times the runtime's own test.
  // Everything here is inlined into the accessor, closure included, so no closure is made either.
  // On the native engine each forwards to its eager counterpart: `ObservationRegistrar` needs
  // the key path on every call.
  /// `access(_:keyPath:)` for generated accessors: `keyPath` is only evaluated when a
  /// tracking scope or a checked context is running on this thread, or on the native engine.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        access(subject, keyPath: keyPath())
        return
      }
    #endif
    perceptionStorage.perceptionAccess { keyPath() }
  }

  /// `willSet(_:keyPath:)` for generated accessors: `keyPath` is only evaluated when somebody
  /// observes this registrar's willSet event, or on the native engine.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        willSet(subject, keyPath: keyPath())
        return
      }
    #endif
    perceptionStorage.announce(EventBits.willSet) { keyPath() }
  }

  /// `didSet(_:keyPath:)` for generated accessors: `keyPath` is only evaluated when somebody
  /// observes this registrar's didSet event, or on the native engine.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        didSet(subject, keyPath: keyPath())
        return
      }
    #endif
    perceptionStorage.announce(EventBits.didSet) { keyPath() }
  }

  /// `withMutation(of:keyPath:_:)` for generated accessors, with `keyPath` evaluated lazily.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // One key path for both calls, as the eager path forms it.
        return try nativeWithMutation(
          of: ErasedObservable(), keyPath: ErasedObservable.erase(keyPath()), mutation)
      }
    #endif
    let storage = perceptionStorage
    storage.announce(EventBits.willSet) { keyPath() }
    defer { storage.announce(EventBits.didSet) { keyPath() } }
    return try mutation()
  }

  // The same entry points for a property whose class the macro gave a static key path
  // (`_PerceptionKeyPath`): on Perception's runtime they hand over the property's key it
  // carries, so that a recorded read and an observed write skip looking the key path up.

  /// `_access(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        access(subject, keyPath: keyPath().keyPath)
        return
      }
    #endif
    perceptionStorage.perceptionAccessOfStatic { keyPath() }
  }

  /// `_willSet(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        willSet(subject, keyPath: keyPath().keyPath)
        return
      }
    #endif
    perceptionStorage.announce(EventBits.willSet) { keyPath() }
  }

  /// `_didSet(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        didSet(subject, keyPath: keyPath().keyPath)
        return
      }
    #endif
    perceptionStorage.announce(EventBits.didSet) { keyPath() }
  }

  /// `_withMutation(of:lazyKeyPath:_:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject,
    lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return try nativeWithMutation(
          of: ErasedObservable(), keyPath: ErasedObservable.erase(keyPath().keyPath), mutation)
      }
    #endif
    let storage = perceptionStorage
    storage.announce(EventBits.willSet) { keyPath() }
    defer { storage.announce(EventBits.didSet) { keyPath() } }
    return try mutation()
  }

  #if canImport(Observation)
    /// Registers access to a specific property of an observable subject for tracking.
    ///
    /// The overload for `Observable` subjects, which `@Perceptible` classes also are: on the
    /// native engine it hands `subject` to the `ObservationRegistrar` as it is.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    public func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeAccess(subject, keyPath: keyPath)
      } else {
        perceptionStorage.perceptionAccess(keyPath)
      }
    }

    /// Announces that `keyPath` of an observable `subject` is about to change.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    public func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.willSet(subject, keyPath: keyPath)
      } else {
        perceptionStorage.announce(EventBits.willSet, keyPath: keyPath)
      }
    }

    /// Announces that `keyPath` of an observable `subject` has changed.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    public func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.didSet(subject, keyPath: keyPath)
      } else {
        perceptionStorage.announce(EventBits.didSet, keyPath: keyPath)
      }
    }

    /// Wraps a mutation of `keyPath` of an observable `subject` in `willSet` and `didSet`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    public func withMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      if EngineWord.current.isNative {
        return try nativeWithMutation(of: subject, keyPath: keyPath, mutation)
      }
      let storage = perceptionStorage
      storage.announce(EventBits.willSet, keyPath: keyPath)
      defer { storage.announce(EventBits.didSet, keyPath: keyPath) }
      return try mutation()
    }

    /// A mutation on the native engine, which the caller has checked: willSet and didSet on the
    /// one `ObservationRegistrar`, the engine tested and the box loaded once for both (through
    /// `willSet(_:keyPath:)` and `didSet(_:keyPath:)`, each tests and loads again: about 20
    /// instructions of a write).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    func nativeWithMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      let storage = nativeStorage
      storage.registrar.willSet(subject, keyPath: keyPath)
      defer { storage.registrar.didSet(subject, keyPath: keyPath) }
      return try mutation()
    }

    /// A read on the native engine, which the caller has checked: the `ObservationRegistrar`
    /// records it, and Perception's side sees it (one thread-local load and a branch outside
    /// its scopes). `access(_:keyPath:)` calls it straight after its own engine test, so that
    /// a read tests the engine once, not twice.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    func nativeAccess<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      nativeRegistrar.access(subject, keyPath: keyPath)
      nativeStorage.perceptionAccess(keyPath)
    }

    /// The native engine's storage.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    var nativeStorage: NativeRegistrarStorage {
      unsafeDowncast(storage, to: NativeRegistrarStorage.self)
    }

    /// The native engine's registrar.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable
    var nativeRegistrar: ObservationRegistrar { nativeStorage.registrar }

    /// `access(_:keyPath:)` of an observable `subject`, for generated accessors: `keyPath` is
    /// only evaluated when a tracking scope or a checked context needs it, or on the native
    /// engine.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.access(subject, keyPath: keyPath())
      }
      // Both engines' scopes and checked contexts show in the slot: one test, one call.
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        recordAccess(slot: slot, keyPath: keyPath())
      }
    }

    /// A read that found the thread's slot non-zero, on either engine: recorded in the
    /// innermost Perception scope, or, in a checked context, perhaps reported.
    ///
    /// One call for both engines keeps the generated getter small enough for the optimizer
    /// to inline it where it is read, as it inlines `@Observable`'s: a getter left out of line
    /// forms its key path from its own file's pattern, a different object from the one the
    /// setter inlined beside the caller forms, and Observation then compares the two key paths
    /// component by component on every write where identity would have answered (about 950
    /// instructions of the willSet + didSet cycle's 21,557; see issue 21).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @inline(never)
    func recordAccess(slot: UInt, keyPath: AnyKeyPath) {
      if EngineWord.current.isNative {
        nativeStorage.recordAccess(slot: slot, keyPath: keyPath, property: nil, site: nil)
      } else {
        perceptionStorage.recordAccessInline(slot: slot, keyPath: keyPath)
      }
    }

    /// `recordAccess(slot:keyPath:)` for a property's static key path, with the property's key
    /// it carries.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @inline(never)
    func recordAccess(slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer) {
      if EngineWord.current.isNative {
        nativeStorage.recordAccess(slot: slot, keyPath: keyPath, property: property, site: nil)
      } else {
        perceptionStorage.recordAccessInline(slot: slot, keyPath: keyPath, property: property)
      }
    }

    /// `willSet(_:keyPath:)` of an observable `subject`, for generated accessors.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.willSet(subject, keyPath: keyPath())
      } else {
        perceptionStorage.announce(EventBits.willSet) { keyPath() }
      }
    }

    /// `didSet(_:keyPath:)` of an observable `subject`, for generated accessors.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.didSet(subject, keyPath: keyPath())
      } else {
        perceptionStorage.announce(EventBits.didSet) { keyPath() }
      }
    }

    /// `withMutation(of:keyPath:_:)` of an observable `subject`, for generated accessors.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      if EngineWord.current.isNative {
        // One key path for both calls, as the eager path forms it.
        return try nativeWithMutation(of: subject, keyPath: keyPath(), mutation)
      }
      let storage = perceptionStorage
      storage.announce(EventBits.willSet) { keyPath() }
      defer { storage.announce(EventBits.didSet) { keyPath() } }
      return try mutation()
    }

    /// `_access(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path:
    /// on Perception's runtime, the property's key it carries is recorded.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.access(subject, keyPath: keyPath().keyPath)
      }
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        let canonical = keyPath()
        recordAccess(slot: slot, keyPath: canonical.keyPath, property: canonical.propertyKey)
      }
    }

    /// `_willSet(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.willSet(subject, keyPath: keyPath().keyPath)
      } else {
        perceptionStorage.announce(EventBits.willSet) { keyPath() }
      }
    }

    /// `_didSet(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.didSet(subject, keyPath: keyPath().keyPath)
      } else {
        perceptionStorage.announce(EventBits.didSet) { keyPath() }
      }
    }

    /// `_withMutation(of:lazyKeyPath:_:)` of an observable `subject`, for a property's static
    /// key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      if EngineWord.current.isNative {
        // One key path for both calls, as the eager path forms it.
        return try nativeWithMutation(of: subject, keyPath: keyPath().keyPath, mutation)
      }
      let storage = perceptionStorage
      storage.announce(EventBits.willSet) { keyPath() }
      defer { storage.announce(EventBits.didSet) { keyPath() } }
      return try mutation()
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
