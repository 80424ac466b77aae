#if canImport(Observation)
  import Observation
#endif

/// Provides storage for tracking and access to data changes.
///
/// The counterpart of Observation's `ObservationRegistrar`, with the same API. The
/// `@Perceptible` macro gives each class one, and its accessors call `access(_:keyPath:)` on
/// every read and `withMutation(of:keyPath:_:)` on every write, or, for a property whose static
/// key path the macro declares, `_access(_:lazyKeyPath:)` and `_withMutation(of:lazyKeyPath:_:)`
/// with that static. Either way the key path is formed only when it is needed.
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
        return nativeStorage.isPerceptionCheckingEnabled
      }
    #endif
    return perceptionStorage.isPerceptionCheckingEnabled
  }

  // Every operation is written once per subject constraint, in the `perceptible…` and
  // `observable…` cores below (and the `perception…` pair on Perception's runtime that both
  // share), which take the property's key path and, where the caller has it, the property's
  // key. Each operation has two forms of entry point, which forward to a core in a line each:
  // - the literal form, `access(_:keyPath:)`, `willSet(_:keyPath:)`, `didSet(_:keyPath:)` and
  //   `withMutation(of:keyPath:_:)`: the public API, swift-perception's, and the one its macro
  //   calls. Hand-written accessors call it, and so does `@Perceptible` where it declares no
  //   static key path (a generic class). It passes no key: the key is looked up when a scope
  //   records the read or an observer hears the write.
  // - the static form, `_access(_:lazyKeyPath:)` and its siblings, for the `_PerceptionKeyPath`
  //   static that `@Perceptible` declares: it passes the key the static carries, so no path
  //   looks up a key it was handed.
  // The two stay apart because a key path literal needs a parameter typed `KeyPath` to infer
  // its root from: `\.name` fails with "cannot infer key path type from context" against a
  // parameter generic over a protocol that both forms conform to.
  //
  // The cores are transparent, so that the caller's autoclosures are inlined into them before
  // the optimizer runs, as they were into the entry points that were each operation's body:
  // inlined only by the optimizer (`@inline(__always)`), a core kept a retain and a release of
  // the static's key path around every call it hands it to, on the native engine a read 76 →
  // 124 instructions and a write 422 → 467, and on Perception's runtime the one-read cycle
  // 1,209 → 1,265. A key form carried in a value (a protocol both forms conform to, or a struct
  // both convert to) cost the same retain and release, so the cores take the two parts.
  //
  // Every entry point takes its key path as an autoclosure, so that on Perception's runtime a
  // read outside every tracking scope and checked context, and a write nobody observes, never
  // form it: forming `\.name` calls into the Swift runtime and retains and releases the key
  // path, which costs several times the runtime's own test. Everything here is inlined into the
  // caller, closure included, so no closure is made either. On the native engine,
  // `ObservationRegistrar` needs the key path on every call. The literal form (as hand-written
  // accessors and the Composable Architecture's `Store` call it) therefore costs what the
  // static form does, but for the key's lookup where a scope records the read or an observer
  // hears the write (Benchmarks/README.md's "The hand-written path").
  //
  // Every member is declared here, in the type's own body, and none in an extension: the type
  // is deprecated from iOS 26, and an extension of it, or a signature naming `Perceptible`
  // outside it, would warn in every build for that target. (An extension marked deprecated
  // would deprecate its members for their callers, and the accessors' callers are users' code.)

  // MARK: Perceptible subjects

  /// Registers access to a specific property for tracking: if a tracking scope is running on
  /// this thread, it will observe `keyPath` of `subject`.
  ///
  /// `keyPath` is evaluated only where it is needed: on Perception's runtime, when a tracking
  /// scope or a checked context is running on this thread; on the native engine, always.
  @inlinable @inline(__always) @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    perceptibleAccess(keyPath(), property: nil)
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
  /// `willSet` observers, on this thread, before the new value is stored. `keyPath` is
  /// evaluated as `access(_:keyPath:)` says, when somebody observes the event.
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
    try perceptibleWithMutation(keyPath(), property: nil, mutation)
  }

  /// `access(_:keyPath:)` for the static key path `@Perceptible` declares for a property, which
  /// hands over the property's key it carries, so that a recorded read skips looking it up.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    perceptibleAccess(keyPath().keyPath, property: keyPath().propertyKey)
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
    try perceptibleWithMutation(keyPath().keyPath, property: keyPath().propertyKey, mutation)
  }

  /// The read of a `Perceptible` subject's property, for every entry point: on the native
  /// engine, `ObservationRegistrar` records it (the subject passed as `ErasedObservable`, which
  /// its generic signature accepts), and Perception's side sees it (one thread-local load and a
  /// branch outside its scopes). `property` is the property's key where the caller has it.
  @usableFromInline @_transparent
  func perceptibleAccess<Root, Member>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // Formed once for both: the subjects here are hand-written ones, whose key path is a
        // literal (the macro's classes are `Observable` wherever this branch exists).
        let keyPath = keyPath()
        nativeRegistrar.access(ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        let slot = ThreadLocal.slot
        if _slowPath(slot != 0) {
          nativeStorage.recordAccess(
            slot: slot, keyPath: keyPath, property: property(), site: nil)
        }
        return
      }
    #endif
    perceptionAccess(perceptionStorage, keyPath(), property: property())
  }

  /// The willSet or didSet (`event`) of a `Perceptible` subject's property, for every entry
  /// point.
  @usableFromInline @_transparent
  func perceptibleAnnounce<Root, Member>(
    _ event: UInt32, _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let keyPath = ErasedObservable.erase(keyPath())
        if event == EventBits.willSet {
          nativeRegistrar.willSet(ErasedObservable(), keyPath: keyPath)
        } else {
          nativeRegistrar.didSet(ErasedObservable(), keyPath: keyPath)
        }
        return
      }
    #endif
    perceptionAnnounce(perceptionStorage, event, keyPath(), property: property())
  }

  /// A mutation of a `Perceptible` subject's property, for every entry point: the engine
  /// tested and the storage loaded once for both events.
  @usableFromInline @_transparent
  func perceptibleWithMutation<Root, Member, T>(
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?, _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        return try nativeWithMutation(
          of: ErasedObservable(), keyPath: ErasedObservable.erase(keyPath()),
          mutation)
      }
    #endif
    let storage = perceptionStorage
    perceptionAnnounce(storage, EventBits.willSet, keyPath(), property: property())
    defer { perceptionAnnounce(storage, EventBits.didSet, keyPath(), property: property()) }
    return try mutation()
  }

  /// A read on Perception's runtime, for every entry point: records it in this thread's
  /// innermost tracking scope, if there is one (or reports it, in a checked context), forming
  /// the key path only then. Outside every scope and checked context, one thread-local load and
  /// a branch. Where `property` is the property's key, the record skips looking it up; which of
  /// the two calls is known at compile time once the caller's key form is inlined (one call
  /// taking an optional key would test it on every recorded read).
  ///
  /// Here, not a method of `RegistrarStorage`, because a class's methods cannot be transparent
  /// (the comment above the cores says why they are).
  @usableFromInline @_transparent
  func perceptionAccess<Root, Member>(
    _ storage: RegistrarStorage, _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      if let property = property() {
        storage.recordAccess(slot: slot, keyPath: keyPath(), property: property)
      } else {
        storage.recordAccess(slot: slot, keyPath: keyPath())
      }
    }
  }

  /// The willSet or didSet (`event`, a `EventBits` bit) on Perception's runtime, for every
  /// entry point: calls the property's observers of `event`, forming the key path only when
  /// somebody observes it. When nobody does, one load and a branch.
  @usableFromInline @_transparent
  func perceptionAnnounce<Root, Member>(
    _ storage: RegistrarStorage, _ event: UInt32,
    _ keyPath: @autoclosure () -> KeyPath<Root, Member>,
    property: @autoclosure () -> UnsafeRawPointer?
  ) {
    let filter = storage.withUnsafeMutablePointerToElements { $0.filter(for: event) }
    if _slowPath(filter != 0) {
      if let property = property() {
        storage.notify(event, keyPath: keyPath(), property: property, filter: filter)
      } else {
        storage.notify(event, keyPath: keyPath(), filter: filter)
      }
    }
  }

  /// The storage on Perception's runtime.
  @inlinable
  var perceptionStorage: RegistrarStorage {
    unsafeDowncast(storage, to: RegistrarStorage.self)
  }

  #if canImport(Observation)
    // MARK: Observable subjects

    // The overloads for `Observable` subjects, which `@Perceptible` classes also are: on the
    // native engine they hand `subject` to the `ObservationRegistrar` as it is. A type that is
    // both gets these: the `Perceptible` ones are disfavored.

    /// Registers access to a specific property of an observable subject for tracking.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      observableAccess(subject, keyPath(), property: nil)
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
      try observableWithMutation(subject, keyPath(), property: nil, mutation)
    }

    /// `access(_:keyPath:)` of an observable `subject`, for a property's static key path: the
    /// property's key it carries is recorded.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      observableAccess(subject, keyPath().keyPath, property: keyPath().propertyKey)
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

    /// `withMutation(of:keyPath:_:)` of an observable `subject`, for a property's static key
    /// path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      try observableWithMutation(
        subject, keyPath().keyPath, property: keyPath().propertyKey, mutation)
    }

    /// The read of an observable subject's property, for every entry point.
    ///
    /// Both engines' scopes and checked contexts show in the thread's slot, so one test and one
    /// out-of-line call serve both: that keeps a generated getter small enough for the
    /// optimizer to inline it where it is read, as it inlines `@Observable`'s. A getter left out
    /// of line forms its key path from its own file's pattern, a different object from the one
    /// the setter inlined beside the caller forms, and Observation then compares the two key
    /// paths component by component on every write where identity would have answered (about
    /// 950 instructions of the willSet + didSet cycle's 21,557; see issue 21). On the native
    /// engine inside a scope, `keyPath` is therefore evaluated twice: a load of the macro's static,
    /// or a key path literal formed again.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableAccess<Subject: Observable, Member>(
      _ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?
    ) {
      if EngineWord.current.isNative {
        nativeRegistrar.access(subject, keyPath: keyPath())
      }
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        if let property = property() {
          recordAccess(slot: slot, keyPath: keyPath(), property: property)
        } else {
          recordAccess(slot: slot, keyPath: keyPath())
        }
      }
    }

    /// The willSet or didSet (`event`) of an observable subject's property, for every entry
    /// point.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableAnnounce<Subject: Observable, Member>(
      _ event: UInt32, _ subject: Subject,
      _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?
    ) {
      if EngineWord.current.isNative {
        if event == EventBits.willSet {
          nativeRegistrar.willSet(subject, keyPath: keyPath())
        } else {
          nativeRegistrar.didSet(subject, keyPath: keyPath())
        }
      } else {
        perceptionAnnounce(perceptionStorage, event, keyPath(), property: property())
      }
    }

    /// A mutation of an observable subject's property, for every entry point.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @_transparent
    func observableWithMutation<Subject: Observable, Member, T>(
      _ subject: Subject, _ keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      property: @autoclosure () -> UnsafeRawPointer?,
      _ mutation: () throws -> T
    ) rethrows -> T {
      if EngineWord.current.isNative {
        // One key path for both calls.
        return try nativeWithMutation(of: subject, keyPath: keyPath(), mutation)
      }
      let storage = perceptionStorage
      perceptionAnnounce(storage, EventBits.willSet, keyPath(), property: property())
      defer { perceptionAnnounce(storage, EventBits.didSet, keyPath(), property: property()) }
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

    /// A read of an observable subject that found the thread's slot non-zero, on either
    /// engine: recorded in the innermost Perception scope, or, in a checked context, perhaps
    /// reported. Apart from its twin below, which takes the property's key: one function
    /// taking an optional key would test it on every recorded read, where each of these two
    /// knows at compile time whether it has one.
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
