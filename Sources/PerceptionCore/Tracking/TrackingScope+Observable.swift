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
  /// whichever kind of model changes first, and cancels Perception's registrations. (Observation
  /// offers no handle to cancel its own side early: a one-shot side that lost stays registered
  /// until its property's next change, which it then ignores, or its object's release.)
  ///
  /// Nesting follows from each side's own: a Perception scope inside `withObservationTracking`
  /// hands its `@Observable` reads to the enclosing tracking, as a nested native tracking does,
  /// and a `withObservationTracking` inside a Perception scope hands its reads to the scope's.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension TrackingScope {
    /// Runs `apply` in a scope on Perception's runtime that also observes, with the same
    /// one-shot callback, the `@Observable` properties it reads; returns `apply`'s result.
    ///
    /// The path of `withPerceptionTracking(_:onChange:)`, `Perceptions` and the SwiftUI
    /// wrapper (untraced): Observation's `withObservationTracking(_:onChange:)` around the
    /// scope, whose `onChange` is made only if `apply` read an `@Observable` property. Inlined,
    /// `apply` with it, into the closure Observation runs: the scope costs what
    /// `runOnPerceptionEngine`'s own does, plus Observation's tracking around it.
    @inlinable @inline(__always)
    static func runOnceSeeingObservable<T>(
      _ apply: () -> T, callbacks makeCallbacks: () -> ObserverCallbacks?
    ) -> T {
      var side = PerceptibleSide()
      return withObservationTracking(
        {
          withScope { list, enclosing, enclosingSlot in
            let result = applyChecking(apply)
            ThreadLocal.slot = enclosingSlot
            // A list that recorded nothing owns nothing: no storage, no registrar.
            if _slowPath(list.pairCount != 0) {
              side.observe(list, enclosing: enclosing, callbacks: makeCallbacks)
            }
            return result
          }
        }, onChange: side.observableOnChange(callbacks: makeCallbacks))
    }

    /// Runs `apply` in a scope on Perception's runtime that also observes, with the same
    /// callbacks, the `@Observable` properties it reads: the willSet/didSet variants, options
    /// trackings and a traced one-shot tracking, which take Observation's willSet/didSet
    /// tracking, whose callbacks name the changed property, as on the native engine.
    @usableFromInline
    static func runEventsSeeingObservable(
      _ apply: () -> Void, request: TrackingRequest,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      var willSet = true
      var didSet = true
      switch request {
      case .onChange:
        didSet = false
      case .events:
        break
      case .options(let options):
        willSet = options.contains(.willSet)
        didSet = options.contains(.didSet)
      }
      var scope = PerceptibleSide()
      NativeTracking.observeEvents(
        { scope.run(apply, callbacks: makeCallbacks) }, willSet: willSet, didSet: didSet,
        makeObserver: { scope.observer(for: request, callbacks: makeCallbacks) })
    }

    /// What the Perception side of a scope that also observes `@Observable` reads made: the
    /// callbacks are asked for once, by whichever side needs them first.
    @usableFromInline
    struct PerceptibleSide {
      /// Whether the Perception side read something, and so asked for the callbacks.
      private var askedForCallbacks = false
      /// The observer the Perception side made and armed; nil if it read nothing or the
      /// callbacks were nil.
      private var observer: Observer?

      @usableFromInline
      init() {}

      /// Runs `apply` in a Perception scope, observing what it read.
      mutating func run(_ apply: () -> Void, callbacks makeCallbacks: () -> ObserverCallbacks?) {
        withScope { list, enclosing, enclosingSlot in
          applyChecking(apply)
          ThreadLocal.slot = enclosingSlot
          // A list that recorded nothing owns nothing: no storage, no registrar.
          if _slowPath(list.pairCount != 0) {
            observe(list, enclosing: enclosing, callbacks: makeCallbacks)
          }
        }
      }

      /// The end of the Perception side's scope, when it read something (see
      /// `TrackingScope.observe`): keeps the observer for Observation's side.
      @usableFromInline
      mutating func observe(
        _ list: UnsafeMutablePointer<AccessList>,
        enclosing: UnsafeMutablePointer<AccessList>?,
        callbacks makeCallbacks: () -> ObserverCallbacks?
      ) {
        askedForCallbacks = true
        observer = TrackingScope.observer(
          for: list, enclosing: enclosing, callbacks: makeCallbacks)
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
      @usableFromInline
      func observableOnChange(
        callbacks makeCallbacks: () -> ObserverCallbacks?
      ) -> @Sendable () -> Void {
        guard askedForCallbacks else { return NativeTracking.forwardOnce(makeCallbacks) }
        guard let made = observer else { return {} }
        // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word.
        // The closure captures it alone, which then serves as its context: no allocation.
        nonisolated(unsafe) let observer = made
        return { observer.receive(EventBits.willSet, keyPath: nil) }
      }
    }
  }
#endif
