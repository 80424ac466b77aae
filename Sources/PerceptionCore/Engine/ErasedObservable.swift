#if canImport(Observation)
  import Observation

  /// The subject handed to `ObservationRegistrar` for a `Perceptible` type that is not
  /// `Observable`. The registrar files observations under the key path object alone and never
  /// looks at the subject, so a key path passed as `KeyPath<ErasedObservable, Member>` is
  /// tracked as the subject's own; `isSound` checks that once, as the native engine settles.
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
