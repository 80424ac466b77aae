#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension ContinuousTracking {
    /// Whether a call's tracking runs on Observation's tracking alone, with this object as
    /// the flag an options tracking's `Observer` would be (`receive`): on the native engine,
    /// where the plan for these options needs nothing from Perception (no `.deinit` before
    /// SE-0506), the options name a change, and the trace is off (it hooks the `Observer`).
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
    /// side once this call has finished, before the task wakes, as native's re-arming loop
    /// does: woken first, the task's next tracking would wait for the cancel's registrar lock.
    func forward(_ event: UInt32, _ observation: ObservationTracking) {
      let kind: PerceptionTracking.Event.Kind = event == EventBits.willSet ? .willSet : .didSet
      tracking.receive(
        kind, changed: Observer.changed(observation), for: self, finishing: observation.cancel)
    }
  }
#endif
