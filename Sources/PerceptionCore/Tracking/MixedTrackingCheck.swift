#if DEBUG && canImport(Observation)
  @_spi(SwiftUI) import Observation

  /// Debug builds on Perception's runtime: says so when a change goes unseen because a
  /// `withPerceptionTracking` scope read an `@Observable` object, which that runtime does not
  /// observe (its registrar is native Observation's, not Perception's).
  ///
  /// Each scope's `apply` also runs inside native tracking with a willSet callback, so that the
  /// first change of an `@Observable` property the scope read is reported, once per property,
  /// naming it. Release builds skip all of it: native tracking would cost every scope more
  /// than Perception's whole scope does.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  enum MixedTrackingCheck {
    private static let lock = Lock()
    nonisolated(unsafe) private static var reported: Set<String> = []
    nonisolated(unsafe) private static var messages: [String] = []

    /// Runs `apply`, watching for the `@Observable` properties it reads.
    static func run(_ apply: () -> Void) {
      withObservationTracking(
        apply,
        willSet: { tracking in
          tracking.cancel()
          report(tracking)
        })
    }

    /// Every warning so far, in order, for tests.
    static var warnings: [String] { lock.withLock { messages } }

    private static func report(_ tracking: ObservationTracking) {
      var property = "a property of an @Observable class"
      if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *),
        let changed = tracking.changed
      {
        property = "\(changed)"
      }
      let message =
        "withPerceptionTracking read \(property) and it changed, but its onChange was not "
        + "called: on the perception engine, tracking sees @Perceptible models only. Make the "
        + "model @Perceptible, or run on the native engine (PERCEPTION_ENGINE=native or "
        + "PerceptionEngine.select(.native))."
      let isNew = lock.withLock {
        guard reported.insert(property).inserted else { return false }
        messages.append(message)
        return true
      }
      if isNew { Platform.warn(message) }
    }
  }
#endif
