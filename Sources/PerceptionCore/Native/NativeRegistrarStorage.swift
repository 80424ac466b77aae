#if canImport(Observation)
  import Observation

  /// The heap object behind a ``PerceptionRegistrar`` on the native engine.
  ///
  /// Its `ObservationRegistrar` does the observing: every read and write goes to it, so
  /// `withObservationTracking`, `Observations` and SwiftUI see the object. Beside it, a
  /// Perception registrar that is never announced to records the object's reads in
  /// Perception's tracking scopes (which run on this engine too, around Observation's) and
  /// tells the observers registered there when the object is released: what Observation 6.3.1
  /// does not, and what `.deinit` events and release notifications need.
  ///
  /// A box, because a registrar's one stored reference must be able to hold either engine's
  /// storage on systems where `ObservationRegistrar` does not exist.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  final class NativeRegistrarStorage: @unchecked Sendable {
    // Sendable because both registrars are thread-safe (ObservationRegistrar is Sendable;
    // RegistrarStorage, a ManagedBuffer and so not Sendable by declaration, is changed only
    // with atomics and under its table's lock), and neither reference changes.
    @usableFromInline
    let registrar = ObservationRegistrar()

    /// Releases and reads in Perception's scopes; its class carries the checking switch.
    @usableFromInline
    let perception: RegistrarStorage

    @usableFromInline
    init(isPerceptionCheckingEnabled: Bool = true) {
      perception = .make(isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
    }
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
