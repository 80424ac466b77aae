#if canImport(Observation)
  import Observation

  /// The heap object behind a ``PerceptionRegistrar`` on the native engine: an
  /// `ObservationRegistrar`, which does all the work.
  ///
  /// A box, because a registrar's one stored reference must be able to hold either engine's
  /// storage on systems where `ObservationRegistrar` does not exist.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  final class NativeRegistrarStorage: Sendable {
    @usableFromInline
    let registrar = ObservationRegistrar()

    /// False for a registrar made with `isPerceptionCheckingEnabled: false`.
    let isPerceptionCheckingEnabled: Bool

    @usableFromInline
    init(isPerceptionCheckingEnabled: Bool = true) {
      self.isPerceptionCheckingEnabled = isPerceptionCheckingEnabled
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
