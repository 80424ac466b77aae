/// What the system's Observation offers the native engine beyond Swift 6.3's.
@usableFromInline
struct NativeObservationFeatures: Equatable, Sendable {
  /// SE-0506: `withObservationTracking(options:_:onChange:)` with `.deinit` events.
  var hasAdvancedTracking: Bool

  /// This process's: SE-0506 is in Apple's 27 releases and Swift 6.4 toolchains elsewhere.
  static let current = NativeObservationFeatures(hasAdvancedTracking: systemHasAdvancedTracking())

  /// False where the toolchain has no SE-0506: `TrackingScope.run` need not ask `current`.
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

/// How the native engine runs one tracking call, decided apart from running it so that every
/// branch is tested everywhere: an `Observer` wraps the callbacks where a guarantee needs it, and
/// Perception's registrar reports only the releases Observation cannot.
enum NativeTrackingPlan: Equatable {
  /// `withObservationTracking(_:onChange:)`, `onChange` behind a `OnChangeOnce`.
  case observationOnce
  /// SE-0506's `[.willSet, .deinit]` tracking: once, on the first change or release.
  case observationOnceOrRelease
  /// Observation's willSet/didSet tracking, plus a Perception scope reporting releases.
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
    case .onStoredChange:
      return plan(for: .options(TrackingRequest.storedChangeOptions), features: features())
    case .events:
      return .observationEvents(releasesFromPerception: false)
    case .options(let options):
      // The willSet/didSet tracking names the changed key path, as `matches(_:)` needs.
      guard options.contains(.deinit) else {
        return .observationEvents(releasesFromPerception: false)
      }
      return features().hasAdvancedTracking
        ? .observationOptions : .observationEvents(releasesFromPerception: true)
    }
  }
}

extension PerceptionEngine {
  /// Whether a one-shot `withPerceptionTracking(_:onChange:)` runs `onChange` when a tracked
  /// object is released: on Perception's runtime, and where Observation reports it (SE-0506).
  package static var onChangeHearsReleases: Bool {
    guard isNative else { return true }
    return NativeTrackingPlan.plan(for: .onChange, features: .current) == .observationOnceOrRelease
  }
}
