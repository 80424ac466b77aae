#if canImport(Observation)
  import Observation

  #if PERCEPTION_OBSERVATION_27_STAND_IN
    // Only in `.ci/observation-27-stand-in.sh`'s compile: the SE-0506 declarations of Apple's
    // documentation, so that the paths below type-check without a Swift 6.4 toolchain.
    import Observation27StandIn
  #endif

  // The native engine on systems whose Observation has SE-0506 (the 27 releases): releases are
  // Observation's own `.deinit` events, so no tracking needs Perception's per-object registrar.
  //
  // Nothing here has run: the toolchain this package is built and tested with (Swift 6.3.1, on
  // Linux) has no SE-0506, and there is no Apple SDK here. CI compiles it against
  // Tests/Observation27StandIn (`.ci/observation-27-stand-in.sh`), which declares what Apple's
  // documentation pages declare. The calls follow those pages for
  // `withObservationTracking(options:_:onChange:)`, `ObservationTracking.Options` and
  // `ObservationTracking.Event` (iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS and watchOS
  // 27.0):
  //   func withObservationTracking<Result, Failure>(options: ObservationTracking.Options,
  //     _ apply: () throws(Failure) -> Result,
  //     onChange: @escaping @Sendable (borrowing ObservationTracking.Event) -> Void
  //   ) throws(Failure) -> Result where Failure: Error, Result: ~Copyable
  //   ObservationTracking.Event: var kind: Kind (.initial, .willSet, .didSet, .deinit),
  //     func cancel(), func matches(PartialKeyPath<some Observable>) -> Bool
  // Which path a call takes is decided by `NativeTrackingPlan`, tested on every platform.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// The SE-0506 paths: `options` nil is a one-shot `onChange`, run on Observation's
    /// `[.willSet, .deinit]` tracking, so that a release calls it once; an options tracking
    /// naming `.deinit` gets its releases from an SE-0506 `[.deinit]` tracking around the
    /// willSet/didSet one that reports its changes (whose callback hands over the changed key
    /// path, which `matches(_:)` needs and SE-0506's event does not offer).
    /// The plan chooses it only where SE-0506 exists.
    static func runAdvanced(
      _ apply: () -> Void, options: PerceptionTracking.Options?,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      #if compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN
        if #available(iOS 27, macOS 27, tvOS 27, watchOS 27, visionOS 27, *) {
          let releases = ReleaseBridge()
          if let options {
            withObservationTracking(
              options: [.deinit],
              {
                releases.observer = observe(apply, request: .options(options)) {
                  makeCallbacks().map { Observer.make($0, registrarCount: 0) }
                }
              }, onChange: releases.forward)
            releases.observer?.arm()
          } else {
            withObservationTracking(
              options: [.willSet, .deinit],
              {
                apply()
                releases.observer = makeCallbacks().map { Observer.make($0, registrarCount: 0) }
              }, onChange: releases.forward)
          }
          return
        }
      #endif
      perceptionFatalError("Perception: SE-0506 tracking where Observation does not have it")
    }
  }

  #if compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN
    @available(iOS 27, macOS 27, tvOS 27, watchOS 27, visionOS 27, *)
    extension NativeTracking {
      /// Carries the observer, made when `apply` returns, to the SE-0506 callback Observation
      /// was given before `apply` ran, and hands it each event.
      final class ReleaseBridge: @unchecked Sendable {
        // Sendable because `observer` is written once, before Observation installs the
        // callback that reads it (under Observation's lock, which orders the two).
        var observer: Observer?

        var forward: @Sendable (borrowing ObservationTracking.Event) -> Void {
          { [self] event in
            guard let observer else {
              event.cancel()
              return
            }
            // No key path to hand over: Apple's documentation page for
            // `ObservationTracking.Event` declares `kind`, `cancel()` and
            // `matches(_:)` (which tests a key path the caller already has) and nothing that
            // names the changed property, so the trace names none on this path. Callers that
            // need it take the willSet/didSet path (see `NativeTrackingPlan`).
            let kind = event.kind
            if kind == .willSet {
              observer.receive(EventBits.willSet, keyPath: nil)
            } else if kind == .didSet {
              observer.receive(EventBits.didSet, keyPath: nil)
            } else if kind == .deinit {
              observer.receive(EventBits.deinit, keyPath: nil)
            }
            if observer.isFinished { event.cancel() }
          }
        }
      }
    }
  #endif
#endif
