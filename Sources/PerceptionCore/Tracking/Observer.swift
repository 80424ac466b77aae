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
/// publishes it with a release store. `callbacks` is read and cleared only as the state word
/// allows (see `Observer`).
struct ObserverHeader {
  var state: AtomicWord
  /// Nil once the observer has finished and nobody is copying them any more: a finished
  /// observer keeps nothing its callbacks captured alive, even while a `PerceptionTracking`
  /// that names it is kept.
  var callbacks: ObserverCallbacks?
  /// Set before the observer is published, never after (a spare's is set again when it is
  /// reused, while no other thread can reach it).
  var mode: TrackingRequest
  /// The events it registers for, as `EventBits`; set as `mode`.
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
  #if DEBUG
    /// The change trace's record of where it was installed (a retained `TraceSite`), or nil
    /// when tracing was off then; set before the observer is published (see `Observer+Trace`).
    var traceSite: UnsafeMutableRawPointer? = nil
  #endif
}

/// The registrations one tracking call made, in every registrar it read, and whether they
/// still stand. One allocation holds the state, the callbacks and, in its tail, one
/// registration per registrar.
///
/// The state goes through these values:
/// - `installing`: its registrations are being made. Events are delivered already (a thread
///   mutating a registrar registered so far must hear about it, on its own thread, before its
///   new value is stored), but only the installing thread touches the registrations.
/// - `finishedWhileInstalling`: fired (one-shot) or cancelled during installation; `arm()`
///   cancels the registrations made.
/// - `active`: installed; events are delivered.
/// - `finished`: fired (one-shot) or cancelled, and its registrations cancelled or being
///   cancelled; events are ignored.
///
/// Leaving `installing` or `active` is a compare-exchange, so of two threads that mutate at
/// once exactly one fires a one-shot `onChange`, and a mutation made inside `onChange` finds
/// the observer already finished instead of calling it again.
///
/// The state word also counts the readers: the threads delivering a callback. A reader takes
/// its place only while the observer is unfinished, in the same compare-exchange that checks
/// so, and holds it until the callback has returned. (The one thread that finishes a one-shot
/// `onChange` becomes a reader in the compare-exchange that finishes it.) So `cancel()`, once
/// it has finished the observer, knows that no new callback can start, and waits for the
/// readers to leave: when it returns, no callback is running either (the model of .NET's
/// `CancellationTokenRegistration.Dispose`). It does not wait on a thread that is itself
/// inside a Perception callback (the per-thread callback depth), which rules out a callback
/// waiting for itself and two callbacks on two threads waiting for each other.
///
/// Finishing lets go of the callbacks at once if no reader holds them; otherwise the last
/// reader out does, before it leaves, so that a waiting `cancel()` returns only once they are
/// released. Exactly one thread clears them.
///
/// An options tracking that wants both willSet and didSet also keeps a `Phase` in the word,
/// so that one mutation's pair is delivered once even when several threads mutate.
final class Observer: ManagedBuffer<ObserverHeader, ObserverRegistration> {
  enum State: UInt32 {
    case installing, finishedWhileInstalling, active, finished

    var isFinished: Bool { self == .finishedWhileInstalling || self == .finished }
  }

  /// Where a willSet-and-didSet options tracking is in delivering its one mutation.
  enum Phase: UInt32 {
    /// No willSet delivered yet.
    case idle
    /// One thread is delivering the willSet; other events are ignored meanwhile.
    case deliveringWillSet
    /// The willSet was delivered; the next didSet finishes the tracking.
    case awaitingDidSet
  }

  /// The state word: the state in bits 0-1, the phase in bits 2-3, and above them the number
  /// of readers delivering a callback.
  private static let stateMask: UInt32 = 3
  private static let phaseShift: UInt32 = 2
  private static let phaseMask: UInt32 = 3 << phaseShift
  private static let reader: UInt32 = 16

  /// An observer with room for `registrarCount` registrations.
  static func make(_ callbacks: consuming ObserverCallbacks, registrarCount: Int) -> Observer {
    let mode = mode(of: callbacks)
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
        header.pointer(to: \.mode)!.pointee = mode
        header.pointer(to: \.events)!.pointee = events
        header.pointer(to: \.isSpare)!.pointee = false
        header.pointer(to: \.mayBecomeSpare)!.pointee = false
      }
      observer.statePointer.initializeWord(State.installing.rawValue)
      countForDebugging(.observers, 1)
      observer.captureTraceSite(mode)
      return observer
    }
    let buffer = create(minimumCapacity: registrarCount) { _ in
      ObserverHeader(
        state: AtomicWord(), callbacks: copy callbacks, mode: mode, events: events,
        registrationCapacity: registrarCount)
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    observer.statePointer.initializeWord(State.installing.rawValue)
    countForDebugging(.observers, 1)
    observer.captureTraceSite(mode)
    return observer
  }

  /// An observer of `mode` with no registrations and no callbacks yet, for a native-engine
  /// tracking whose callbacks are known only once its `apply` has run: Observation's
  /// callbacks, given before `apply` runs, capture the observer itself, and `adopt(_:)` moves
  /// the callbacks in before Observation installs them.
  ///
  /// It starts `active`, with no `arm()` to come: it makes no registration of its own (the
  /// installing state exists so that `arm()` cancels the registrations of an observer that
  /// finished while they were being made), and Observation, under its lock, publishes it to
  /// other threads only once `apply` has returned.
  static func makeAwaitingCallbacks(_ mode: TrackingRequest) -> Observer {
    let buffer = create(minimumCapacity: 0) { _ in
      ObserverHeader(
        state: AtomicWord(), callbacks: nil, mode: mode, events: 0,
        registrationCapacity: 0)
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    observer.statePointer.initializeWord(State.active.rawValue)
    countForDebugging(.observers, 1)
    observer.captureTraceSite(mode)
    return observer
  }

  /// Moves in the callbacks of an observer made by `makeAwaitingCallbacks(_:)`, or finishes it
  /// when there are none. Only for its installer, before the observer is published.
  func adopt(_ callbacks: consuming ObserverCallbacks?) {
    guard let callbacks else {
      _ = claim()
      return
    }
    // Nil until now, which needs no destroying.
    callbacksPointer.initialize(to: callbacks)
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

  /// The callbacks' field. Read it only as a reader, or as the thread that clears it.
  var callbacksPointer: UnsafeMutablePointer<ObserverCallbacks?> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.callbacks)! }
  }

  private var mode: TrackingRequest {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.mode)!.pointee }
  }

  private static func mode(of callbacks: ObserverCallbacks) -> TrackingRequest {
    switch callbacks {
    case .onChange: .onChange
    case .events: .events
    case .options(let options, _): .options(options)
    }
  }

  /// The events an observer with `callbacks` registers for, as `EventBits`.
  private static func events(of callbacks: ObserverCallbacks) -> UInt32 {
    switch callbacks {
    case .onChange:
      // The first willSet collected takes the registration out of the table (and hands over
      // the table's reference), so `cancelRegistrations` finds it already gone there.
      return EventBits.willSet | EventBits.once
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
        | (willSet != didSet ? EventBits.once : 0)
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
    while true {
      let word = loadWord()
      let desired: State = Self.state(of: word) == .installing ? .active : .finished
      if compareExchangeWord(word, Self.replacingState(of: word, with: desired)) {
        if desired == .finished { cancelRegistrations() }
        return
      }
    }
  }

  /// Delivers `event` (a `EventBits` bit) for `keyPath`; `EventBits.deinit`,
  /// with no key path, when a registrar it observes goes away. `collected` says a registrar's
  /// table handed it over, having dropped the registration that matched (a one-shot one, or
  /// every one of a registrar going away).
  func receive(_ event: UInt32, keyPath: AnyKeyPath?, collected: Bool = false) {
    switch mode {
    case .onChange:
      // A release counts as a change of every property the scope read, as in the newest
      // Observation: the object can change no more, and whoever tracked it must hear so.
      // Alone: the only readers of a one-shot observer are the threads that finish it.
      guard let (claimedWhile, _) = claimAsReader() else { return }
      defer { leaveReader(tookCallbacks: true) }
      // While installing, the installer cancels the registrations in `arm()`. A scope that
      // read one object, collected from its table, has no registration left to cancel.
      if claimedWhile == .active {
        if collected && registrationCount == 1 {
          // Nothing else of it will ever run on another thread: the installer is done, and a
          // one-shot tracking hands out no handle to cancel it by.
          withUnsafeMutablePointerToHeader { $0.pointer(to: \.mayBecomeSpare)!.pointee = true }
        } else {
          cancelRegistrations()
        }
      }
      // The one reader a one-shot observer ever has, and it finished the observer: nobody
      // else can reach the callbacks, so it takes them rather than copying them. They are
      // released inside the closure, before this thread leaves (and a cancel() waiting for
      // it returns).
      Self.insideCallback {
        if case .onChange(let onChange)? = takeCallbacks() {
          traceCallback(event, keyPath: keyPath)
          onChange()
        }
      }
    case .events:
      guard event != EventBits.deinit, enterReader() else { return }
      defer { leaveReader() }
      Self.insideCallback {
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
      receiveOptionsEvent(event, keyPath: keyPath, options: options)
    }
  }

  /// Cancels every registration and lets go of the callbacks; later events are ignored. Then,
  /// unless this thread is inside a Perception callback, waits until no callback of this
  /// observer is running on another thread. Safe from any thread, any number of times, and
  /// from inside a callback (of this observer or another), where it does not wait.
  func cancel() {
    // The callbacks, if this call took them, are released here, outside any lock.
    if case (.active, _)? = claim() { cancelRegistrations() }
    waitForReaders()
  }

  /// Unless this thread is inside a Perception callback, waits until the observer has no
  /// reader. Call it only once the observer has finished: then no reader can come, so the
  /// wait ends as soon as the callbacks running now return.
  func waitForReaders() {
    // Inside a callback, waiting could deadlock: with itself (a callback cancelling its own
    // tracking) or with a callback on another thread that cancels this thread's tracking.
    guard ThreadLocal.callbackDepth == 0 else { return }
    var checks = 0
    while Self.readers(of: loadWord()) != 0 {
      // Most callbacks are short: check again for a while before yielding, because on a
      // busy machine a yielding thread may not run again for a whole time slice.
      checks += 1
      if checks > Self.checksBeforeYielding { CurrentThread.yield() }
    }
  }

  /// How many times `waitForReaders()` checks before it starts yielding: a few microseconds.
  static let checksBeforeYielding = 1000

  /// Runs `body`, a call of user code on behalf of an observer, counted in this thread's
  /// callback depth.
  static func insideCallback(_ body: () -> Void) {
    let depth = ThreadLocal.callbackDepth
    ThreadLocal.callbackDepth = depth + 1
    defer { ThreadLocal.callbackDepth = depth }
    body()
  }

  /// Whether it has fired (one-shot) or been cancelled: it will deliver nothing more.
  var isFinished: Bool { Self.state(of: loadWord()).isFinished }

  /// Finishes the observer, for exactly one caller: returns the state it finished from
  /// (`installing` or `active`) and, when no reader held them, the callbacks, now taken out of
  /// the observer; or nil if it had already finished.
  func claim() -> (State, ObserverCallbacks?)? {
    while true {
      let word = loadWord()
      let state = Self.state(of: word)
      if state.isFinished { return nil }
      let finished: State = state == .installing ? .finishedWhileInstalling : .finished
      guard compareExchangeWord(word, Self.replacingState(of: word, with: finished)) else {
        continue
      }
      // With readers still delivering, the last of them clears the callbacks instead.
      return (state, Self.readers(of: word) == 0 ? takeCallbacks() : nil)
    }
  }

  /// Finishes the observer, as `claim()`, and takes a reader's place in the same step, so
  /// that a `cancel()` elsewhere waits for the callback the caller is about to make. Returns
  /// the state it finished from, and whether the caller is its only reader; or nil if it had
  /// already finished, or if `phase` is given and the observer is not in it. Give the place up
  /// with `leaveReader()`.
  ///
  /// The only reader of an observer it finished is the last reader out, so it may take the
  /// callbacks rather than copy them (then `leaveReader(tookCallbacks: true)`): no reader can
  /// join a finished observer, and whoever else finishes it leaves them to the readers.
  func claimAsReader(inPhase phase: Phase? = nil) -> (state: State, alone: Bool)? {
    while true {
      let word = loadWord()
      let state = Self.state(of: word)
      if state.isFinished { return nil }
      if let phase, Self.phase(of: word) != phase { return nil }
      let finished: State = state == .installing ? .finishedWhileInstalling : .finished
      if compareExchangeWord(word, Self.replacingState(of: word, with: finished) + Self.reader) {
        return (state, Self.readers(of: word) == 0)
      }
    }
  }

  /// Takes a reader's place, if the observer has not finished; false if it has. A reader may
  /// read the callbacks and call them, and must then give the place up with `leaveReader()`.
  func enterReader() -> Bool {
    while true {
      let word = loadWord()
      if Self.state(of: word).isFinished { return false }
      if compareExchangeWord(word, word + Self.reader) { return true }
    }
  }

  /// Takes a reader's place and moves the observer from phase `from` to `to`, in one step;
  /// false if it has finished or is in another phase. Give the place up with
  /// `leaveReader(movingPhaseFrom:to:)` or `leaveReader()`.
  func enterReader(movingPhaseFrom from: Phase, to: Phase) -> Bool {
    while true {
      let word = loadWord()
      if Self.state(of: word).isFinished || Self.phase(of: word) != from { return false }
      if compareExchangeWord(word, Self.replacingPhase(of: word, with: to) + Self.reader) {
        return true
      }
    }
  }

  /// Gives up this thread's reader place, as `leaveReader()`, and in the same step moves the
  /// observer from phase `from` to `to` if it is unfinished and still in `from`.
  func leaveReader(movingPhaseFrom from: Phase, to: Phase) {
    while true {
      let word = loadWord()
      let state = Self.state(of: word)
      if state.isFinished {
        // Finished while this reader delivered (cancelled): leave as any reader does.
        leaveReader()
        return
      }
      let moved = Self.phase(of: word) == from ? Self.replacingPhase(of: word, with: to) : word
      if compareExchangeWord(word, moved - Self.reader) { return }
    }
  }

  /// Gives up this thread's reader place. The last reader out of a finished observer clears
  /// the callbacks first, while still a reader, so that a `cancel()` waiting for the readers
  /// returns only once they are released.
  ///
  /// `tookCallbacks` says this reader already took the callbacks out (the one reader of a
  /// one-shot observer), so that there is nothing left to clear.
  func leaveReader(tookCallbacks: Bool = false) {
    while true {
      let word = loadWord()
      if !tookCallbacks && Self.readers(of: word) == 1 && Self.state(of: word).isFinished {
        // Nobody else can reach the callbacks now: no reader can join a finished observer,
        // and whoever finished it left them to the readers. Releasing them may run user code
        // (what they captured goes away), counted as inside a callback so that a cancel() it
        // makes does not wait for this very reader.
        Self.insideCallback { _ = takeCallbacks() }
      }
      if compareExchangeWord(word, word - Self.reader) { return }
    }
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

  /// Cancels the registrations that still stand. Only for the thread that finished the
  /// observer from `active`.
  func cancelRegistrations() {
    forEachRegistration { registration in
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

  /// The state word. It lives in the object's header, which never moves.
  private var statePointer: UnsafeMutablePointer<AtomicWord> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! }
  }

  private func loadWord() -> UInt32 {
    statePointer.loadAcquire()
  }

  private func compareExchangeWord(_ expected: UInt32, _ desired: UInt32) -> Bool {
    statePointer.compareExchange(expected, desired)
  }

  private static func state(of word: UInt32) -> State {
    State(rawValue: word & stateMask)!
  }

  private static func phase(of word: UInt32) -> Phase {
    Phase(rawValue: (word & phaseMask) >> phaseShift)!
  }

  private static func readers(of word: UInt32) -> UInt32 {
    word / reader
  }

  private static func replacingState(of word: UInt32, with state: State) -> UInt32 {
    (word & ~stateMask) | state.rawValue
  }

  private static func replacingPhase(of word: UInt32, with phase: Phase) -> UInt32 {
    (word & ~phaseMask) | (phase.rawValue << phaseShift)
  }
}
