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
/// branch is tested everywhere: an `Observer` wraps the callbacks where a guarantee needs it,
/// and a Perception scope beside Observation's tracking hears what Observation cannot.
///
/// Before SE-0506 (Swift 6.4, swiftlang/swift#86719, in the 27 releases) Observation installs a
/// tracking only once its `apply` has returned, so a write from another thread after a read and
/// before that installation reaches nobody, and it reports no release. There a Perception scope
/// runs beside it (`TrackingScope.runBesideObservation`): its reads open setups that hear the
/// writes Observation misses (`NativeSetupWindow`), and a tracking that asked for releases
/// registers for them in each object's `NativeRegistrarStorage.perception`. From SE-0506,
/// Observation closes the window itself, and reports releases.
enum NativeTrackingPlan: Equatable {
  /// `withObservationTracking(_:onChange:)` beside a Perception scope, `onChange` behind a
  /// `OnChangeOnce`.
  case observationOnce
  /// SE-0506's `[.willSet, .deinit]` tracking: once, on the first change or release.
  case observationOnceOrRelease
  /// Observation's willSet/didSet tracking, beside a Perception scope before SE-0506.
  case observationEvents(perceptionBeside: Bool)
  /// SE-0506's `withObservationTracking(options:_:onChange:)` with `.deinit`.
  case observationOptions

  /// The path for `request` on a system's Observation with `features`.
  static func plan(
    for request: TrackingRequest, features: @autoclosure () -> NativeObservationFeatures
  ) -> NativeTrackingPlan {
    let advanced = features().hasAdvancedTracking
    switch request {
    case .onChange:
      return advanced ? .observationOnceOrRelease : .observationOnce
    case .onStoredChange:
      return plan(for: .options(TrackingRequest.storedChangeOptions), features: features())
    case .events:
      return .observationEvents(perceptionBeside: !advanced)
    case .options(let options):
      // The willSet/didSet tracking names the changed key path, as `matches(_:)` needs.
      return options.contains(.deinit) && advanced
        ? .observationOptions : .observationEvents(perceptionBeside: !advanced)
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
