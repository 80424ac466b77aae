#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  /// Scopes on Perception's runtime wherever Swift's Observation exists, where a scope may read
  /// `@Observable` models beside `@Perceptible` ones, as swift-perception's tracking sees both.
  ///
  /// An `@Observable` model's registrar is Observation's, which records reads only inside
  /// Observation's own tracking, in a thread-local Observation does not export. So the scope
  /// runs inside `withObservationTracking` as well: Perception's access list gathers the
  /// `@Perceptible` reads, Observation's the `@Observable` ones, and both sides' callbacks reach
  /// one `Observer`, whose state lets exactly one change through to a one-shot tracking,
  /// whichever kind of model changes first, and cancels Perception's registrations. Observation
  /// offers no handle to cancel its own side early; a one-shot scope over models read beside an
  /// `@Observable` one before ends it through an `ObservationSideEnd`, and any other scope's
  /// stays registered until its property's next change, which it then ignores, or its object's
  /// release.
  ///
  /// Nesting follows from each side's own: a Perception scope inside `withObservationTracking`
  /// hands its `@Observable` reads to the enclosing tracking, as a nested native tracking does,
  /// and a `withObservationTracking` inside a Perception scope hands its reads to the scope's.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension TrackingScope {
    /// Runs `apply` in a scope on Perception's runtime that also observes, with the same
    /// callbacks, the `@Observable` properties it reads.
    ///
    /// A one-shot tracking, the path of `withPerceptionTracking(_:onChange:)`, `Perceptions`
    /// and the SwiftUI wrapper, costs the scope Observation's
    /// `withObservationTracking(_:onChange:)` around it, whose `onChange` is made only if
    /// `apply` read an `@Observable` property. The other trackings take
    /// `runEventsSeeingObservable`. Out of line: Observation's tracking costs ten times the
    /// call, and inlined into every tracking call beside the scope without it, it made the
    /// callers' code large enough that the scope without it cost more.
    @usableFromInline
    static func runSeeingObservable(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      guard case .onChange = request, !TraceSwitch.isEnabled else {
        runEventsSeeingObservable(apply, request: request, callbacks: makeCallbacks)
        return
      }
      var side = PerceptibleSide(joiningObservationSide: true)
      withObservationTracking(
        { side.run(apply, callbacks: makeCallbacks) },
        onChange: side.observableOnChange(callbacks: makeCallbacks))
      side.finishInstalling()
    }

    /// Runs `apply` in a scope on Perception's runtime that also observes, with the same
    /// callbacks, the `@Observable` properties it reads: the willSet/didSet variants, options
    /// trackings and a traced one-shot tracking, which take Observation's willSet/didSet
    /// tracking, whose callbacks name the changed property, as on the native engine.
    static func runEventsSeeingObservable(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      // Both events, whatever the request names: the observer delivers only those it asked
      // for. Nothing, for an options tracking of releases alone, which no `@Observable` model
      // reports.
      var observes = true
      if case .options(let options) = request {
        observes = !options.intersection([.willSet, .didSet]).isEmpty
      }
      // No `ObservationSideEnd`: these trackings stand until cancelled, and one joined to
      // them would hold the observer, through Observation's registration on it, past the
      // registrars that would otherwise let it go (an options tracking is not finished by a
      // release, and a willSet/didSet tracking hears none), for as long as the tracking is
      // not cancelled. Observation's side of one that Perception's side ended stays until
      // that side's property next changes, and ends then (`Bridge.forward`).
      var side = PerceptibleSide(joiningObservationSide: false)
      NativeTracking.observeEvents(
        { side.run(apply, callbacks: makeCallbacks) }, willSet: observes, didSet: observes,
        makeObserver: { side.observer(for: request, callbacks: makeCallbacks) })
      side.finishInstalling()
    }

    /// What the Perception side of a scope that also observes `@Observable` reads made: the
    /// callbacks are asked for once, by whichever side needs them first.
    struct PerceptibleSide {
      /// Whether the Perception side, if it registers, joins an `ObservationSideEnd` to
      /// Observation's tracking, which its observer then ends when it finishes: for a one-shot
      /// tracking, where a registrar the scope read has been read beside an `@Observable`
      /// model before (`ObserverTable`'s mark, which `observableOnChange` sets). The scopes
      /// that read a model read the same others again, mostly, and the join costs what
      /// Observation's tracking of one `@Observable` read costs, which no other scope pays. A
      /// scope that a mark misses leaves Observation's side to end at its property's next
      /// change, as Observation's own one-shot tracking does, and marks its registrars for the
      /// next.
      private let joiningObservationSide: Bool

      /// Whether the Perception side read something, and so asked for the callbacks.
      private var askedForCallbacks = false
      /// The observer the Perception side made, registered but not armed; nil if it read
      /// nothing or the callbacks were nil.
      private var observer: Observer?

      init(joiningObservationSide: Bool) {
        self.joiningObservationSide = joiningObservationSide
      }

      /// Runs `apply` in a Perception scope, observing what it read. Inlined into the closure
      /// Observation runs, as the scope is into its caller elsewhere.
      @inline(__always)
      mutating func run(_ apply: () -> Void, callbacks makeCallbacks: () -> ObserverCallbacks?) {
        runInScope(apply) { list, enclosing in
          observe(list, enclosing: enclosing, callbacks: makeCallbacks)
        }
      }

      /// The end of the Perception side's scope, when it read something (see
      /// `TrackingScope.observe`), still inside Observation's tracking: keeps the observer,
      /// not yet armed, for Observation's side, and joins an `ObservationSideEnd` to that
      /// side for the observer to end, if it registered anywhere (one that did not never
      /// finishes from this side, and would hold the handle that holds it).
      @inline(never)
      private mutating func observe(
        _ list: UnsafeMutablePointer<AccessList>,
        enclosing: UnsafeMutablePointer<AccessList>?,
        callbacks makeCallbacks: () -> ObserverCallbacks?
      ) {
        askedForCallbacks = true
        observer = TrackingScope.observer(
          for: list, enclosing: enclosing, callbacks: makeCallbacks)
        guard joiningObservationSide, let observer, observer.hasRegistrations else { return }
        var marked = false
        observer.forEachRegistration { marked = marked || $0.table.isReadBesideObservable }
        guard marked else { return }
        let observationSide = ObservationSideEnd()
        observationSide.join()
        observer.setObservationSide(observationSide)
      }

      /// Once Observation has installed its side: arms the Perception side's observer, so that
      /// whichever side finishes it, even before now, ends Observation's side after that
      /// side exists.
      func finishInstalling() {
        observer?.arm()
      }

      /// The observer Observation's willSet/didSet callbacks hand events to: the Perception
      /// side's, or, if that side read nothing, one with no registrations of its own.
      func observer(
        for request: TrackingRequest, callbacks makeCallbacks: () -> ObserverCallbacks?
      ) -> Observer? {
        if askedForCallbacks { return observer }
        guard let callbacks = makeCallbacks() else { return nil }
        let observer = Observer.makeAwaitingCallbacks(request)
        observer.adopt(callbacks)
        return observer
      }

      /// The `onChange` a one-shot tracking hands Observation, which evaluates it only if the
      /// scope read an `@Observable` property: the Perception side's observer's first willSet,
      /// or, if that side read nothing, the user's `onChange` behind a `OnChangeOnce`.
      func observableOnChange(
        callbacks makeCallbacks: () -> ObserverCallbacks?
      ) -> @Sendable () -> Void {
        guard askedForCallbacks else { return NativeTracking.forwardOnce(makeCallbacks) }
        guard let made = observer else { return {} }
        made.forEachRegistration { $0.table.markReadBesideObservable() }
        // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word.
        // The closure captures it alone, which then serves as its context: no allocation.
        nonisolated(unsafe) let observer = made
        return { observer.receive(EventBits.willSet, keyPath: nil) }
      }
    }
  }
#endif
