#if canImport(Observation)
  import Observation

  /// A registrar's storage on the native engine: a box, so that one reference can hold either
  /// engine's storage where `ObservationRegistrar` does not exist. `perception`, made by the
  /// first read in a scope that wants releases (`.deinit` below SE-0506), is never announced
  /// to: it records the reads there and tells their observers when the object goes away.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  class NativeRegistrarStorage: @unchecked Sendable {
    // Sendable: ObservationRegistrar is, and `lazyPerception` is guarded by `lazyLock`.
    @usableFromInline
    final let registrar = ObservationRegistrar()

    final var lazyPerception: RegistrarStorage?

    /// Taken only by reads in scopes that want releases (rare), so it costs no word per object.
    static let lazyLock = Lock()

    @usableFromInline
    static func make(isPerceptionCheckingEnabled: Bool) -> NativeRegistrarStorage {
      isPerceptionCheckingEnabled ? NativeRegistrarStorage() : UncheckedNativeRegistrarStorage()
    }

    @usableFromInline
    init() {}

    final var perception: RegistrarStorage {
      Self.lazyLock.withLock {
        if let lazyPerception { return lazyPerception }
        let made = RegistrarStorage.make(
          isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
        lazyPerception = made
        return made
      }
    }
  }

  // The registrar's native calls, here rather than in `PerceptionRegistrar`: a type deprecated
  // from the 26 releases would warn wherever another type named it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeRegistrarStorage {
    /// `storage`, a native engine's registrar storage, as its type. Unchecked, as
    /// `PerceptionRegistrar.runtimeStorage` is for the other engine, and kept for the same rows.
    @inlinable @inline(__always)
    static func box(_ storage: AnyObject) -> NativeRegistrarStorage {
      unsafeDowncast(storage, to: NativeRegistrarStorage.self)
    }

    /// The Observation registrar in `storage`, a native engine's registrar storage.
    @inlinable @inline(__always)
    static func registrar(_ storage: AnyObject) -> ObservationRegistrar {
      box(storage).registrar
    }

    /// Observation's `willSet` or `didSet` (`event`, an `EventBits` bit) in `storage`.
    @inlinable @inline(__always)
    static func announce<Subject: Observable, Member>(
      _ storage: AnyObject, _ event: UInt32, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      if event == EventBits.willSet {
        registrar(storage).willSet(subject, keyPath: keyPath)
      } else {
        registrar(storage).didSet(subject, keyPath: keyPath)
      }
    }
  }

  /// The box of a registrar whose reads perception checking never reports.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class UncheckedNativeRegistrarStorage: NativeRegistrarStorage, @unchecked Sendable {}

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeRegistrarStorage: CheckableStorage {
    @usableFromInline
    final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedNativeRegistrarStorage) }
  }
#endif
