#if canImport(Observation)
  import CPerceptionRuntime
  @_spi(SwiftUI) import Observation

  /// The tracking calls on the native engine: `withObservationTracking` and its willSet/didSet
  /// variants (SPI in Observation), with Perception's guarantees added where a wrapper gives
  /// them cheaply.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  enum NativeTracking {
    /// `withObservationTracking(_:onChange:)`, with an `onChange` that runs at most once.
    ///
    /// Native calls a one-shot `onChange` from every thread whose willSet arrives before it
    /// cancels, and again for a mutation made inside `onChange`, which recurses without end. A
    /// flag claimed by compare-exchange lets exactly one call through. The flag and the
    /// wrapper are made only if `apply` read something, as native makes `onChange` only then.
    @usableFromInline
    static func run<T>(_ apply: () -> T, onChange makeOnChange: () -> @Sendable () -> Void) -> T {
      withObservationTracking({ mark(apply) }, onChange: once(makeOnChange()))
    }

    /// `withObservationTracking(_:willSet:didSet:)` and its one-callback variants.
    @usableFromInline
    static func run<T>(
      _ apply: () -> T,
      willSet: (@Sendable (PerceptionTracking) -> Void)?,
      didSet: (@Sendable (PerceptionTracking) -> Void)?
    ) -> T {
      switch (willSet, didSet) {
      case (let willSet?, let didSet?):
        return withObservationTracking(
          { mark(apply) }, willSet: forward(willSet), didSet: forward(didSet))
      case (let willSet?, nil):
        return withObservationTracking({ mark(apply) }, willSet: forward(willSet))
      case (nil, let didSet?):
        return withObservationTracking({ mark(apply) }, didSet: forward(didSet))
      case (nil, nil):
        return mark(apply)
      }
    }

    /// Runs `apply` with the thread's slot marked as tracking: Observation records the reads,
    /// so the slot holds no access list, and the flag is how perception checking (and
    /// `_PerceptionLocals.isInPerceptionTracking`) knows that they are tracked.
    private static func mark<T>(_ apply: () -> T) -> T {
      CheckingSlot.with(CheckingSlot.tracked) { TrackingLocals.markingTracking(apply) }
    }

    private static func once(_ onChange: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
      // ManagedBuffer opts out of Sendable; the flag's only state is its atomic word.
      nonisolated(unsafe) let flag = OnceFlag.make()
      return { if flag.claim() { onChange() } }
    }

    private static func forward(
      _ callback: @escaping @Sendable (PerceptionTracking) -> Void
    ) -> @Sendable (ObservationTracking) -> Void {
      { tracking in callback(PerceptionTracking(native: tracking)) }
    }
  }

  /// A flag that exactly one caller claims, for a one-shot callback that several threads may
  /// reach at once.
  final class OnceFlag: ManagedBuffer<perception_atomic_u32, Void> {
    static func make() -> OnceFlag {
      let buffer = create(minimumCapacity: 0) { _ in perception_atomic_u32() }
      let flag = unsafeDowncast(buffer, to: OnceFlag.self)
      flag.withUnsafeMutablePointerToHeader { perception_atomic_u32_init($0, 0) }
      return flag
    }

    /// True for the first caller only.
    func claim() -> Bool {
      withUnsafeMutablePointerToHeader { perception_atomic_u32_compare_exchange($0, 0, 1) }
    }
  }
#endif
