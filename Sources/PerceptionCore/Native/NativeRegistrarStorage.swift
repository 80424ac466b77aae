#if canImport(Observation)
  import CPerceptionRuntime
  import Observation

  /// The heap object behind a ``PerceptionRegistrar`` on the native engine: a
  /// `RegistrarStorage` whose tail also holds an `ObservationRegistrar`, in one allocation.
  ///
  /// The `ObservationRegistrar` does the observing: every read and write goes to it, so
  /// `withObservationTracking`, `Observations` and SwiftUI see the object. The Perception
  /// registrar in front of it is never announced to: it records the object's reads in
  /// Perception's tracking scopes (which run on this engine too, around Observation's) and
  /// tells the observers registered there when the object is released: what Observation 6.3.1
  /// does not, and what `.deinit` events and release notifications need.
  ///
  /// Two classes, because the checking switch is the storage's class (see `RegistrarStorage`):
  /// this one, and `UncheckedNativeRegistrarStorage`, which is an `UncheckedRegistrarStorage`.
  /// Both are made by `makeForNativeEngine(isPerceptionCheckingEnabled:)`, and both release the
  /// `ObservationRegistrar` in their `deinit`, before `RegistrarStorage`'s runs.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class NativeRegistrarStorage: RegistrarStorage {
    /// Storage for a registrar on the native engine.
    static func makeForNativeEngine(isPerceptionCheckingEnabled: Bool) -> RegistrarStorage {
      let kind: RegistrarStorage.Type =
        isPerceptionCheckingEnabled
        ? NativeRegistrarStorage.self : UncheckedNativeRegistrarStorage.self
      let buffer = kind.create(minimumCapacity: tailCapacity) { buffer in
        buffer.withUnsafeMutablePointerToElements { perception_registrar_init($0) }
      }
      let storage = unsafeDowncast(buffer, to: RegistrarStorage.self)
      storage.observationRegistrarPointer.initialize(to: ObservationRegistrar())
      return storage
    }

    /// Elements of the tail: the Perception registrar, and room after it for the
    /// `ObservationRegistrar` (one reference in 6.3.1).
    private static var tailCapacity: Int {
      let element = MemoryLayout<perception_registrar>.stride
      let registrar = MemoryLayout<ObservationRegistrar>.stride
      precondition(
        MemoryLayout<ObservationRegistrar>.alignment
          <= MemoryLayout<perception_registrar>.alignment,
        "Perception: ObservationRegistrar needs a stricter alignment than the registrar's tail")
      return 1 + (registrar + element - 1) / element
    }

    deinit {
      observationRegistrarPointer.deinitialize(count: 1)
    }
  }

  /// `NativeRegistrarStorage` for a registrar made with `isPerceptionCheckingEnabled: false`.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class UncheckedNativeRegistrarStorage: UncheckedRegistrarStorage {
    deinit {
      observationRegistrarPointer.deinitialize(count: 1)
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension RegistrarStorage {
    /// The `ObservationRegistrar` in the tail of a native engine's storage, right after the
    /// Perception registrar. Only `NativeRegistrarStorage.makeForNativeEngine` makes storage that has one.
    @inlinable
    final var observationRegistrarPointer: UnsafeMutablePointer<ObservationRegistrar> {
      withUnsafeMutablePointerToElements { registrar in
        UnsafeMutableRawPointer(registrar + 1).assumingMemoryBound(to: ObservationRegistrar.self)
      }
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
