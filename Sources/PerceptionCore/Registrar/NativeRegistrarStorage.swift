#if canImport(Observation)
  import Observation

  /// A registrar's storage on the native engine: a box, so that one reference can hold either
  /// engine's storage where `ObservationRegistrar` does not exist. An access list beside an
  /// Observation tracking records the box itself (`record`), for `NativeSetupWindow`.
  /// `perception`, made when a tracking that wants releases (`.deinit` below SE-0506) ends its
  /// setup, is never announced to: it tells that tracking's observer when the object goes away.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  class NativeRegistrarStorage: @unchecked Sendable {
    // Sendable: ObservationRegistrar is, and `lazyPerception` is guarded by `lazyLock`.
    @usableFromInline
    final let registrar = ObservationRegistrar()

    final var lazyPerception: RegistrarStorage?

    /// Taken only where a tracking that wants releases ends its setup (rare), so it costs no
    /// word per object.
    static let lazyLock = Lock()

    @usableFromInline
    static func make(isPerceptionCheckingEnabled: Bool) -> NativeRegistrarStorage {
      isPerceptionCheckingEnabled ? NativeRegistrarStorage() : UncheckedNativeRegistrarStorage()
    }

    @usableFromInline
    init() {}

    /// Records a read in a scope beside an Observation tracking; the first of the box there
    /// opens a setup (`NativeSetupWindow`) before the value is read, and keeps the box alive.
    final func record(
      _ keyPath: AnyKeyPath, property: UnsafeRawPointer?, in list: UnsafeMutablePointer<AccessList>
    ) {
      let box = Unmanaged.passUnretained(self)
      if list.record(registrar: box.toOpaque(), property: property ?? PropertyKey.of(keyPath)) {
        _ = box.retain()
        let mark = NativeSetupWindow.beginSetup(self)
        if list.setupMark == 0 { list.setupMark = mark }
      }
    }

    /// Gives up the reference an access list held, and closes the setup `record` opened.
    static func releaseFromList(_ box: Unmanaged<NativeRegistrarStorage>) {
      box._withUnsafeGuaranteedRef { NativeSetupWindow.endSetup($0) }
      box.release()
    }

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

    /// Observation's `willSet` or `didSet` (`event`, an `EventBits` bit) in `storage`; a didSet
    /// is first logged for the native setups open (`NativeSetupWindow`).
    @inlinable @inline(__always)
    static func announce<Subject: Observable, Member>(
      _ storage: AnyObject, _ event: UInt32, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
    ) {
      if event == EventBits.willSet {
        registrar(storage).willSet(subject, keyPath: keyPath)
      } else {
        // Before Observation's didSet (`NativeSetupWindow`).
        NativeSetupWindow.writeStored(of: storage, keyPath)
        registrar(storage).didSet(subject, keyPath: keyPath)
      }
    }
  }

  /// The box of a registrar whose reads perception checking never reports.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class UncheckedNativeRegistrarStorage: NativeRegistrarStorage, @unchecked Sendable {}

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeRegistrarStorage {
    /// False for a registrar made with `isPerceptionCheckingEnabled: false`.
    final var isPerceptionCheckingEnabled: Bool { !(self is UncheckedNativeRegistrarStorage) }
  }
#endif
