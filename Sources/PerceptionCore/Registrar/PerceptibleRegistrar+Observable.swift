#if canImport(Observation)
  import Observation

  // The entry points for a `@Perceptible` class that is also `Observable` (the macro adds the
  // conformance where Observation exists): Observation is handed the subject itself.
  @available(iOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(macOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(tvOS, deprecated: 26, renamed: "ObservationRegistrar")
  @available(watchOS, deprecated: 26, renamed: "ObservationRegistrar")
  extension _PerceptibleRegistrar {

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      withWord { Self.observableAccess($0, subject, keyPath) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.willSet, subject, keyPath)
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.didSet, subject, keyPath)
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      let word = wordAddress
      return try Self.observableWithMutation(word, subject, keyPath, mutation)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func access<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      withWord { Self.observableAccess($0, subject, { keyPath }) }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func willSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.willSet, subject, { keyPath })
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func didSet<Subject: Observable, Member>(
      _ subject: Subject, keyPath: KeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.didSet, subject, { keyPath })
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func withMutation<Subject: Observable, Member, T>(
      of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      let word = wordAddress
      return try Self.observableWithMutation(word, subject, { keyPath }, mutation)
    }

    /// `PerceptionRegistrar._access` for an observable subject: one slot test and one call for
    /// both engines, which keeps the getter small enough to be inlined where it is read.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableAccess<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ subject: Subject,
      _ keyPath: () -> KeyPath<Subject, Member>
    ) {
      let engine = EngineWord.current
      if engine.isNative {
        nativeAccess(word, engine, subject, keyPath: keyPath())
      }
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        recordAccess(word, slot: slot, keyPath: keyPath())
      }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableAnnounce<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32, _ subject: Subject,
      _ keyPath: () -> KeyPath<Subject, Member>
    ) {
      let engine = EngineWord.current
      if engine.isNative {
        nativeAnnounce(word, engine, event, subject, keyPath: keyPath())
        return
      }
      perceptionAnnounce(word, event, keyPath)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableWithMutation<Subject: Observable, Member, T>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ subject: Subject,
      _ keyPath: () -> KeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      let engine = EngineWord.current
      if engine.isNative {
        // One key path for both calls, as the eager path forms it.
        let keyPath = keyPath()
        nativeAnnounce(word, engine, EventBits.willSet, subject, keyPath: keyPath)
        defer { nativeAnnounce(word, engine, EventBits.didSet, subject, keyPath: keyPath) }
        return try mutation()
      }
      perceptionAnnounce(word, EventBits.willSet, keyPath)
      defer { perceptionAnnounce(word, EventBits.didSet, keyPath) }
      return try mutation()
    }

    // The Observable entry points for a property's static key path (`_PerceptionKeyPath`).

    /// `_access(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path:
    /// on Perception's runtime, the property's key it carries is recorded.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      withWord { Self.observableAccess($0, subject, keyPath) }
    }

    /// `_willSet(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.willSet, subject, keyPath)
      }
    }

    /// `_didSet(_:lazyKeyPath:)` of an observable `subject`, for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject,
      lazyKeyPath keyPath: @autoclosure () -> _PerceptionKeyPath<Subject, Member>
    ) {
      withWord {
        Self.observableAnnounce($0, EventBits.didSet, subject, keyPath)
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
      let word = wordAddress
      return try Self.observableWithMutation(word, subject, keyPath, mutation)
    }

    /// `observableAccess(_:_:_:)` for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableAccess<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ subject: Subject,
      _ keyPath: () -> _PerceptionKeyPath<Subject, Member>
    ) {
      let engine = EngineWord.current
      if engine.isNative {
        nativeAccess(word, engine, subject, keyPath: keyPath().keyPath)
      }
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        let canonical = keyPath()
        recordAccess(word, slot: slot, keyPath: canonical.keyPath, property: canonical.propertyKey)
      }
    }

    /// `observableAnnounce(_:_:_:_:)` for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableAnnounce<Subject: Observable, Member>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ event: UInt32, _ subject: Subject,
      _ keyPath: () -> _PerceptionKeyPath<Subject, Member>
    ) {
      let engine = EngineWord.current
      if engine.isNative {
        nativeAnnounce(word, engine, event, subject, keyPath: keyPath().keyPath)
        return
      }
      perceptionAnnounce(word, event, keyPath)
    }

    /// `observableWithMutation(_:_:_:_:)` for a property's static key path.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @inlinable @inline(__always)
    static func observableWithMutation<Subject: Observable, Member, T>(
      _ word: UnsafeMutablePointer<AtomicPointerWord>, _ subject: Subject,
      _ keyPath: () -> _PerceptionKeyPath<Subject, Member>, _ mutation: () throws -> T
    ) rethrows -> T {
      let engine = EngineWord.current
      if engine.isNative {
        // The static loaded for each call: a key path held across the mutation costs a retain
        // and a release.
        nativeAnnounce(word, engine, EventBits.willSet, subject, keyPath: keyPath().keyPath)
        defer {
          nativeAnnounce(word, engine, EventBits.didSet, subject, keyPath: keyPath().keyPath)
        }
        return try mutation()
      }
      perceptionAnnounce(word, EventBits.willSet, keyPath)
      defer { perceptionAnnounce(word, EventBits.didSet, keyPath) }
      return try mutation()
    }
  }
#endif
