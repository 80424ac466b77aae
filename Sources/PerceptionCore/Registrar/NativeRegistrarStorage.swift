#if canImport(Observation)
  import Observation

  /// The heap object behind a ``PerceptionRegistrar`` on the native engine.
  ///
  /// Its `ObservationRegistrar` does the observing: every read and write goes to it, so
  /// `withObservationTracking`, `Observations` and SwiftUI see the object, and so do
  /// Perception's own tracking calls, which run on Observation's tracking on this engine (see
  /// `NativeTracking`).
  ///
  /// Beside it, once something needs it, a Perception registrar that is never announced to: it
  /// records the object's reads in the Perception scopes that want to hear of releases (an
  /// options tracking naming `.deinit`, below the systems whose Observation reports them
  /// itself), and tells the observers registered there when the object is released. It is made
  /// by the first such read, not with the object: an object nothing observes that way costs
  /// `@Observable`'s allocations and this box, one more.
  ///
  /// A box, because a registrar's one stored reference must be able to hold either engine's
  /// storage on systems where `ObservationRegistrar` does not exist.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  class NativeRegistrarStorage: @unchecked Sendable {
    // Sendable because ObservationRegistrar is, and `lazyPerception` is read and written only
    // under `lazyLock` (or in deinit, when nothing else can reach the box).
    @usableFromInline
    final let registrar = ObservationRegistrar()

    /// The Perception registrar, nil until a read in a scope that wants releases makes it.
    private final var lazyPerception: RegistrarStorage?

    /// Guards every box's `lazyPerception`: it is taken only by reads inside the scopes that
    /// want releases (rare, and short), so one lock for the process costs no word per object.
    private static let lazyLock = Lock()

    @usableFromInline
    static func make(isPerceptionCheckingEnabled: Bool) -> NativeRegistrarStorage {
      isPerceptionCheckingEnabled ? NativeRegistrarStorage() : UncheckedNativeRegistrarStorage()
    }

    @usableFromInline
    init() {}

    /// The Perception registrar, made on first use.
    final var perception: RegistrarStorage {
      Self.lazyLock.withLock {
        if let lazyPerception { return lazyPerception }
        let made = RegistrarStorage.make(
          isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
        lazyPerception = made
        return made
      }
    }

    /// Whether the Perception registrar has been made, for tests.
    final var hasPerceptionRegistrar: Bool {
      Self.lazyLock.withLock { lazyPerception != nil }
    }

    /// Hands a read to Perception's side: inlined into the accessors, where it is one
    /// thread-local load and a branch outside every Perception scope and checked context.
    @inlinable @inline(__always)
    final func perceptionAccess(_ keyPath: AnyKeyPath, site: CallSite? = nil) {
      let slot = ThreadLocal.slot
      if _slowPath(slot != 0) {
        recordAccess(slot: slot, keyPath: keyPath, property: nil, site: site)
      }
    }

    /// A read that found the slot non-zero: recorded in the innermost Perception scope (which
    /// makes the Perception registrar), or, in a checked context, perhaps reported. `property`
    /// is the property's key where the caller has it, nil where it is looked up.
    @usableFromInline @inline(never)
    final func recordAccess(
      slot: UInt, keyPath: AnyKeyPath, property: UnsafeRawPointer?, site: CallSite?
    ) {
      guard
        let list = TrackingScope.accessList(
          forReadOf: keyPath, inSlot: slot, storage: self, site: site)
      else { return }
      perception.record(keyPath, property: property, in: list)
    }
  }

  /// The box of a registrar made with `isPerceptionCheckingEnabled: false`: its reads are
  /// never reported.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class UncheckedNativeRegistrarStorage: NativeRegistrarStorage, @unchecked Sendable {}

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeRegistrarStorage: CheckableStorage {
    @usableFromInline
    final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedNativeRegistrarStorage) }
  }

  /// The subject handed to `ObservationRegistrar` for a type that is `Perceptible` but not
  /// `Observable`, which its generic signature would not accept.
  ///
  /// The registrar files observations under the key path object alone (its root type comes
  /// from the object, not from the static type it is passed as), and never looks at the
  /// subject, so a key path passed as `KeyPath<ErasedObservable, Member>` is tracked exactly
  /// as the subject's own. The tests for hand-written `Perceptible` types check it on the
  /// native engine.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  struct ErasedObservable: Observable {
    @usableFromInline
    init() {}

    /// `keyPath`, passed as a key path of this type. A key path is a class instance whose
    /// generic parameters only the static type states, so the object is unchanged.
    @inlinable
    static func erase<Root, Member>(
      _ keyPath: KeyPath<Root, Member>
    ) -> KeyPath<ErasedObservable, Member> {
      let object = Unmanaged.passUnretained(keyPath).toOpaque()
      return Unmanaged<KeyPath<ErasedObservable, Member>>.fromOpaque(object)
        .takeUnretainedValue()
    }
  }
#endif
