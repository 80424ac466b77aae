#if canImport(Observation)
  import Observation
#endif

/// Which engine runs a tracking call: a scope on Perception's runtime, inlined into the caller,
/// or Observation's tracking on the native engine (`NativeTracking`). The one place a tracking
/// call tests the engine.
extension TrackingScope {
  /// Runs `apply` as one tracking call, observing what it read with the callbacks
  /// `makeCallbacks` returns, evaluated only if it read something (nil observes nothing); on
  /// Perception's runtime its reads count for the enclosing scope too.
  @inlinable @inline(__always)
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    let engine = EngineWord.current
    if _fastPath(engine.isPerception) {
      return runInScope(apply, callbacks: makeCallbacks)
    }
    #if canImport(Observation)
      if engine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        // The common native call, whose plan is known here (`NativeTrackingPlan`).
        if case .onChange = request, !NativeObservationFeatures.mayHaveAdvancedTracking,
          !TraceSwitch.isEnabled
        {
          var result: T?
          NativeTracking.runOnce({ result = apply() }, callbacks: makeCallbacks)
          return result.take()!
        }
        var result: T?
        NativeTracking.run({ result = apply() }, request: request, callbacks: makeCallbacks)
        return result.take()!
      }
    #endif
    return runSettling(apply, request: request, callbacks: makeCallbacks)
  }

  /// `run(_:request:callbacks:)` before the engine settled: settles it, then runs on it. (A
  /// settled native engine implies Observation exists: `PerceptionEngine.isAvailable`.)
  @usableFromInline @inline(never)
  static func runSettling<T>(
    _ apply: () -> T, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    _ = EngineWord.settle()
    return run(apply, request: request, callbacks: makeCallbacks)
  }
}
