#if canImport(Observation)
  import Observation

  // The native engine inside `@Perceptible`'s registrar: the `ObservationRegistrar` its word
  // holds, made, called and destroyed in place, or the box that stands in for it where the
  // engine word says `ObservationRegistrar` is not one word.
  @available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
  extension _PerceptibleRegistrar {
    /// The native engine's `ObservationRegistrar`, which is the word: its one reference, where
    /// the object keeps it. Borrowed through a noncopyable view, so that each call hands
    /// Observation this address as it is (through `UnsafePointer<ObservationRegistrar>` the
    /// compiler copies the resilient value first: a retain, a release and two witness calls).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observation(
      _ word: UnsafeMutablePointer<AtomicPointerWord>
    ) -> UnsafePointer<InlineObservationRegistrar> {
      UnsafePointer(
        UnsafeMutableRawPointer(word).assumingMemoryBound(to: InlineObservationRegistrar.self))
    }

    /// A new `ObservationRegistrar`'s one reference, which the word then owns.
    /// Out of line: Observation's metadata and the checks below stay off Perception's runtime.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(never)
    static func makeObservationRegistrar() -> UnsafeMutableRawPointer {
      // Called only where the engine word says the registrar fits the word
      // (`NativeRegistrarStorage.observationRegistrarFitsWord`). The value is moved out of a
      // fixed-size temporary, since a temporary of ObservationRegistrar's type is sized at run
      // time; `unsafeBitCast` would borrow it, destroy it after, and leave the word dangling.
      return _withUnprotectedUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<UnsafeMutableRawPointer>.size,
        alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment
      ) { buffer in
        let raw = buffer.baseAddress!
        raw.bindMemory(to: ObservationRegistrar.self, capacity: 1)
          .initialize(to: ObservationRegistrar())
        // Moved out, never deinitialized here: the word owns the value from here on.
        return raw.load(as: UnsafeMutableRawPointer.self)
      }
    }

    /// The object died: its release registrar, if a scope that wanted releases read it, leaves
    /// the side table; the `ObservationRegistrar` goes (Observation cancels its observers), and
    /// then the release registrar, whose `deinit` tells its observers.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(never)
    static func destroyObservationRegistrar(_ value: UnsafeMutableRawPointer) {
      if _slowPath(NativeReleaseCount.load() != 0) {
        destroyWithReleases(value)
        return
      }
      deinitializeObservationRegistrar(value)
    }

    /// `destroyObservationRegistrar` when some object has a release registrar.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(never)
    static func destroyWithReleases(_ value: UnsafeMutableRawPointer) {
      let releases = NativeReleaseRegistrars.remove(value)
      deinitializeObservationRegistrar(value)
      withExtendedLifetime(releases) {}
    }

    /// `destroyObservationRegistrar` where the word holds a box (`EngineWord.nativeBoxed`):
    /// the release registrar out of the side table, then the box released.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(never)
    static func destroyBox(_ value: UnsafeMutableRawPointer) {
      let releases =
        NativeReleaseCount.load() != 0 ? NativeReleaseRegistrars.remove(value) : nil
      Unmanaged<NativeRegistrarStorage>.fromOpaque(value).release()
      withExtendedLifetime(releases) {}
    }

    /// The word's value on the native engine where `ObservationRegistrar` is not one word: a
    /// box that holds it (one reference, the object's).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(never)
    static func makeBox() -> UnsafeMutableRawPointer {
      Unmanaged.passRetained(NativeRegistrarStorage.make(isPerceptionCheckingEnabled: true))
        .toOpaque()
    }

    // The native engine's calls, a read and an announced event: on the registrar in the word,
    // or, where the engine word says the word holds a box (`EngineWord.nativeBoxed`), on the
    // box's, out of line. `engine` is the caller's load of the engine word, already found
    // native: one more branch on it.

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func nativeAccess<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ engine: EngineWord, _ subject: Subject,
      keyPath: KeyPath<Subject, Member>
    ) {
      if _fastPath(engine.isNativeInline) {
        observation(word).pointee.access(subject, keyPath: keyPath)
      } else {
        boxedAccess(word, subject, keyPath)
      }
    }

    /// willSet or didSet, `event` (a constant where it is inlined, so one call remains).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func nativeAnnounce<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ engine: EngineWord, _ event: UInt32,
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      if _fastPath(engine.isNativeInline) {
        if event == EventBits.willSet {
          observation(word).pointee.willSet(subject, keyPath: keyPath)
        } else {
          observation(word).pointee.didSet(subject, keyPath: keyPath)
        }
      } else {
        boxedAnnounce(word, event, subject, keyPath)
      }
    }

    /// The box's registrar, borrowed: the object owns the box while the caller's `self` lives.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @inline(never)
    static func boxedAccess<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ subject: Subject,
      _ keyPath: KeyPath<Subject, Member>
    ) {
      Unmanaged<NativeRegistrarStorage>.fromOpaque(word.loadAcquire()!)
        ._withUnsafeGuaranteedRef { $0.registrar.access(subject, keyPath: keyPath) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @usableFromInline @inline(never)
    static func boxedAnnounce<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32, _ subject: Subject,
      _ keyPath: KeyPath<Subject, Member>
    ) {
      Unmanaged<NativeRegistrarStorage>.fromOpaque(word.loadAcquire()!)
        ._withUnsafeGuaranteedRef {
          if event == EventBits.willSet {
            $0.registrar.willSet(subject, keyPath: keyPath)
          } else {
            $0.registrar.didSet(subject, keyPath: keyPath)
          }
        }
    }

    /// The word's value back in memory as the registrar it owns, deinitialized there.
    /// (`_ = unsafeBitCast(value, to: ObservationRegistrar.self)` leaked a block per object.)
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inline(__always)
    static func deinitializeObservationRegistrar(_ value: UnsafeMutableRawPointer) {
      _withUnprotectedUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<UnsafeMutableRawPointer>.size,
        alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment
      ) { buffer in
        let raw = buffer.baseAddress!
        raw.storeBytes(of: value, as: UnsafeMutableRawPointer.self)
        raw.bindMemory(to: ObservationRegistrar.self, capacity: 1).deinitialize(count: 1)
      }
    }
  }

  /// An `ObservationRegistrar` where `_PerceptibleRegistrar`'s word is, seen in place: never
  /// made, only pointed to. Noncopyable, and read through borrowing methods, so that its
  /// registrar is borrowed where it lives.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  struct InlineObservationRegistrar: ~Copyable {
    @usableFromInline
    let registrar: ObservationRegistrar

    @inlinable @inline(__always)
    borrowing func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      registrar.access(subject, keyPath: keyPath)
    }

    @inlinable @inline(__always)
    borrowing func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      registrar.willSet(subject, keyPath: keyPath)
    }

    @inlinable @inline(__always)
    borrowing func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      registrar.didSet(subject, keyPath: keyPath)
    }
  }
#endif
