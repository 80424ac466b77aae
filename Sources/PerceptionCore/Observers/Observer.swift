/// What one tracking call asked to be told.
@usableFromInline
enum ObserverCallbacks {
  /// `withPerceptionTracking(_:onChange:)`: once, on the first willSet, then cancelled.
  case onChange(@Sendable () -> Void)
  /// The willSet/didSet variants: on every matching event, until cancelled.
  case events(
    willSet: (@Sendable (PerceptionTracking) -> Void)?,
    didSet: (@Sendable (PerceptionTracking) -> Void)?
  )
  /// `withPerceptionTracking(options:_:onChange:)`: the events `options` names, for the first
  /// change (see `Observer.receiveOptionsEvent`), and each release of a tracked object.
  case options(
    PerceptionTracking.Options, @Sendable (borrowing PerceptionTracking.Event) -> Void)
}

/// What one tracking call asks for, known before its `apply` runs: the native engine picks
/// its path from it (see `NativeTrackingPlan`), and an observer keeps it beside its callbacks,
/// so that it can be read without synchronization: it never changes, while the callbacks are
/// cleared when the observer finishes.
@usableFromInline
enum TrackingRequest: Equatable {
  /// `withPerceptionTracking(_:onChange:)`.
  case onChange
  /// The willSet/didSet variants.
  case events
  /// `withPerceptionTracking(options:_:onChange:)`.
  case options(PerceptionTracking.Options)
}

/// One registration of an observer in one registrar's table.
struct ObserverRegistration {
  let table: ObserverTable
  let token: ObserverToken
}

/// An observer's fixed part. Every field is reached through its own pointer, never by reading
/// or writing the whole struct, because other threads update `state` atomically at any time.
/// `registrationCount` is written only by the installing thread, before `Observer.arm()`
/// publishes it with the compare-exchange that ends installation. `callbacks` is read and cleared only as the state word
/// allows (see `Observer`).
struct ObserverHeader {
  var state: AtomicWord
  /// Nil once the observer has finished and nobody is copying them any more: a finished
  /// observer keeps nothing its callbacks captured alive, even while a `PerceptionTracking`
  /// that names it is kept.
  var callbacks: ObserverCallbacks?
  /// What the tracking call asked for. Set before the observer is published, never after (a
  /// spare's is set again when it is reused, while no other thread can reach it).
  var request: TrackingRequest
  /// The events it registers for, as `EventBits`, with its `RegistrationFlags`; set as
  /// `request`.
  var events: UInt32
  /// The registrations the tail has room for: one per registrar the scope read.
  let registrationCapacity: Int
  var registrationCount = 0
  /// Whether it is the spare, waiting to be reused (see `Observer.release(_:)`): no longer
  /// counted among the live observers.
  var isSpare = false
  /// Set by the thread whose notification fired a one-shot observer that had one
  /// registration, and read only by that thread: the observer may become the spare.
  var mayBecomeSpare = false
  /// The change trace's record of where it was installed (a retained `TraceSite`), or nil
  /// when tracing was off then, as always in release builds; set before the observer is
  /// published (see `Observer+Trace`).
  var traceSite: UnsafeMutableRawPointer? = nil
}

/// The registrations one tracking call made, in every registrar it read, and whether they
/// still stand. One allocation holds the state, the callbacks and, in its tail, one
/// registration per registrar.
///
/// Its state is an `ObserverState`, which says which thread may touch the callbacks, when:
/// a reader calls them in place, the one thread that finishes a one-shot tracking takes them
/// out, and whoever is last lets go of them. Cancelling finishes the state, cancels the
/// registrations that still stand, and waits for the readers.
final class Observer: ManagedBuffer<ObserverHeader, ObserverRegistration> {
  /// An observer with room for `registrarCount` registrations.
  static func make(_ callbacks: consuming ObserverCallbacks, registrarCount: Int) -> Observer {
    let request = request(of: callbacks)
    let events = events(of: callbacks)
    if registrarCount == 1,
      let spare = SpareObserver.exchange(nil)
    {
      // The spare's last owner gave it up with the exchange that stored it; this one
      // synchronizes with it, and nobody else can reach it. It has room for at least one
      // registration.
      let observer = Unmanaged<Observer>.fromOpaque(spare).takeRetainedValue()
      // Its callbacks are nil (see `becomeSpare`), which needs no destroying: these move in.
      observer.callbacksPointer.initialize(to: callbacks)
      observer.withUnsafeMutablePointerToHeader { header in
        header.pointer(to: \.request)!.pointee = request
        header.pointer(to: \.events)!.pointee = events
        header.pointer(to: \.isSpare)!.pointee = false
        header.pointer(to: \.mayBecomeSpare)!.pointee = false
      }
      observer.state.initialize(.installing)
      countForDebugging(.observers, 1)
      observer.captureTraceSite(request)
      return observer
    }
    let observer = make(
      request: request, events: events, callbacks: callbacks, registrarCount: registrarCount)
    observer.state.initialize(.installing)
    return observer
  }

  /// A new observer, its state not yet initialized: room for `registrarCount` registrations,
  /// none made.
  static func make(
    request: TrackingRequest, events: UInt32, callbacks: consuming ObserverCallbacks?,
    registrarCount: Int
  ) -> Observer {
    let buffer = create(minimumCapacity: registrarCount) { _ in
      ObserverHeader(
        state: AtomicWord(), callbacks: copy callbacks, request: request, events: events,
        registrationCapacity: registrarCount)
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    countForDebugging(.observers, 1)
    observer.captureTraceSite(request)
    return observer
  }

  deinit {
    if !withUnsafeMutablePointerToHeader({ $0.pointer(to: \.isSpare)!.pointee }) {
      countForDebugging(.observers, -1)
    }
    // Every registration has been cancelled or its registrar is gone (a table holds a
    // reference to each observer it lists), so only the table references remain to drop.
    forEachRegistration { $0.table.releaseTable() }
    releaseTraceSite()
  }

  /// The state word, in the object's header, which never moves.
  @inline(__always)
  var state: ObserverState {
    ObserverState(withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! })
  }

  /// The callbacks' field. Read it only as a reader, or as the thread that clears it.
  var callbacksPointer: UnsafeMutablePointer<ObserverCallbacks?> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.callbacks)! }
  }

  /// What the tracking call asked for.
  var request: TrackingRequest {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.request)!.pointee }
  }

  private static func request(of callbacks: ObserverCallbacks) -> TrackingRequest {
    switch callbacks {
    case .onChange: .onChange
    case .events: .events
    case .options(let options, _): .options(options)
    }
  }

  /// The events an observer with `callbacks` registers for, as `EventBits`, with its
  /// `RegistrationFlags`.
  private static func events(of callbacks: ObserverCallbacks) -> UInt32 {
    switch callbacks {
    case .onChange:
      // The first willSet collected takes the registration out of the table (and hands over
      // the table's reference), so cancelling skips that table.
      return EventBits.willSet | RegistrationFlags.once
    case .events(let willSet, let didSet):
      return (willSet == nil ? 0 : EventBits.willSet)
        | (didSet == nil ? 0 : EventBits.didSet)
    case .options(let options, _):
      // Releases need no registration bit: a registrar going away hands back every observer.
      let willSet = options.contains(.willSet)
      let didSet = options.contains(.didSet)
      return (willSet ? EventBits.willSet : 0)
        | (didSet ? EventBits.didSet : 0)
        // With one of the two, the first event finishes it, as `onChange`.
        | (willSet != didSet ? RegistrationFlags.once : 0)
    }
  }

  /// Registers for `properties` in `table`. Called only while installing, at most once per
  /// registrar, so at most `registrarCount` times.
  func register(in table: ObserverTable, properties: UnsafePointer<UnsafeRawPointer?>, count: Int) {
    let reference = Unmanaged.passRetained(self).toOpaque()
    let events = withUnsafeMutablePointerToHeader { $0.pointer(to: \.events)!.pointee }
    let token = table.register(reference, for: events, properties: properties, count: count)
    guard token != 0 else {
      // The registrar went away; there is nothing to observe.
      Unmanaged<Observer>.fromOpaque(reference).release()
      return
    }
    table.retainTable()
    withUnsafeMutablePointers { header, registrations in
      let count = header.pointer(to: \.registrationCount)!
      perceptionPrecondition(
        count.pointee < header.pointer(to: \.registrationCapacity)!.pointee,
        "Perception: an observer registered in more registrars than its scope counted")
      (registrations + count.pointee).initialize(
        to: ObserverRegistration(table: table, token: token))
      count.pointee += 1
    }
  }

  /// Ends installation. If the observer fired or was cancelled meanwhile, cancels what it
  /// registered; otherwise events go on being delivered.
  func arm() {
    if state.arm() { cancelRegistrations(except: nil) }
  }

  /// Delivers `event` (a `EventBits` bit) for `keyPath`; `EventBits.deinit`, with no key path,
  /// when a registrar it observes goes away. `collectedFrom` names the table that handed it
  /// over: that table has dropped the registration if it was one-shot, or if the registrar is
  /// going away, and cancelling then skips it.
  func receive(_ event: UInt32, keyPath: AnyKeyPath?, collectedFrom table: ObserverTable? = nil) {
    switch request {
    case .onChange:
      // A release counts as a change of every property the scope read, as in the newest
      // Observation: the object can change no more, and whoever tracked it must hear so.
      // Alone: the only readers of a one-shot observer are the threads that finish it.
      guard let (claimedWhile, _) = state.claimAsReader() else { return }
      defer { state.leaveReaderHavingTakenCallbacks() }
      // While installing, the installer cancels the registrations in `arm()`.
      if claimedWhile == .active {
        if table != nil && registrationCount == 1 {
          // Its one registration is gone, and nothing else of it will ever run on another
          // thread: the installer is done, and a one-shot tracking hands out no handle to
          // cancel it by.
          withUnsafeMutablePointerToHeader { $0.pointer(to: \.mayBecomeSpare)!.pointee = true }
        } else {
          cancelRegistrations(except: table)
        }
      }
      // The one reader a one-shot observer ever has, and it finished the observer: nobody
      // else can reach the callbacks, so it takes them rather than copying them. They are
      // released inside the closure, before this thread leaves (and a cancel waiting for it
      // returns).
      ObserverState.insideCallback {
        if case .onChange(let onChange)? = takeCallbacks() {
          traceCallback(event, keyPath: keyPath)
          onChange()
        }
      }
    case .events:
      guard event != EventBits.deinit, state.enterReader() else { return }
      defer { leaveReader() }
      ObserverState.insideCallback {
        guard case .events(let willSet, let didSet)? = callbacksPointer.pointee else { return }
        let tracking = PerceptionTracking(observer: self, changed: keyPath)
        traceCallback(event, keyPath: keyPath)
        if event == EventBits.willSet {
          willSet?(tracking)
        } else {
          didSet?(tracking)
        }
      }
    case .options(let options):
      receiveOptionsEvent(event, keyPath: keyPath, options: options, collectedFrom: table)
    }
  }

  /// Cancels every registration and lets go of the callbacks; later events are ignored. Then,
  /// unless this thread is inside a Perception callback, waits until no callback of this
  /// observer is running on another thread. Safe from any thread, any number of times, and
  /// from inside a callback (of this observer or another), where it does not wait.
  func cancel() {
    if let (claimedWhile, hadNoReader) = state.claim() {
      // The callbacks, when no reader holds them, are released here, outside any lock.
      if hadNoReader { releaseCallbacks() }
      if claimedWhile == .active { cancelRegistrations(except: nil) }
    }
    state.waitForReaders()
  }

  /// Whether it has fired (one-shot) or been cancelled: it will deliver nothing more.
  @inline(__always)
  var isFinished: Bool { state.isFinished }

  /// Gives up this thread's reader place (see `ObserverState.leaveReader(releasing:)`).
  func leaveReader() {
    state.leaveReader(releasing: releaseCallbacks)
  }

  /// Moves the callbacks out of the observer. Only for the one thread that saw it finished
  /// with no other readers.
  func takeCallbacks() -> ObserverCallbacks? {
    let pointer = callbacksPointer
    // A move, not a copy and an assignment: no retain of what they capture, and no release
    // but the caller's.
    let callbacks = pointer.move()
    pointer.initialize(to: nil)
    return callbacks
  }

  /// Lets go of the callbacks, as the one thread allowed to.
  func releaseCallbacks() {
    _ = takeCallbacks()
  }

  /// Cancels the registrations that still stand, but for the one in `collectedFrom`'s table,
  /// which that table dropped already. Only for the thread that finished the observer from
  /// `active`.
  func cancelRegistrations(except collectedFrom: ObserverTable?) {
    forEachRegistration { registration in
      guard registration.table != collectedFrom else { return }
      if let reference = registration.table.cancel(registration.token) {
        Unmanaged<Observer>.fromOpaque(reference).release()
      }
    }
  }

  /// How many registrations the installer made. Read it only once installation is over.
  private var registrationCount: Int {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.registrationCount)!.pointee }
  }

  func forEachRegistration(_ body: (ObserverRegistration) -> Void) {
    withUnsafeMutablePointers { header, registrations in
      for index in 0..<header.pointer(to: \.registrationCount)!.pointee {
        body(registrations[index])
      }
    }
  }
}
