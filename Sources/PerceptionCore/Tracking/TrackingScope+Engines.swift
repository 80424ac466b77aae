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
  /// Inlined into every tracking call, whose `request` is a literal: the branches that do not
  /// serve it fold away. A one-shot tracking on the native engine goes straight to
  /// Observation's `withObservationTracking(_:onChange:)` where nothing needs more of it (no
  /// trace to name the changed property, no SE-0506 release events to ask for).
  @inlinable @inline(__always)
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    while true {
      let engine = EngineWord.current
      if _fastPath(engine.isPerception) {
        return runInScope(apply, callbacks: makeCallbacks)
      }
      if engine.isNative {
        #if canImport(Observation)
          if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            if case .onChange = request, !NativeObservationFeatures.mayHaveAdvancedTracking,
              !TraceSwitch.isEnabled
            {
              return runMarked {
                withObservationTracking(
                  apply, onChange: NativeTracking.forwardOnce(makeCallbacks))
              }
            }
            var result: T?
            NativeTracking.run({ result = apply() }, request: request, callbacks: makeCallbacks)
            return result.take()!
          }
        #endif
        perceptionFatalError("Perception: the native engine runs where Observation does not")
      }
      _ = EngineWord.settle()
    }
  }
}
