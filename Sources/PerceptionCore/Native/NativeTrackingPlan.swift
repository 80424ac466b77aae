/// What the system's Observation offers the native engine beyond Swift 6.3's.
@usableFromInline
struct NativeObservationFeatures: Equatable, Sendable {
  /// SE-0506: `withObservationTracking(options:_:onChange:)` with `.deinit` events.
  var hasAdvancedTracking: Bool

  /// This process's. Apple's documentation gives SE-0506 from the 27 releases; Swift 6.4
  /// toolchains carry it elsewhere. The tests drive `NativeTrackingPlan` with both values.
  static let current = NativeObservationFeatures(hasAdvancedTracking: systemHasAdvancedTracking())

  /// False where the toolchain has no SE-0506, so that `TrackingScope.run` skips asking
  /// `current` there.
  @usableFromInline
  static var mayHaveAdvancedTracking: Bool {
    #if (compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN) && canImport(Observation)
      return true
    #else
      return false
    #endif
  }

  private static func systemHasAdvancedTracking() -> Bool {
    #if (compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN) && canImport(Observation)
      if #available(iOS 27, macOS 27, tvOS 27, watchOS 27, visionOS 27, *) { return true }
    #endif
    return false
  }
}

/// How the native engine runs one tracking call, decided apart from the running so that every
/// branch is tested on every platform.
///
/// Observation's own tracking, with an `Observer` around the callbacks wherever a guarantee
/// needs it (exactly once, no re-entry, cancelling that releases and waits), and Perception's
/// per-object registrar only where Observation cannot report a release: an options tracking
/// naming `.deinit`, before SE-0506.
enum NativeTrackingPlan: Equatable {
  /// `withObservationTracking(_:onChange:)`, `onChange` behind a `OnChangeOnce`.
  case observationOnce
  /// SE-0506's `[.willSet, .deinit]` tracking: once, on the first change or release.
  case observationOnceOrRelease
  /// Observation's willSet/didSet tracking, whose callback names the changed key path;
  /// `releasesFromPerception` adds a Perception scope whose registrars report releases.
  case observationEvents(releasesFromPerception: Bool)
  /// SE-0506's `withObservationTracking(options:_:onChange:)` with `.deinit`.
  case observationOptions

  /// The path for `request`; `features` is asked only where the answer depends on it.
  static func plan(
    for request: TrackingRequest, features: @autoclosure () -> NativeObservationFeatures
  ) -> NativeTrackingPlan {
    switch request {
    case .onChange:
      return features().hasAdvancedTracking ? .observationOnceOrRelease : .observationOnce
    case .events:
      return .observationEvents(releasesFromPerception: false)
    case .options(let options):
      // The willSet/didSet tracking hands over the changed key path, which `matches(_:)` and
      // the trace need; SE-0506's event does not.
      guard options.contains(.deinit) else {
        return .observationEvents(releasesFromPerception: false)
      }
      return features().hasAdvancedTracking
        ? .observationOptions : .observationEvents(releasesFromPerception: true)
    }
  }
}

extension PerceptionEngine {
  /// Whether a one-shot `withPerceptionTracking(_:onChange:)` runs its `onChange` when a tracked
  /// object is released: always on Perception's runtime; on the native engine, where the
  /// system's Observation reports releases (SE-0506), as Observation's own users get them.
  package static var onChangeHearsReleases: Bool {
    guard isNative else { return true }
    return NativeTrackingPlan.plan(for: .onChange, features: .current) == .observationOnceOrRelease
  }
}
