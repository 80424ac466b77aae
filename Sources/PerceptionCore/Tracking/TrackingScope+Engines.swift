/// Which engine runs a tracking call's scope: Perception's runtime, inlined into the caller, or
/// the native engine, on Observation's tracking (`NativeTracking`).
extension TrackingScope {
  /// Runs `apply` in a new scope. When it returns, the reads it recorded are observed with the
  /// callbacks `makeCallbacks` returns (only called if `apply` read anything; nil observes
  /// nothing), and are added to the enclosing scope, so that nested reads count for outer
  /// scopes too.
  ///
  /// On the native engine, Observation's tracking runs the call instead (see
  /// `NativeTracking`), and a Perception scope only where releases need it
  /// (`runRecordingReleases`).
  ///
  /// Not generic, so that no generic metadata is looked up per call: the generic overload
  /// below is an inlinable shell around it, specialized where it is called.
  @usableFromInline
  static func run(
    _ apply: () -> Void, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) {
    #if canImport(Observation)
      if PerceptionEngine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        NativeTracking.run(apply, request: request, callbacks: makeCallbacks)
        return
      }
    #endif
    runOnPerceptionEngine(
      apply, request: request, observingObservable: !EngineWord.current.isPerceptibleOnly,
      callbacks: makeCallbacks)
  }

  /// A scope on Perception's runtime around `apply`, returning its result: the one body of
  /// both overloads of `run` and of `runOnChange`.
  ///
  /// Wherever Swift's Observation exists, the scope also observes the `@Observable`
  /// properties `apply` reads (`TrackingScope+Observable`), unless `observingObservable` is
  /// false (the process chose to track `@Perceptible` models alone). Otherwise, and where no
  /// `@Observable` object can exist, the scope is inlined into the caller, and `apply` with it:
  /// a scope that reads nothing costs its list's setup, two stores to the thread's slot and a
  /// test, with no closure made and no call. A scope that read something finishes in `observe`.
  @inlinable @inline(__always)
  static func runOnPerceptionEngine<T>(
    _ apply: () -> T, request: TrackingRequest, observingObservable: Bool,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    #if canImport(Observation)
      if observingObservable, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        var result: T?
        runSeeingObservable({ result = apply() }, request: request, callbacks: makeCallbacks)
        return result.take()!
      }
    #endif
    return runInScope(apply) { list, enclosing in
      observe(list, enclosing: enclosing, callbacks: makeCallbacks)
    }
  }

  /// A one-shot `withPerceptionTracking(_:onChange:)`, its engine decided where it is called,
  /// from the engine word loaded once: Perception's runtime takes `runOnPerceptionEngine`,
  /// inlined; the native engine, where its plan is Observation's one-shot tracking alone
  /// (`NativeTrackingPlan.observationOnce`, with no trace to take the willSet path for), calls
  /// Observation right here, in every build. Forced inline because callers' closures are often
  /// generic specializations, into which Swift inlines only trivial functions: there `run<T>`,
  /// holding both engines' paths, would stay a call per nested native scope, which costs more
  /// than the rest of the native path adds to Observation's own. `onChange` runs only if
  /// `apply` read something, inside Observation's `onChange` autoclosure.
  @inlinable @inline(__always)
  static func runOnChange<T>(
    _ apply: () -> T, onChange: () -> @Sendable () -> Void
  ) -> T {
    let engine = EngineWord.current
    // Tested first, so that the scope of a process that chose it costs what it cost before
    // scopes observed @Observable models: the other's test is one compare in front of
    // Observation's tracking.
    if engine.isPerceptibleOnly {
      return runOnPerceptionEngine(apply, request: .onChange, observingObservable: false) {
        .onChange(onChange())
      }
    }
    if _fastPath(engine.isPerception) {
      return runOnPerceptionEngine(apply, request: .onChange, observingObservable: true) {
        .onChange(onChange())
      }
    }
    #if canImport(Observation)
      if !NativeObservationFeatures.mayHaveAdvancedTracking, engine.isNative,
        !TraceSwitch.isEnabled,
        #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
      {
        // Marked for perception checking as `NativeTracking.run` marks `apply`, but around
        // Observation's call: Observation gets `apply` itself, since a closure around it, even
        // one whose checks compile to nothing in release builds, costs a context and a call per
        // scope (an empty scope 266 → 286 instructions, @Observable's 254).
        return NativeTracking.runMarked {
          withObservationTracking(
            apply, onChange: NativeTracking.forwardOnce { .onChange(onChange()) })
        }
      }
    #endif
    return run(apply, request: .onChange, engine: engine) { .onChange(onChange()) }
  }

  /// Runs `apply` in a new scope and returns its result; see the non-generic `run`.
  ///
  /// On Perception's runtime the scope is inlined into the caller
  /// (`runOnPerceptionEngine`). The native engine, and an engine word not yet settled, take
  /// the non-generic `run`.
  @inlinable
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest, engine: EngineWord = .current,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    // In this order for the reason `runOnChange` gives.
    if engine.isPerceptibleOnly {
      return runOnPerceptionEngine(
        apply, request: request, observingObservable: false, callbacks: makeCallbacks)
    }
    if _fastPath(engine.isPerception) {
      return runOnPerceptionEngine(
        apply, request: request, observingObservable: true, callbacks: makeCallbacks)
    }
    var result: T?
    run({ result = apply() }, request: request, callbacks: makeCallbacks)
    return result!
  }
}
