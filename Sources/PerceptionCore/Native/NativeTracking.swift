#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  /// Tracking calls on the native engine: Observation tracks what `apply` reads and calls back,
  /// and an `Observer` stands between its callbacks and the user's, deciding what they see
  /// (`NativeTrackingPlan` picks the path).
  @usableFromInline
  enum NativeTracking {
    /// Runs `apply` in a tracking call on the native engine, observed with the callbacks
    /// `makeCallbacks` returns after it (nil observes nothing); or, in the process's first
    /// tracking call, on the engine it settles.
    @usableFromInline
    static func run(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      guard PerceptionEngine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else {
        return TrackingScope.runInScope(apply, callbacks: makeCallbacks)
      }
      func marked() { TrackingScope.runMarked(apply) }
      switch NativeTrackingPlan.plan(for: request, features: .current) {
      case .observationOnce:
        // Traced, it takes the willSet path, whose callback names the changed key path.
        if TraceSwitch.isEnabled {
          observe(marked, request: request, callbacks: makeCallbacks)
        } else {
          withObservationTracking(marked, onChange: forwardOnce(makeCallbacks))
        }
      case .observationOnceOrRelease:
        runAdvanced(marked, options: nil, callbacks: makeCallbacks)
      case .observationEvents(releasesFromPerception: false):
        observe(marked, request: request, callbacks: makeCallbacks)
      case .observationEvents(releasesFromPerception: true):
        TrackingScope.runRecordingReleases(apply) { applyInScope, makeObserver in
          observe(applyInScope, request: request) { makeCallbacks().map(makeObserver) }
        }
      case .observationOptions:
        guard case .options(let options) = request else { return }
        runAdvanced(marked, options: options, callbacks: makeCallbacks)
      }
    }

  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// The one-shot `onChange` Observation calls: the user's, behind a `OnChangeOnce`, which
    /// lets one call through.
    @usableFromInline
    static func forwardOnce(
      _ makeCallbacks: () -> ObserverCallbacks?
    ) -> @Sendable () -> Void {
      guard case .onChange(let onChange)? = makeCallbacks() else { return {} }
      // ManagedBuffer opts out of Sendable; its shared state is its atomic word.
      nonisolated(unsafe) let once = OnChangeOnce.make(onChange)
      return { once.fire() }
    }

    /// Runs `apply` in Observation's willSet/didSet tracking of the events `request` asks for,
    /// handed to an observer made before `apply` and given the callbacks `makeCallbacks`
    /// returns after it (nil finishes it).
    static func observe(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      let observer = Observer.makeAwaitingCallbacks(request)
      track(
        {
          apply()
          observer.adopt(makeCallbacks())
        }, request: request, into: observer)
    }

    /// `observe(_:request:callbacks:)` for an observer that `makeObserver` makes after `apply`,
    /// whose size depends on what `apply` read; returns it.
    @discardableResult
    static func observe(
      _ apply: () -> Void, request: TrackingRequest, makeObserver: () -> Observer?
    ) -> Observer? {
      let bridge = Bridge()
      track(
        {
          apply()
          bridge.observer = makeObserver()
        }, request: request, into: bridge)
      return bridge.observer
    }

    /// Runs `apply` in Observation's willSet/didSet tracking of the events `request` asks for,
    /// each handed to `sink`. Each closure captures the sink alone, which then serves as its
    /// context.
    static func track(
      _ apply: () -> Void, request: TrackingRequest, into sink: some ObservationEventSink
    ) {
      // Every sink's shared state is safe to reach from any thread (see the protocol).
      nonisolated(unsafe) let sink = sink
      switch request.observationEvents {
      case (true, true):
        withObservationTracking(
          apply, willSet: { sink.forward(EventBits.willSet, $0) },
          didSet: { sink.forward(EventBits.didSet, $0) })
      case (true, false):
        withObservationTracking(apply, willSet: { sink.forward(EventBits.willSet, $0) })
      case (false, true):
        withObservationTracking(apply, didSet: { sink.forward(EventBits.didSet, $0) })
      case (false, false):
        // Nothing to observe: the reads still reach an enclosing tracking, as a nested
        // tracking's would.
        apply()
      }
    }

    /// Carries an observer made once `apply` has returned to the callbacks Observation was
    /// given before it ran.
    final class Bridge: ObservationEventSink {
      var observer: Observer?

      func forward(_ event: UInt32, _ tracking: ObservationTracking) {
        guard let observer else { return tracking.cancel() }
        observer.forward(event, tracking)
      }
    }
  }

  /// What Observation's willSet/didSet callbacks hand their events to (`NativeTracking.track`),
  /// on any thread: each conformer guards its shared state (an atomic word, a lock, or a field
  /// written before Observation publishes the callbacks, under its lock).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  protocol ObservationEventSink: AnyObject, SendableMetatype {
    /// Takes `event`, a `EventBits` bit, and cancels `tracking` once it wants no more.
    func forward(_ event: UInt32, _ tracking: ObservationTracking)
  }

  extension TrackingRequest {
    /// The events of Observation's willSet/didSet tracking that serve this request.
    var observationEvents: (willSet: Bool, didSet: Bool) {
      switch self {
      case .onChange: (true, false)
      case .events: (true, true)
      case .options(let options): (options.contains(.willSet), options.contains(.didSet))
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Observer: ObservationEventSink {
    /// An observer for a native-engine tracking of `request`, with no registrations and no
    /// callbacks yet: it starts `active`, as it makes no registration of its own to arm, and
    /// Observation publishes it to other threads only once `apply` has returned.
    static func makeAwaitingCallbacks(_ request: TrackingRequest) -> Observer {
      let observer = make(request: request, events: 0, callbacks: nil, registrarCount: 0)
      observer.state.initialize(.active)
      return observer
    }

    /// Moves in the callbacks of an observer made by `makeAwaitingCallbacks(_:)`, or finishes
    /// it when there are none. Only for its installer, before the observer is published.
    func adopt(_ callbacks: consuming ObserverCallbacks?) {
      guard let callbacks else {
        _ = state.claim()
        return
      }
      field(\.callbacks).initialize(to: callbacks)
    }

    /// Hands `event` to this observer, and cancels Observation's side once it has finished.
    func forward(_ event: UInt32, _ tracking: ObservationTracking) {
      receive(event, keyPath: Self.changed(tracking))
      if isFinished { tracking.cancel() }
    }

    static func changed(_ tracking: ObservationTracking) -> AnyKeyPath? {
      if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
        return tracking.changed
      }
      return nil
    }
  }
#endif
