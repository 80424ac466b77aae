#if canImport(Observation)
  import Observation

  /// The heap object behind a ``PerceptionRegistrar`` on the native engine: a box, so that a
  /// registrar's one stored reference can hold either engine's storage on systems where
  /// `ObservationRegistrar` does not exist.
  ///
  /// Its `ObservationRegistrar` does the observing. Beside it, made by the first read in a
  /// Perception scope that wants releases (an options tracking naming `.deinit`, below
  /// SE-0506), a Perception registrar that is never announced to: it records the object's reads
  /// in those scopes, and tells the observers registered there when the object goes away.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  class NativeRegistrarStorage: @unchecked Sendable {
    // Sendable: ObservationRegistrar is, and `lazyPerception` is guarded by `lazyLock`.
    @usableFromInline
    final let registrar = ObservationRegistrar()

    final var lazyPerception: RegistrarStorage?

    /// Taken only by reads inside the scopes that want releases (rare and short), so one lock
    /// for the process costs no word per object.
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
  }

  /// The box of a registrar whose reads perception checking never reports.
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
  /// from the object, not the static type it is passed as) and never looks at the subject, so
  /// a key path passed as `KeyPath<ErasedObservable, Member>` is tracked as the subject's own.
  /// `isSound` checks that, once per process, before the first native registrar exists.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  struct ErasedObservable: Observable {
    @usableFromInline
    init() {}

    /// `keyPath`, passed as a key path of this type: the same object, which only its static
    /// type says is rooted elsewhere.
    @inlinable
    static func erase<Root, Member>(
      _ keyPath: KeyPath<Root, Member>
    ) -> KeyPath<ErasedObservable, Member> {
      let object = Unmanaged.passUnretained(keyPath).toOpaque()
      return Unmanaged<KeyPath<ErasedObservable, Member>>.fromOpaque(object)
        .takeUnretainedValue()
    }

    /// Whether Observation tracks an erased key path as its own: a change announced through
    /// it reaches a tracking that read through it, and one of another property does not.
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
