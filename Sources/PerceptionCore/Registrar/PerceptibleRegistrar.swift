#if canImport(Observation)
  import Observation
#endif

/// The registrar `@Perceptible` declares in each class: a word inside the object, so that an
/// object nothing observes costs no allocation of its own on Perception's runtime.
///
/// Not for hand-written code, which keeps ``PerceptionRegistrar``: this one is noncopyable and
/// never loadable (see `addressAnchor`), and is only correct as the macro declares it, a `let`
/// of the class: every call below borrows it where it lives in the object and hands the word's
/// address to the C runtime's atomics. No `inout` access: one would cost a dynamic exclusivity
/// check, and the thread sanitizer reports two threads' `inout` accesses as a race.
///
/// The word: on Perception's runtime zero until the first tracked read or registration, then a
/// `RegistrarStorage` that the object owns (one reference), published with a compare-exchange;
/// on the native engine the object's `ObservationRegistrar` itself (its one reference; where
/// the engine word says `ObservationRegistrar` is not one word, `NativeRegistrarStorage`'s box
/// instead, as a hand-written `PerceptionRegistrar` keeps), made
/// with the object, with a release registrar, where a scope that wants releases reads the object
/// on a system whose Observation reports none, in a side table (`NativeReleaseRegistrars`). The
/// `deinit` runs when the object dies and gives that reference up, which is what
/// `RegistrarStorage.deinit` (releases, `.deinit` events) has always waited for.
@available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
@frozen
public struct _PerceptibleRegistrar: ~Copyable, @unchecked Sendable {
  /// The word, and the `deinit` that gives it up: first, so that its address is the
  /// registrar's. Loadable, unlike the registrar, so that its `deinit` reads the word where it
  /// is (a `deinit` of the registrar itself first moved the whole value, weak reference
  /// included, into a temporary: an outlined take and a weak take per object).
  @usableFromInline
  let core: PerceptibleRegistrarWord

  /// Never set. A weak reference is never loadable, so neither is a struct that holds one:
  /// this one is always passed by address, and a borrow of the `let` that `@Perceptible`
  /// declares is the object's own storage, never a copy in registers (which the word's
  /// atomics would then update in vain).
  @usableFromInline
  weak var addressAnchor: _PerceptibleRegistrarAnchor?

  /// Inlined into the class's initializer, so that the registrar is made where the object
  /// keeps it (made elsewhere and moved in, it costs an outlined take and a weak take).
  @inlinable
  public init() {
    core = PerceptibleRegistrarWord(word: AtomicPointerWord(Self.initialWord()))
  }

  /// Zero on Perception's runtime; on the native engine, the object's `ObservationRegistrar`,
  /// or, where it is not one word (`EngineWord.nativeBoxed`), a box that holds it.
  @usableFromInline
  static func initialWord() -> UnsafeMutableRawPointer? {
    #if DEBUG
      ViewBodyChecking.watchMainThreadIfNeeded()
    #endif
    #if canImport(Observation)
      var engine = EngineWord.current
      if _slowPath(!engine.isSettled) {
        _ = PerceptionEngine.settle()
        engine = EngineWord.current
      }
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        if _fastPath(engine.isNativeInline) {
          return makeObservationRegistrar()
        }
        return makeBox()
      }
    #endif
    return nil
  }

  /// Gives up the object's reference to its storage, of either engine.
  @usableFromInline
  static func release(_ value: UnsafeMutableRawPointer) {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        if _fastPath(engine.isNativeInline) {
          destroyObservationRegistrar(value)
        } else {
          destroyBox(value)
        }
        return
      }
    #endif
    Unmanaged<RegistrarStorage>.fromOpaque(value).release()
  }

  /// The word where the object keeps it: `self` is borrowed in place (see `addressAnchor`).
  /// Only valid while the object lives, which every caller's `self` argument ensures.
  @inlinable
  var wordAddress: UnsafeMutablePointer<AtomicPointerWord> {
    @inline(__always) get {
      withUnsafePointer(to: self) {
        UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: AtomicPointerWord.self)
      }
    }
  }

  @inlinable @inline(__always)
  func withWord<R>(_ body: (UnsafeMutablePointer<AtomicPointerWord>) throws -> R) rethrows -> R {
    try body(wordAddress)
  }

  // MARK: Entry points (the accessors', then the helpers' and `_modify`'s)

  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    withWord { Self.access($0, keyPath) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.willSet, keyPath) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.didSet, keyPath) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    let word = wordAddress
    return try Self.withMutation(word, keyPath, mutation)
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func access<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    withWord { Self.access($0, { keyPath }) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func willSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.willSet, { keyPath }) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func didSet<Subject: Perceptible, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.didSet, { keyPath }) }
  }

  @inlinable @inline(__always) @_disfavoredOverload
  public func withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    let word = wordAddress
    return try Self.withMutation(word, { keyPath }, mutation)
  }

  // The same entry points for a property whose class the macro gave a static key path
  // (`_PerceptionKeyPath`): on Perception's runtime they hand over the property's key it
  // carries, so that a recorded read and an observed write skip looking the key path up.

  /// `_access(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    withWord { Self.access($0, keyPath) }
  }

  /// `_willSet(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _willSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.willSet, keyPath) }
  }

  /// `_didSet(_:lazyKeyPath:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
  ) {
    withWord { Self.announce($0, EventBits.didSet, keyPath) }
  }

  /// `_withMutation(of:lazyKeyPath:_:)` for a property's static key path.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject,
    lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    let word = wordAddress
    return try Self.withMutation(word, keyPath, mutation)
  }

  // MARK: Perceptible subjects, both engines

  /// A read: on the native engine Observation records it (the subject erased, as
  /// `PerceptionRegistrar` does); on either engine a scope or checked context sees it.
  @inlinable @inline(__always)
  static func access<Subject: Perceptible, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ keyPath: () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let keyPath = keyPath()
        nativeAccess(
          word, engine,
          ErasedObservable(), keyPath: ErasedObservable.erase(keyPath))
        let slot = ThreadLocal.slot
        if _slowPath(slot != 0) {
          recordAccess(word, slot: slot, keyPath: keyPath)
        }
        return
      }
    #endif
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      recordAccess(word, slot: slot, keyPath: keyPath())
    }
  }

  /// willSet or didSet: on Perception's runtime, a load and a branch while nothing ever
  /// observed the object, and the storage's filter test after.
  @inlinable @inline(__always)
  static func announce<Subject: Perceptible, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32,
    _ keyPath: () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeAnnounce(
          word, engine, event, ErasedObservable(), keyPath: ErasedObservable.erase(keyPath()))
        return
      }
    #endif
    perceptionAnnounce(word, event, keyPath)
  }

  /// willSet or didSet on Perception's runtime, the engine already tested.
  @inlinable @inline(__always)
  static func perceptionAnnounce<Subject, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32,
    _ keyPath: () -> KeyPath<Subject, Member>
  ) {
    if let storage = word.loadAcquire() {
      Unmanaged<RegistrarStorage>.fromOpaque(storage)._withUnsafeGuaranteedRef {
        $0.announce(event) { keyPath() }
      }
    }
  }

  @inlinable @inline(__always)
  static func withMutation<Subject: Perceptible, Member, T>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ keyPath: () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // One key path for both calls, as the eager path forms it.
        let keyPath = ErasedObservable.erase(keyPath())
        nativeAnnounce(word, engine, EventBits.willSet, ErasedObservable(), keyPath: keyPath)
        defer {
          nativeAnnounce(word, engine, EventBits.didSet, ErasedObservable(), keyPath: keyPath)
        }
        return try mutation()
      }
    #endif
    perceptionAnnounce(word, EventBits.willSet, keyPath)
    defer { perceptionAnnounce(word, EventBits.didSet, keyPath) }
    return try mutation()
  }

  /// `access(_:_:)` for a property's static key path: the property's key goes with the read.
  @inlinable @inline(__always)
  static func access<Subject: Perceptible, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>,
    _ keyPath: () -> _PerceptionKeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        let canonical = keyPath()
        nativeAccess(
          word, engine,
          ErasedObservable(), keyPath: ErasedObservable.erase(canonical.keyPath))
        let slot = ThreadLocal.slot
        if _slowPath(slot != 0) {
          recordAccess(
            word, slot: slot, keyPath: canonical.keyPath, property: canonical.propertyKey)
        }
        return
      }
    #endif
    let slot = ThreadLocal.slot
    if _slowPath(slot != 0) {
      let canonical = keyPath()
      recordAccess(word, slot: slot, keyPath: canonical.keyPath, property: canonical.propertyKey)
    }
  }

  /// `announce(_:_:_:)` for a property's static key path.
  @inlinable @inline(__always)
  static func announce<Subject: Perceptible, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32,
    _ keyPath: () -> _PerceptionKeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        nativeAnnounce(
          word, engine, event,
          ErasedObservable(), keyPath: ErasedObservable.erase(keyPath().keyPath))
        return
      }
    #endif
    perceptionAnnounce(word, event, keyPath)
  }

  /// `perceptionAnnounce(_:_:_:)` for a property's static key path, whose property's key the
  /// storage's notification takes.
  @inlinable @inline(__always)
  static func perceptionAnnounce<Subject, Member>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32,
    _ keyPath: () -> _PerceptionKeyPath<Subject, Member>
  ) {
    if let storage = word.loadAcquire() {
      Unmanaged<RegistrarStorage>.fromOpaque(storage)._withUnsafeGuaranteedRef {
        $0.announce(event) { keyPath() }
      }
    }
  }

  /// `withMutation(_:_:_:)` for a property's static key path.
  @inlinable @inline(__always)
  static func withMutation<Subject: Perceptible, Member, T>(
    _ word: UnsafeMutablePointer<AtomicPointerWord>,
    _ keyPath: () -> _PerceptionKeyPath<Subject, Member>, _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      let engine = EngineWord.current
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // The static loaded for each call: a key path held across the mutation costs a retain
        // and a release.
        nativeAnnounce(
          word, engine, EventBits.willSet,
          ErasedObservable(), keyPath: ErasedObservable.erase(keyPath().keyPath))
        defer {
          nativeAnnounce(
            word, engine, EventBits.didSet,
            ErasedObservable(), keyPath: ErasedObservable.erase(keyPath().keyPath))
        }
        return try mutation()
      }
    #endif
    perceptionAnnounce(word, EventBits.willSet, keyPath)
    defer { perceptionAnnounce(word, EventBits.didSet, keyPath) }
    return try mutation()
  }

  // MARK: The storage behind the word

  /// Perception's runtime: the object's storage, made and published by the first caller; the
  /// word's value, which the object owns (the caller borrows it while the object lives).
  @inline(__always)
  static func storage(_ word: UnsafeMutablePointer<AtomicPointerWord>) -> UnsafeMutableRawPointer {
    if let existing = word.loadAcquire() { return existing }
    return makeStorage(word)
  }

  /// `storage(_:)` the first time: a new storage, published unless another thread's was first.
  @inline(never)
  static func makeStorage(
    _ word: UnsafeMutablePointer<AtomicPointerWord>
  ) -> UnsafeMutableRawPointer {
    let made = Unmanaged.passRetained(RegistrarStorage.make())
    if word.publish(made.toOpaque()) { return made.toOpaque() }
    // Another thread published first: its storage is the object's.
    made.release()
    return word.loadAcquire()!
  }

  /// A read that found the thread's slot non-zero, on either engine. Perception's runtime
  /// makes the storage only for a scope's list; a checked context's report needs none.
  /// `property` is the property's key where the caller has it (a static key path's), nil where
  /// it is looked up.
  @usableFromInline @inline(never)
  static func recordAccess(
    _ word: UnsafeMutablePointer<AtomicPointerWord>, slot: UInt, keyPath: AnyKeyPath,
    property: UnsafeRawPointer? = nil
  ) {
    guard let list = TrackingScope.accessList(inSlot: slot) else {
      #if DEBUG
        CheckingReporter.readOutsideTracking(
          slot: slot, keyPath: keyPath, storage: checkedStandIn, site: nil)
      #endif
      return
    }
    #if canImport(Observation)
      // The native engine's release registrar: made by the first read in a scope that wants
      // releases (only such scopes put a list in the slot on this engine).
      if EngineWord.current.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        NativeReleaseRegistrars.registrar(for: word.loadAcquire()!)
          .record(keyPath, property: property, in: list)
        return
      }
    #endif
    // Borrowed: the object owns the storage, and the list retains what it records.
    Unmanaged<RegistrarStorage>.fromOpaque(storage(word))._withUnsafeGuaranteedRef {
      $0.record(keyPath, property: property, in: list)
    }
  }

  /// What perception checking is handed for a registrar whose storage is not made yet: one
  /// made with checking enabled, as every `_PerceptibleRegistrar` is.
  nonisolated(unsafe) static let checkedStandIn: AnyObject = RegistrarStorage.make()
}

/// The type of `_PerceptibleRegistrar.addressAnchor`: a native class, so that the weak
/// reference is Swift's own on every platform (bitwise movable), never Objective-C's.
public final class _PerceptibleRegistrarAnchor {}

/// `_PerceptibleRegistrar`'s word, with the `deinit` that runs when the object dies.
@available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
@available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
@frozen @usableFromInline
struct PerceptibleRegistrarWord: ~Copyable, @unchecked Sendable {
  @usableFromInline
  let word: AtomicPointerWord

  @inlinable
  init(word: AtomicPointerWord) {
    self.word = word
  }

  deinit {
    guard let value = word.unsharedValue else { return }
    _PerceptibleRegistrar.release(value)
  }
}
