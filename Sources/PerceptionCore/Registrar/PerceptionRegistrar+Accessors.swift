import CPerceptionRuntime

#if canImport(Observation)
  import Observation
#endif

// The entry points of the accessors `@Perceptible` generates. They take the key path as an
// autoclosure, so that on Perception's runtime a read outside every tracking scope and checked
// context, and a write nobody observes, never form it: forming `\.name` calls into the runtime
// and retains and releases the key path, which costs several times the runtime's own test.
// Everything here is inlined into the accessor, closure included, so no closure is made either.
// On the native engine each forwards to its eager counterpart: `ObservationRegistrar` needs
// the key path on every call.
extension PerceptionRegistrar {
  /// `access(_:keyPath:)` for generated accessors: `keyPath` is only evaluated when a
  /// tracking scope or a checked context is running on this thread, or on the native engine.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _access<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
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
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        willSet(subject, keyPath: keyPath())
        return
      }
    #endif
    perceptionStorage.announce(UInt32(PERCEPTION_EVENT_WILL_SET)) { keyPath() }
  }

  /// `didSet(_:keyPath:)` for generated accessors: `keyPath` is only evaluated when somebody
  /// observes this registrar's didSet event, or on the native engine.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _didSet<Subject: Perceptible, Member>(
    _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
  ) {
    #if canImport(Observation)
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        didSet(subject, keyPath: keyPath())
        return
      }
    #endif
    perceptionStorage.announce(UInt32(PERCEPTION_EVENT_DID_SET)) { keyPath() }
  }

  /// `withMutation(of:keyPath:_:)` for generated accessors, with `keyPath` evaluated lazily.
  @inlinable @inline(__always) @_disfavoredOverload
  public func _withMutation<Subject: Perceptible, Member, T>(
    of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    #if canImport(Observation)
      if runsNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // One key path for both calls, as the eager path forms it.
        return try withMutation(of: subject, keyPath: keyPath(), mutation)
      }
    #endif
    let storage = perceptionStorage
    storage.announce(UInt32(PERCEPTION_EVENT_WILL_SET)) { keyPath() }
    defer { storage.announce(UInt32(PERCEPTION_EVENT_DID_SET)) { keyPath() } }
    return try mutation()
  }
}

#if canImport(Observation)
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension PerceptionRegistrar {
    /// `access(_:keyPath:)` of an observable `subject`, for generated accessors: `keyPath` is
    /// only evaluated when a tracking scope or a checked context needs it, or on the native
    /// engine.
    @inlinable @inline(__always)
    public func _access<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeRegistrar.access(subject, keyPath: keyPath())
      }
      // Both engines' scopes and checked contexts show in the slot: one test, one call.
      let slot = perception_slot_get()
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
    @usableFromInline @inline(never)
    func recordAccess(slot: UInt, keyPath: AnyKeyPath) {
      if runsNative {
        nativeStorage.recordAccess(slot: slot, keyPath: keyPath, site: nil)
      } else {
        perceptionStorage.recordAccessInline(slot: slot, keyPath: keyPath)
      }
    }

    /// `willSet(_:keyPath:)` of an observable `subject`, for generated accessors.
    @inlinable @inline(__always)
    public func _willSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeRegistrar.willSet(subject, keyPath: keyPath())
      } else {
        perceptionStorage.announce(UInt32(PERCEPTION_EVENT_WILL_SET)) { keyPath() }
      }
    }

    /// `didSet(_:keyPath:)` of an observable `subject`, for generated accessors.
    @inlinable @inline(__always)
    public func _didSet<Subject: Observable, Member>(
      _ subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>
    ) {
      if runsNative {
        nativeRegistrar.didSet(subject, keyPath: keyPath())
      } else {
        perceptionStorage.announce(UInt32(PERCEPTION_EVENT_DID_SET)) { keyPath() }
      }
    }

    /// `withMutation(of:keyPath:_:)` of an observable `subject`, for generated accessors.
    @inlinable @inline(__always)
    public func _withMutation<Subject: Observable, Member, T>(
      of subject: Subject, lazyKeyPath keyPath: @autoclosure () -> KeyPath<Subject, Member>,
      _ mutation: () throws -> T
    ) rethrows -> T {
      if runsNative {
        // One key path for both calls, as the eager path forms it.
        return try withMutation(of: subject, keyPath: keyPath(), mutation)
      }
      let storage = perceptionStorage
      storage.announce(UInt32(PERCEPTION_EVENT_WILL_SET)) { keyPath() }
      defer { storage.announce(UInt32(PERCEPTION_EVENT_DID_SET)) { keyPath() } }
      return try mutation()
    }
  }
#endif
