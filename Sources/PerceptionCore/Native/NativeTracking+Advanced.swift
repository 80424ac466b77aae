#if canImport(Observation)
  import Observation

  #if PERCEPTION_OBSERVATION_27_STAND_IN
    // Only in `.ci/observation-27-stand-in.sh`: SE-0506 as Apple documents it, without Swift 6.4.
    import Observation27StandIn
  #endif

  // The native engine where Observation has SE-0506 (27 releases), whose `.deinit` events report
  // releases: written from Apple's 27.0 pages for its API, compiled against
  // Tests/Observation27StandIn, which declares what they declare; nothing here has run.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// `options` nil is a one-shot `onChange`, on Observation's `[.willSet, .deinit]` tracking;
    /// an options tracking naming `.deinit` gets releases from a `[.deinit]` tracking around the
    /// willSet/didSet one, whose callback names the changed key path (SE-0506's event does not).
    static func runAdvanced(
      _ apply: () -> Void, options: PerceptionTracking.Options?,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      #if compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN
        if #available(iOS 27, macOS 27, tvOS 27, watchOS 27, visionOS 27, *) {
          let releases = Bridge()
          if let options {
            withObservationTracking(
              options: [.deinit],
              {
                releases.observer = observe(apply, request: .options(options)) {
                  makeCallbacks().map { Observer.make($0, registrarCount: 0) }
                }
              }, onChange: releases.forwardAdvanced)
            releases.observer?.arm()
          } else {
            withObservationTracking(
              options: [.willSet, .deinit],
              {
                apply()
                releases.observer = makeCallbacks().map { Observer.make($0, registrarCount: 0) }
              }, onChange: releases.forwardAdvanced)
          }
          return
        }
      #endif
      perceptionFatalError("Perception: SE-0506 tracking where Observation does not have it")
    }
  }

  #if compiler(>=6.4) || PERCEPTION_OBSERVATION_27_STAND_IN
    @available(iOS 27, macOS 27, tvOS 27, watchOS 27, visionOS 27, *)
    extension NativeTracking.Bridge {
      /// Hands each SE-0506 event to the observer, published with the callback after `apply`.
      var forwardAdvanced: @Sendable (borrowing ObservationTracking.Event) -> Void {
        nonisolated(unsafe) let bridge = self
        return { event in
          guard let observer = bridge.observer else { return event.cancel() }
          let kind = event.kind
          let bit =
            kind == .willSet
            ? EventBits.willSet : kind == .didSet ? EventBits.didSet : EventBits.deinit
          if kind != .initial { observer.receive(bit, keyPath: nil) }
          if observer.isFinished { event.cancel() }
        }
      }
    }
  #endif
#endif
