#if canImport(Observation)
  import Observation

  /// Tracking calls on the native engine: an `Observer` between Observation's callbacks and the
  /// user's decides what they see.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @usableFromInline
  enum NativeTracking {
    /// Runs `apply` in a tracking call on the native engine, observed with the callbacks
    /// `makeCallbacks` returns after it.
    @usableFromInline
    static func run(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      func marked() { TrackingScope.runMarked(apply) }
      switch NativeTrackingPlan.plan(for: request, features: .current) {
      // Traced, it takes the willSet path, whose callback names the changed key path.
      case .observationOnce where !TraceSwitch.isEnabled:
        runOnce(apply, callbacks: makeCallbacks)
      case .observationOnce, .observationEvents(perceptionBeside: true):
        let hearsReleases: Bool
        if case .options(let options) = request {
          hearsReleases = options.contains(.deinit)
        } else {
          hearsReleases = false
        }
        TrackingScope.runBesideObservation { leaveScope, registrarCount -> Observer? in
          let applyInScope = {
            TrackingScope.runMarked(apply)
            leaveScope()
          }
          guard hearsReleases else {
            return observe(applyInScope, request: request, callbacks: makeCallbacks)
          }
          // Sized by the objects read, to register for their releases.
          return observe(applyInScope, request: request) {
            makeCallbacks().map { Observer.make($0, registrarCount: registrarCount()) }
          }
        } setupEnded: { list, observer in
          guard let observer else { return }
          if hearsReleases { TrackingScope.installForReleases(observer, for: list) }
          guard list.pairCount != 0 else { return }
          NativeSetupWindow.check(
            list, waitsForWrites: request.observationEvents == (true, false),
            deliver: observer.receiverOfChangesDuringSetup)
        }
      case .observationOnceOrRelease:
        runAdvanced(marked, options: nil, callbacks: makeCallbacks)
      case .observationEvents(perceptionBeside: false):
        observe(marked, request: request, callbacks: makeCallbacks)
      case .observationOptions:
        // `onStoredChange` is observed as the options tracking it stands for; its observer,
        // made from its callbacks, hears their events as its own.
        let options: PerceptionTracking.Options
        switch request {
        case .options(let requested): options = requested
        case .onStoredChange: options = TrackingRequest.storedChangeOptions
        default: return
        }
        runAdvanced(marked, options: options, callbacks: makeCallbacks)
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// `withObservationTracking(_:onChange:)` beside a Perception scope, `onChange` behind a
    /// `OnChangeOnce`: `TrackingScope.runBesideObservation`'s steps, written out so that
    /// Observation's `onChange` autoclosure makes the `OnChangeOnce` only once `apply` read
    /// something (`empty-scope` and `nested-3` make none).
    @usableFromInline
    static func runOnce(_ apply: () -> Void, callbacks makeCallbacks: () -> ObserverCallbacks?) {
      TrackingScope.withScope { list, enclosing, enclosingSlot in
        var once: OnChangeOnce?
        // Through a pointer, as a captured `inout` would box the variable on the heap.
        withUnsafeMutablePointer(to: &once) { once in
          withObservationTracking(
            {
              TrackingScope.runMarked(apply)
              ThreadLocal.slot = enclosingSlot
            }, onChange: forwardOnce(makeCallbacks, into: once))
        }
        // A list that recorded nothing owns nothing.
        if _slowPath(list.pairCount != 0) { endSetup(list, enclosing: enclosing, once: once) }
      }
    }

    /// The end of `runOnce`'s setup, for a scope that read something.
    @inline(never)
    static func endSetup(
      _ list: UnsafeMutablePointer<AccessList>, enclosing: UnsafeMutablePointer<AccessList>?,
      once: OnChangeOnce?
    ) {
      // Observation read what the scope read, so it asked for `onChange`.
      if let once {
        NativeSetupWindow.check(list, waitsForWrites: true, deliver: once.fireForSetup)
      }
      TrackingScope.endBesideObservation(list, enclosing: enclosing)
    }

    /// The one-shot `onChange` Observation calls: the user's, behind a `OnChangeOnce` kept in
    /// `once` for the setup's check.
    @inline(__always)
    static func forwardOnce(
      _ makeCallbacks: () -> ObserverCallbacks?, into once: UnsafeMutablePointer<OnChangeOnce?>
    ) -> @Sendable () -> Void {
      guard case .onChange(let onChange)? = makeCallbacks() else { return {} }
      let made = OnChangeOnce.make(onChange)
      once.pointee = made
      // ManagedBuffer opts out of Sendable; its shared state is its atomic word.
      nonisolated(unsafe) let fired = made
      return { fired.fire() }
    }

    /// Runs `apply` in Observation's willSet/didSet tracking, into an observer made before it.
    @discardableResult
    static func observe(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) -> Observer {
      let observer = Observer.makeAwaitingCallbacks(request)
      track(
        {
          apply()
          observer.adopt(makeCallbacks())
        }, request: request, into: observer)
      return observer
    }

    /// `observe(_:request:callbacks:)` for an observer made after `apply`, sized by its reads.
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

    /// Runs `apply` in Observation's willSet/didSet tracking (`ObservationSPI`) of the events
    /// `request` asks for, handed to `sink`, which each closure captures alone, so that it
    /// serves as its context.
    static func track(
      _ apply: () -> Void, request: TrackingRequest, into sink: some ObservationEventSink
    ) {
      // Every sink's shared state is safe to reach from any thread (see the protocol).
      nonisolated(unsafe) let sink = sink
      switch request.observationEvents {
      case (true, true):
        ObservationSPI.track(
          apply, willSet: { sink.forward(EventBits.willSet, $0) },
          didSet: { sink.forward(EventBits.didSet, $0) })
      case (true, false):
        ObservationSPI.track(apply, willSet: { sink.forward(EventBits.willSet, $0) })
      case (false, true):
        ObservationSPI.track(apply, didSet: { sink.forward(EventBits.didSet, $0) })
      case (false, false):
        // Nothing to observe: the reads still reach an enclosing tracking.
        apply()
      }
    }

    /// Carries an observer made after `apply` to the callbacks Observation was given before it.
    final class Bridge: ObservationEventSink {
      var observer: Observer?
      func forward(_ event: UInt32, _ tracking: ObservationSPI.Tracking) {
        guard let observer else { return ObservationSPI.cancel(tracking) }
        observer.forward(event, tracking)
      }
    }
  }

  /// What Observation's willSet/didSet callbacks hand their events to, on any thread: each
  /// conformer guards its shared state (atomics, a lock, or fields published by Observation's).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  protocol ObservationEventSink: AnyObject, SendableMetatype {
    /// Takes `event`, a `EventBits` bit, and cancels `tracking` once it wants no more.
    func forward(_ event: UInt32, _ tracking: ObservationSPI.Tracking)
  }

  extension TrackingRequest {
    var observationEvents: (willSet: Bool, didSet: Bool) {
      switch self {
      case .onChange: (true, false)
      case .onStoredChange: (false, true)
      case .events: (true, true)
      case .options(let options): (options.contains(.willSet), options.contains(.didSet))
      }
    }
  }

  extension OnChangeOnce {
    /// What `NativeSetupWindow.check` calls for a write Observation missed.
    var fireForSetup: @Sendable (UnsafeRawPointer) -> Void {
      // ManagedBuffer opts out of Sendable; its shared state is its atomic word.
      nonisolated(unsafe) let once = self
      return { _ in once.fire() }
    }
  }

  extension Observer {
    /// What `NativeSetupWindow.check` calls for a write Observation missed.
    var receiverOfChangesDuringSetup: @Sendable (UnsafeRawPointer) -> Void {
      // Every observer's shared state is safe to reach from any thread.
      nonisolated(unsafe) let observer = self
      return { observer.receiveChangeDuringSetup(of: $0) }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension Observer: ObservationEventSink {
    /// An observer with no registrations and no callbacks yet. It starts `active`, having no
    /// registration to arm; Observation publishes it to other threads only after `apply`.
    static func makeAwaitingCallbacks(_ request: TrackingRequest) -> Observer {
      let observer = make(
        request: request, events: 0, installerThread: request.installerThread, callbacks: nil,
        registrarCount: 0)
      observer.withState { $0.initialize(.active) }
      return observer
    }

    /// Moves in its callbacks, or finishes it if there are none: only before it is published.
    func adopt(_ callbacks: consuming ObserverCallbacks?) {
      guard let callbacks else {
        _ = withState { $0.claim() }
        return
      }
      initializeField(\.callbacks, to: callbacks)
    }

    func forward(_ event: UInt32, _ tracking: ObservationSPI.Tracking) {
      receive(event, keyPath: ObservationSPI.changed(tracking))
      if isFinished { ObservationSPI.cancel(tracking) }
    }
  }
#endif
