#if canImport(Observation)
  import Observation
#endif

/// Which engine runs a tracking call: a scope on Perception's runtime, inlined into the caller,
/// or Observation's tracking on the native engine (`NativeTracking`).
extension TrackingScope {
  /// Runs `apply` as one tracking call, and returns its result. What it read is observed with
  /// the callbacks `makeCallbacks` returns, evaluated only if it read something (nil observes
  /// nothing), and, on Perception's runtime, handed to the enclosing scope too, so that nested
  /// reads count for outer scopes.
  ///
  /// Inlined into every tracking call, whose `request` is a literal. A one-shot tracking on the
  /// native engine goes straight to `withObservationTracking(_:onChange:)` where nothing needs
  /// more of it (no trace to name the changed property, no SE-0506 releases to ask for); the
  /// rest takes `run(_:request:engine:callbacks:)`, which the optimizer inlines where it pays.
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

  /// `run(_:request:callbacks:)` on `engine`: a scope on Perception's runtime, or the native
  /// engine's tracking, which also settles an engine not yet settled.
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
