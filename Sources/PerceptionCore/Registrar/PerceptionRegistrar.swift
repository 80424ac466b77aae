import CPerceptionRuntime

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
public struct PerceptionRegistrar: @unchecked Sendable {
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
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
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
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
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
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
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
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.willSet(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        return
      }
    #endif
    perceptionStorage.announce(UInt32(PERCEPTION_EVENT_WILL_SET), keyPath: keyPath)
  }

  /// Announces that `keyPath` of `subject` has changed: calls its `didSet` observers.
  @inlinable @_disfavoredOverload
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeRegistrar.didSet(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        return
      }
    #endif
    perceptionStorage.announce(UInt32(PERCEPTION_EVENT_DID_SET), keyPath: keyPath)
  }

  /// Wraps a mutation of `keyPath` of `subject` in `willSet` and `didSet`.
  @inlinable @_disfavoredOverload
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    willSet(subject, keyPath: keyPath)
    defer { didSet(subject, keyPath: keyPath) }
    return try mutation()
  }

  /// Whether this registrar runs on the native engine. The engine settled before this
  /// registrar was made, so the engine word alone answers: one load and one compare.
  @inlinable
  var runsNative: Bool { perception_engine_is_native() }

  /// The storage on Perception's runtime.
  @inlinable
  var perceptionStorage: RegistrarStorage {
    unsafeDowncast(storage, to: RegistrarStorage.self)
  }
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension PerceptionRegistrar {
    /// Registers access to a specific property of an observable subject for tracking.
    ///
    /// The overload for `Observable` subjects, which `@Perceptible` classes also are: on the
    /// native engine it hands `subject` to the `ObservationRegistrar` as it is.
    @inlinable
    public func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeAccess(subject, keyPath: keyPath)
      } else {
        perceptionStorage.perceptionAccess(keyPath)
      }
    }

    /// Announces that `keyPath` of an observable `subject` is about to change.
    @inlinable
    public func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeRegistrar.willSet(subject, keyPath: keyPath)
      } else {
        perceptionStorage.announce(UInt32(PERCEPTION_EVENT_WILL_SET), keyPath: keyPath)
      }
    }

    /// Announces that `keyPath` of an observable `subject` has changed.
    @inlinable
    public func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeRegistrar.didSet(subject, keyPath: keyPath)
      } else {
        perceptionStorage.announce(UInt32(PERCEPTION_EVENT_DID_SET), keyPath: keyPath)
      }
    }

    /// Wraps a mutation of `keyPath` of an observable `subject` in `willSet` and `didSet`.
    @inlinable
    public func withMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      willSet(subject, keyPath: keyPath)
      defer { didSet(subject, keyPath: keyPath) }
      return try mutation()
    }

    /// A read on the native engine, which the caller has checked: the `ObservationRegistrar`
    /// records it, and Perception's side sees it (one thread-local load and a branch outside
    /// its scopes). The generated accessors call it straight after their own engine test, so
    /// that a getter tests the engine once, not twice (a read 158 -> 155 instructions).
    @inlinable @inline(__always)
    func nativeAccess<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      nativeRegistrar.access(subject, keyPath: keyPath)
      nativeStorage.perceptionAccess(keyPath)
    }

    /// The native engine's storage.
    @inlinable
    var nativeStorage: NativeRegistrarStorage {
      unsafeDowncast(storage, to: NativeRegistrarStorage.self)
    }

    /// The native engine's registrar.
    @inlinable
    var nativeRegistrar: ObservationRegistrar { nativeStorage.registrar }
  }
#endif

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
