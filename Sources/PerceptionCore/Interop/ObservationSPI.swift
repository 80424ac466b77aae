#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  // Interop entry: Observation's SPI for SwiftUI, on which the native engine's willSet and
  // didSet trackings are built.
  // - Depends on: `ObservationTracking`, `withObservationTracking(_:willSet:didSet:)` and its
  //   one-sided forms, `ObservationTracking.cancel()` and, from the 18 releases,
  //   `ObservationTracking.changed`, all `@_spi(SwiftUI)` in Observation (swiftlang/swift's
  //   `stdlib/public/Observation/Sources/Observation/ObservationTracking.swift`). Checked with
  //   Swift 6.3.1 on Linux.
  // - Missing: no quiet case. SPI is resolved when the package compiles, so an Observation
  //   without it fails the build; and `PERCEPTION_INTEROP=0` does not turn it off, as the native
  //   engine's `withPerceptionTracking(_:willSet:didSet:)`, its options trackings before
  //   SE-0506 and `Perceptions` are built on it, and before the 27 releases Observation has no
  //   public API that tells a willSet or a didSet.
  // - Tested: every test of those calls on the native engine (`PERCEPTION_ENGINE=native`, the
  //   default where Observation exists), on Linux.

  /// Observation's SPI, as the native engine calls it; nothing else in the package imports it.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  enum ObservationSPI {
    /// One running tracking, as its callbacks get it. Its members are reached through
    /// `ObservationSPI`'s functions: elsewhere, Observation's SPI is not imported.
    typealias Tracking = ObservationTracking

    /// Runs `apply`; then, until cancelled, `willSet` and `didSet` get every matching event of
    /// what it read, on the writing thread.
    @inline(__always)
    static func track(
      _ apply: () -> Void, willSet: @escaping @Sendable (Tracking) -> Void,
      didSet: @escaping @Sendable (Tracking) -> Void
    ) {
      withObservationTracking(apply, willSet: willSet, didSet: didSet)
    }

    /// `track(_:willSet:didSet:)` with willSets only.
    @inline(__always)
    static func track(_ apply: () -> Void, willSet: @escaping @Sendable (Tracking) -> Void) {
      withObservationTracking(apply, willSet: willSet)
    }

    /// `track(_:willSet:didSet:)` with didSets only.
    @inline(__always)
    static func track(_ apply: () -> Void, didSet: @escaping @Sendable (Tracking) -> Void) {
      withObservationTracking(apply, didSet: didSet)
    }

    /// Ends `tracking`: none of its callbacks starts afterwards.
    @inline(__always)
    static func cancel(_ tracking: Tracking) {
      tracking.cancel()
    }

    /// The key path whose change `tracking`'s callback is running for; nil before the 18
    /// releases, which do not say.
    static func changed(_ tracking: Tracking) -> AnyKeyPath? {
      if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
        return tracking.changed
      }
      return nil
    }
  }
#endif
