#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ContinuousTracking {
    /// Whether a call's tracking runs on Observation's tracking alone: on the native engine,
    /// where its plan for these options is Observation's willSet/didSet tracking with nothing
    /// from Perception (no `.deinit` before SE-0506), the options name a change, and the trace
    /// is off (its callbacks are the `Observer`'s).
    ///
    /// There this object itself is the flag an options tracking's `Observer` would be: it
    /// takes each event under the lock it already takes to record it (`receive`). So a change
    /// costs what native's re-arming `withObservationTracking(_:didSet:)` costs: one callback
    /// registered per event the options name (the willSet one is not registered for
    /// `[.didSet]`), one allocation per call.
    var tracksOnObservationAlone: Bool {
      guard !TraceSwitch.isEnabled, PerceptionEngine.isNative,
        !options.intersection([.willSet, .didSet]).isEmpty
      else { return false }
      return NativeTrackingPlan.plan(for: .options(options), features: .current)
        == .observationEvents(releasesFromPerception: false)
    }

    /// Runs `call` in Observation's tracking, with a callback for each event the options name
    /// (see `tracksOnObservationAlone`).
    func trackOnObservation(_ call: () -> Void) {
      NativeTracking.track(
        { TrackingScope.runMarked(call) }, request: .options(options), into: CallTracking(self))
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ContinuousTracking.CallTracking: ObservationEventSink {
    /// Hands an event from Observation to the continuous tracking, and cancels Observation's
    /// side once this call's tracking has finished, before the task wakes: as native's
    /// re-arming loop does, so that the task's next tracking does not contend with the cancel
    /// for the registrar's lock: woken first, the task would install its next tracking while
    /// the cancel holds that lock, and wait for it, on every change.
    func forward(_ event: UInt32, _ observation: ObservationTracking) {
      let kind: PerceptionTracking.Event.Kind = event == EventBits.willSet ? .willSet : .didSet
      tracking.receive(
        kind, changed: Observer.changed(observation), for: self, finishing: observation.cancel)
    }
  }
#endif
