/// What the system's Observation offers the native engine beyond Swift 6.3's.
@usableFromInline
struct NativeObservationFeatures: Equatable, Sendable {
  /// SE-0506: `withObservationTracking(options:_:onChange:)` with `.deinit` events,
  /// `withContinuousObservation(options:apply:)` and `ObservationTracking.Token`.
  var hasAdvancedTracking: Bool

  /// This process's: the one place that asks the system. Apple's documentation gives the
  /// SE-0506 API from iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS and watchOS 27.0; Swift
  /// 6.4 toolchains carry it elsewhere. A toolchain before 6.4 (this package's Linux CI runs
  /// 6.3.1) has none of it, so there this is false, and the tests drive
  /// `NativeTrackingPlan.plan(for:features:)` with both values instead.
  static let current = NativeObservationFeatures(hasAdvancedTracking: systemHasAdvancedTracking())

  /// False where the toolchain has no SE-0506, so that `current.hasAdvancedTracking` is false
  /// too: the inlined one-shot path (`TrackingScope.run`) skips asking `current` there.
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

/// How the native engine runs one tracking call: the decision, kept apart from the running so
/// that every branch is tested on every platform.
///
/// The rule: Observation's own tracking, with Perception's `Observer` state machine around the
/// callbacks wherever a guarantee needs it (exactly once, no re-entry, cancelling that releases
/// and waits), and Perception's per-object registrar only where Observation cannot report a
/// release: an options tracking naming `.deinit`, on systems before SE-0506.
enum NativeTrackingPlan: Equatable {
  /// `withObservationTracking(_:onChange:)`, the user's `onChange` behind a `OnChangeOnce`,
  /// whose state makes it run once when writers race and keeps a mutation inside it from
  /// calling it again. A release calls it as the system's Observation does.
  case observationOnce
  /// SE-0506's `withObservationTracking(options: [.willSet, .deinit], ...)`, the user's
  /// `onChange` behind an `Observer`: once, on the first change or release.
  case observationOnceOrRelease
  /// Observation's willSet/didSet tracking, its events handed to the `Observer`, which
  /// decides what the callbacks see. `releasesFromPerception` adds a Perception scope and the
  /// read objects' Perception registrars, which report releases (`.deinit`).
  case observationEvents(releasesFromPerception: Bool)
  /// SE-0506's `withObservationTracking(options:_:onChange:)` (with `.deinit`), its events
  /// handed to the `Observer`.
  case observationOptions

  /// The path for `request`, given what the system's Observation offers. `features` is asked
  /// only where the answer depends on it: an options tracking without `.deinit`, the
  /// willSet/didSet variants, take one path on every system and skip the check.
  static func plan(
    for request: TrackingRequest, features: @autoclosure () -> NativeObservationFeatures
  ) -> NativeTrackingPlan {
    switch request {
    case .onChange:
      return features().hasAdvancedTracking ? .observationOnceOrRelease : .observationOnce
    case .events:
      // These report no release on either engine.
      return .observationEvents(releasesFromPerception: false)
    case .options(let options):
      guard options.contains(.deinit) else {
        // The willSet/didSet tracking hands over the changed key path, which `matches(_:)`
        // and the trace need; SE-0506's event does not.
        return .observationEvents(releasesFromPerception: false)
      }
      return features().hasAdvancedTracking
        ? .observationOptions : .observationEvents(releasesFromPerception: true)
    }
  }
}

extension PerceptionEngine {
  /// Whether a one-shot `withPerceptionTracking(_:onChange:)` of this process runs its
  /// `onChange` when a tracked object is released: always on Perception's runtime; on the
  /// native engine, where the system's Observation reports releases (SE-0506's systems). Below
  /// those, the native engine reports none, as Observation 6.3.1 does: hearing of releases
  /// there takes a Perception registrar per object and a registration per tracking call, a cost
  /// on every tracking call and every object for an event that Observation's own users never
  /// get on those systems (the Guarantees article, "Releases", gives the figures).
  package static var onChangeHearsReleases: Bool {
    guard isNative else { return true }
    return NativeTrackingPlan.plan(for: .onChange, features: .current) == .observationOnceOrRelease
  }
}
