#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  /// Tracking calls on the native engine: Observation tracks what `apply` reads and calls back,
  /// and Perception's `Observer` stands between its callbacks and the user's, deciding what
  /// they see (see `NativeTrackingPlan` for which path a call takes).
  ///
  /// Every callback Observation makes reaches the user through `Observer.receive(_:keyPath:)`,
  /// with the event and, where Observation hands it over, the changed key path: the one place
  /// on this engine where a tracking callback is about to run.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  enum NativeTracking {
    /// Runs `apply` in a tracking call on the native engine, observed with the callbacks
    /// `makeCallbacks` returns (evaluated after `apply`, only if it read something on the paths
    /// where Observation says so; nil observes nothing).
    static func run(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      func marked() { runMarked(apply) }
      switch NativeTrackingPlan.plan(for: request, features: .current) {
      case .observationOnce:
        // A traced one-shot tracking takes the willSet path, whose callback names the changed
        // key path (Observation's `onChange` does not); the observer keeps it one-shot.
        // Tracing is off in release builds, where this test compiles away.
        if TraceSwitch.isEnabled {
          observeEvents(marked) { makeCallbacks().map { Observer.make($0, registrarCount: 0) } }?
            .arm()
          return
        }
        // Observation evaluates `onChange` only if `apply` read something, so an empty scope
        // makes nothing.
        withObservationTracking(marked, onChange: forwardOnce(makeCallbacks))
      case .observationOnceOrRelease:
        runAdvanced(marked, options: nil, callbacks: makeCallbacks)
      case .observationEvents(let releasesFromPerception):
        if releasesFromPerception {
          TrackingScope.runRecordingReleases(apply) { applyInScope, makeObserver in
            observeEvents(applyInScope, makeObserver: { makeCallbacks().map(makeObserver) })
          }
        } else {
          observe(marked, request: request, callbacks: makeCallbacks)
        }
      case .observationOptions:
        guard case .options(let options) = request else { return }
        runAdvanced(marked, options: options, callbacks: makeCallbacks)
      }
    }

    /// Runs `apply`, the body of a tracking call on this engine, marked as inside tracking and
    /// out of any checked context, for perception checking, which only debug builds do
    /// (`checkedApply`, out of line; see `DebugBuild`); release builds call `apply` alone.
    @inlinable @inline(__always)
    static func runMarked<R>(_ apply: () -> R) -> R {
      if DebugBuild.isActive { return checkedApply(apply) }
      return apply()
    }

    /// `runMarked`'s checks.
    @usableFromInline
    static func checkedApply<R>(_ apply: () -> R) -> R {
      TrackingLocals.markingTracking { CheckingSlot.liftingCheckedContext(apply) }
    }

    /// The one-shot `onChange` Observation calls: the user's, behind a `OnChangeOnce`, which
    /// lets one call through.
    @usableFromInline
    static func forwardOnce(
      _ makeCallbacks: () -> ObserverCallbacks?
    ) -> @Sendable () -> Void {
      guard case .onChange(let onChange)? = makeCallbacks() else { return {} }
      // Observation holds it, through this closure, until it fires or the object goes away.
      let made = OnChangeOnce.make(onChange)
      // ManagedBuffer opts out of Sendable; its shared state is its atomic word. The closure
      // captures it alone, which then serves as its context: no allocation of its own.
      nonisolated(unsafe) let once = made
      return { once.fire() }
    }

    /// Runs `apply` in Observation's willSet/didSet tracking, for the events named (both by
    /// default), whose callbacks go on until the observer finishes; a callback that finds it
    /// finished cancels Observation's side. Returns the observer `makeObserver` made after
    /// `apply`, as it made it.
    @discardableResult
    static func observeEvents(
      _ apply: () -> Void, willSet: Bool = true, didSet: Bool = true,
      makeObserver: () -> Observer?
    ) -> Observer? {
      let bridge = Bridge()
      func run() {
        apply()
        bridge.observer = makeObserver()
      }
      // Each closure captures the bridge alone, which then serves as its context: no
      // allocation for either.
      switch (willSet, didSet) {
      case (true, true):
        withObservationTracking(
          run,
          willSet: { [bridge] in bridge.forward(EventBits.willSet, $0) },
          didSet: { [bridge] in bridge.forward(EventBits.didSet, $0) })
      case (true, false):
        withObservationTracking(run, willSet: { [bridge] in bridge.forward(EventBits.willSet, $0) })
      case (false, true):
        withObservationTracking(run, didSet: { [bridge] in bridge.forward(EventBits.didSet, $0) })
      case (false, false):
        run()
      }
      return bridge.observer
    }

    /// Runs `apply` in Observation's willSet/didSet tracking, whose callbacks go on until the
    /// observer finishes; a callback that finds it finished cancels Observation's side.
    /// The observer is made before `apply`, active (it has no registration of its own to
    /// arm), with the callbacks `makeCallbacks` returns after it (nil finishes it).
    ///
    /// Observation's callbacks capture the observer itself, one allocation fewer than a
    /// `Bridge`: the path of every willSet/didSet tracking and options tracking that needs no
    /// release from Perception. An options tracking registers with Observation only the
    /// events its options name: one of willSet or didSet gets one callback per change rather
    /// than two, and neither gets a willSet that ends Observation's side at once.
    static func observe(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      var willSet = true
      var didSet = true
      if case .options(let options) = request {
        willSet = options.contains(.willSet)
        didSet = options.contains(.didSet)
        guard willSet || didSet else {
          // No event to deliver: the callbacks go at once, and so does Observation's
          // tracking, at the first change.
          withObservationTracking(
            {
              apply()
              _ = makeCallbacks()
            }, willSet: { $0.cancel() })
          return
        }
      }
      let made = Observer.makeAwaitingCallbacks(request)
      // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word,
      // and its callbacks are moved in before Observation installs the closures that read
      // them (under Observation's lock, which orders the two).
      nonisolated(unsafe) let observer = made
      // Each closure captures the observer alone, which then serves as its context: no
      // allocation for either. (A literal each time, rather than one local function handed to
      // each, which would go through a reabstraction thunk.)
      if willSet && didSet {
        withObservationTracking(
          {
            apply()
            observer.adopt(makeCallbacks())
          },
          willSet: { observer.forward(EventBits.willSet, $0) },
          didSet: { observer.forward(EventBits.didSet, $0) })
      } else if willSet {
        withObservationTracking(
          {
            apply()
            observer.adopt(makeCallbacks())
          }, willSet: { observer.forward(EventBits.willSet, $0) })
      } else {
        withObservationTracking(
          {
            apply()
            observer.adopt(makeCallbacks())
          }, didSet: { observer.forward(EventBits.didSet, $0) })
      }
    }

    /// Carries the observer, made when `apply` returns, to the callbacks Observation was given
    /// before `apply` ran: for the paths whose observer cannot be made before `apply` (a
    /// traced one-shot tracking, whose `onChange` is evaluated only if `apply` read something;
    /// one that records releases, whose observer's size depends on what `apply` read).
    final class Bridge: @unchecked Sendable {
      // Sendable because `observer` is written once, before Observation installs the
      // callbacks that read it (under Observation's lock, which orders the two).
      var observer: Observer?

      /// Hands `event` to the observer, and cancels Observation's side once it has finished.
      /// A change of a nested scope's `ObservationSideEnd`, which this tracking hears because
      /// Observation hands it a nested tracking's reads, is not the observer's to hear.
      func forward(_ event: UInt32, _ tracking: ObservationTracking) {
        guard let observer else {
          tracking.cancel()
          return
        }
        if ObservationSideEnd.isMarker(Observer.changed(tracking)), !observer.isFinished {
          return
        }
        observer.forward(event, tracking)
      }
    }
  }

  extension Observer {
    /// An observer for a native-engine tracking of `request`, with no registrations and no
    /// callbacks yet: Observation's callbacks, given before `apply` runs, capture the observer
    /// itself, and `adopt(_:)` moves the callbacks in once `apply` has returned, before
    /// Observation installs them.
    ///
    /// It starts `active`, with no `arm()` to come: it makes no registration of its own (the
    /// installing stage exists so that `arm()` cancels the registrations of an observer that
    /// finished while they were being made), and Observation, under its lock, publishes it to
    /// other threads only once `apply` has returned.
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
      // Nil until now, which needs no destroying.
      callbacksPointer.initialize(to: callbacks)
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Observer {
    /// Hands `event`, from Observation's willSet/didSet tracking, to this observer, and
    /// cancels Observation's side once it has finished.
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
