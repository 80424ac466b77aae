#if canImport(Observation)
  import Observation
#endif

/// Which engine runs a tracking call: a scope on Perception's runtime, inlined into the caller,
/// or Observation's tracking on the native engine (`NativeTracking`).
extension TrackingScope {
  /// Runs `apply` as one tracking call, observing what it read with the callbacks
  /// `makeCallbacks` returns, evaluated only if it read something (nil observes nothing); on
  /// Perception's runtime its reads count for the enclosing scope too. A native one-shot tracking
  /// goes straight to `withObservationTracking(_:onChange:)` where nothing needs more.
  @inlinable @inline(__always)
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    let engine = EngineWord.current
    if _fastPath(engine.isPerception) {
      return run(apply, request: request, engine: engine, callbacks: makeCallbacks)
    }
    #if canImport(Observation)
      if case .onChange = request, !NativeObservationFeatures.mayHaveAdvancedTracking,
        engine.isNative, !TraceSwitch.isEnabled,
        #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
      {
        return runMarked {
          withObservationTracking(apply, onChange: NativeTracking.forwardOnce(makeCallbacks))
        }
      }
    #endif
    return run(apply, request: request, engine: engine, callbacks: makeCallbacks)
  }

  /// `run(_:request:callbacks:)` on `engine`; the native path also settles an unsettled engine.
  @inlinable
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest, engine: EngineWord,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    if _fastPath(engine.isPerception) {
      return runInScope(apply, callbacks: makeCallbacks)
    }
    var result: T?
    NativeTracking.run({ result = apply() }, request: request, callbacks: makeCallbacks)
    return result.take()!
  }
}
