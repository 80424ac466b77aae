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
      perceptionPrecondition(
        ErasedObservable.isSound,
        "Perception: this system's Observation does not file observations by key path alone, "
          + "which hand-written Perceptible types rely on in PerceptionRegistrar; please report "
          + "it, with the system's version.")
      return isPerceptionCheckingEnabled
        ? NativeRegistrarStorage() : UncheckedNativeRegistrarStorage()
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

  /// The box of a registrar whose reads perception checking never reports.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class UncheckedNativeRegistrarStorage: NativeRegistrarStorage, @unchecked Sendable {}

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeRegistrarStorage: CheckableStorage {
    @usableFromInline
    final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedNativeRegistrarStorage) }
  }

  /// The subject handed to `ObservationRegistrar` for a `Perceptible` type that is not
  /// `Observable`. The registrar files observations under the key path object alone and never
  /// looks at the subject, so a key path passed as `KeyPath<ErasedObservable, Member>` is
  /// tracked as the subject's own; `isSound` checks that once, before the first native registrar.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  struct ErasedObservable: Observable {
    @usableFromInline
    init() {}

    /// The same key path object, typed as rooted here.
    @inlinable
    static func erase<Root, Member>(
      _ keyPath: KeyPath<Root, Member>
    ) -> KeyPath<ErasedObservable, Member> {
      let object = Unmanaged.passUnretained(keyPath).toOpaque()
      return Unmanaged<KeyPath<ErasedObservable, Member>>.fromOpaque(object)
        .takeUnretainedValue()
    }

    /// Whether a change through an erased key path reaches a tracking that read it, and no other.
    static let isSound: Bool = {
      final class Probe: @unchecked Sendable {
        var first = 0
        var second = 0
      }
      final class Fired: @unchecked Sendable { var count = 0 }
      let registrar = ObservationRegistrar()
      let fired = Fired()
      withObservationTracking {
        registrar.access(ErasedObservable(), keyPath: erase(\Probe.first))
      } onChange: {
        fired.count += 1
      }
      registrar.willSet(ErasedObservable(), keyPath: erase(\Probe.second))
      let otherIgnored = fired.count == 0
      registrar.willSet(ErasedObservable(), keyPath: erase(\Probe.first))
      return otherIgnored && fired.count == 1
    }()
  }
#endif
