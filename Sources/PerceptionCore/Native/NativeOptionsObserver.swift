/// A `NativeOptionsObserver`'s fields. `state` is reached only through its own pointer, as
/// other threads update it atomically at any time; `onChange` is read and written only as the
/// state allows (see `NativeOptionsObserver`).
struct NativeOptionsObserverHeader {
  var state: AtomicWord
  /// Nil until the installer adopts it, and again once released.
  var onChange: OptionsCallback?
  /// The key path the willSet of a pair was delivered for, and the thread that delivered it
  /// (`ThreadLocal.threadToken`): written by that thread before it moves on to
  /// `awaitingDidSet`, and read by the thread that takes the didSet (see
  /// `NativeOptionsObserver.receiveDidSetOfPair`).
  var willSetKeyPath: AnyKeyPath?
  var willSetThread: UInt
  #if DEBUG
    /// Where it was installed, for the change trace; nil when tracing was off then.
    var traceSite: TraceSite?
  #endif
}

/// An options tracking's callback, in a struct so that a key path reaches its field directly
/// (one to a closure-typed field goes through a reabstraction thunk, and has no offset).
struct OptionsCallback {
  let call: @Sendable (borrowing PerceptionTracking.Event) -> Void
}

/// The observer of a `withPerceptionTracking(options:_:onChange:)` tracking on the native
/// engine that Observation alone runs (one that asks for no `.deinit`: see
/// `NativeTracking.observeOptions`). Observation's willSet and didSet callbacks hand it their
/// events; it decides which reach `onChange`, as `Observer.receiveOptionsEvent` does for the
/// general observer. Which events the options name is not stored: it decides which callbacks
/// Observation gets, and which of the two entry points each calls.
///
/// Such a tracking has at most one thread delivering at a time (the willSet of the pair, or the
/// event that finishes it): the state that lets one thread in shuts the others out, and no
/// release is ever delivered. So its state word needs no count of readers, and that one thread
/// moves `onChange` out of the observer to call it, rather than copying it. A willSet + didSet
/// pair costs three compare-exchanges and one store, where the general `Observer` (with its
/// readers, registrations and other kinds of callbacks) takes four compare-exchanges and a
/// copy of the callback, which is an atomic retain and release when it captures anything.
///
/// The state goes through these values:
/// - `idle`: no event delivered yet.
/// - `deliveringWillSet`: one thread is delivering the willSet of a pair, and holds
///   `onChange`; every other event is ignored meanwhile (it belongs to a racing mutation,
///   or is a mutation made inside the callback).
/// - `awaitingDidSet`: the willSet was delivered; the next didSet finishes the tracking.
/// - `finishing`: finished; one thread (the one delivering the last event, the one delivering
///   the willSet that was cancelled, or the one that cancelled) holds `onChange`, and releases
///   it before it moves to `finished`.
/// - `finished`: `onChange` is released; nothing more is delivered.
///
/// Each step out of `idle`, `deliveringWillSet` or `awaitingDidSet` is a compare-exchange, so
/// of two threads that mutate at once exactly one delivers each event, a mutation inside the
/// callback finds the tracking delivering or finished, and `cancel()` in the willSet (which
/// moves it to `finishing`) suppresses the didSet. `cancel()` outside every Perception callback
/// waits for `finished`: once it returns, no callback is running or will start, and `onChange`
/// has been released.
final class NativeOptionsObserver: ManagedBuffer<NativeOptionsObserverHeader, Void> {
  private enum State: UInt32 {
    case idle, deliveringWillSet, awaitingDidSet, finishing, finished
  }

  /// The state word: the state in bits 0-2, and `interfered`.
  private static let stateMask: UInt32 = 7
  /// Set, in `deliveringWillSet` or `awaitingDidSet`, by an event that was ignored: another
  /// mutation has reached the tracking since the pair's willSet, so its didSet must be asked
  /// which key path it concerns.
  private static let interfered: UInt32 = 8

  /// An observer for `options` (which it uses for the change trace alone), with no callback
  /// yet: Observation's callbacks, given before `apply` runs, capture it, and `adopt(_:)` moves
  /// the callback in before Observation installs them (under its lock, which publishes the
  /// observer to other threads).
  static func make(_ options: PerceptionTracking.Options) -> NativeOptionsObserver {
    let buffer = create(minimumCapacity: 0) { _ in
      NativeOptionsObserverHeader(
        state: AtomicWord(), onChange: nil, willSetKeyPath: nil, willSetThread: 0)
    }
    let observer = unsafeDowncast(buffer, to: NativeOptionsObserver.self)
    observer.statePointer.initializeWord(State.idle.rawValue)
    countForDebugging(.observers, 1)
    #if DEBUG
      if let site = TraceSite.capture(tracking: Observer.trackingName(.options(options))) {
        observer.withUnsafeMutablePointerToHeader { $0.pointer(to: \.traceSite)!.pointee = site }
      }
    #endif
    return observer
  }

  deinit {
    // ManagedBuffer's deinit destroys the header, and `onChange` with it.
    countForDebugging(.observers, -1)
  }

  /// Moves in the tracking's callback, or finishes the observer when there is none (`apply`
  /// threw). Only for its installer, before the observer is published.
  func adopt(_ callback: consuming OptionsCallback?) {
    guard let callback else {
      statePointer.initializeWord(State.finished.rawValue)
      return
    }
    // Nil until now, which needs no destroying.
    onChangePointer.initialize(to: callback)
  }

  /// Delivers the one event of a `[.willSet]` or `[.didSet]` tracking, `kind` of `keyPath`,
  /// if this thread's is the one. Returns whether the tracking has finished, so that the
  /// caller cancels Observation's side.
  func receiveOnly(_ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?) -> Bool {
    guard compareExchange(State.idle.rawValue, .finishing) else { return isFinished }
    finish(kind, keyPath: keyPath)
    return true
  }

  /// Delivers the willSet of a willSet + didSet tracking, for `keyPath`, if this thread's is
  /// the one; other events are ignored until it returns. Returns whether the tracking has
  /// finished (it was cancelled, in the callback or elsewhere), so that the caller cancels
  /// Observation's side.
  ///
  /// The key path is kept, with this thread's token, for the didSet of the same mutation.
  func receiveWillSetOfPair(keyPath: consuming AnyKeyPath?) -> Bool {
    guard compareExchange(State.idle.rawValue, .deliveringWillSet) else {
      noteIgnoredEvent()
      return isFinished
    }
    // No other thread touches the callback while this one delivers (`cancel()` leaves it to
    // this thread), so it moves out and back in, with no retain or release.
    if let onChange = onChangePointer.move() {
      let depth = enterCallback()
      call(onChange, .willSet, keyPath: keyPath)
      ThreadLocal.callbackDepth = depth
      // Back in before the didSet can take it.
      onChangePointer.initialize(to: onChange)
    } else {
      onChangePointer.initialize(to: nil)
    }
    // Nil until now: the one willSet of the pair moves it in.
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.willSetKeyPath)! }.initialize(to: keyPath)
    withUnsafeMutablePointerToHeader {
      $0.pointer(to: \.willSetThread)!.pointee = ThreadLocal.threadToken
    }
    while true {
      let word = loadWord()
      guard Self.state(of: word) == .deliveringWillSet else {
        // Cancelled while delivering (the state is `finishing`): no didSet follows, and this
        // thread releases the callback, as the last to hold it.
        releaseCallback()
        return true
      }
      // Keeps `interfered`, which an ignored event may have set meanwhile.
      let next = word & ~Self.stateMask | State.awaitingDidSet.rawValue
      if compareExchange(word, next) { return false }
    }
  }

  /// Takes the didSet that ends a willSet + didSet tracking, if this thread's is the one, and
  /// returns the key path it concerns (`changed()`'s, or the willSet's), or nil if it is
  /// ignored. Then deliver it with `finish(_:keyPath:)`.
  ///
  /// The willSet's key path serves when this didSet comes from the thread that delivered the
  /// willSet and no other event has reached the tracking since (`interfered` is clear): the
  /// didSet of the willSet's own mutation, which a thread makes after its willSet with nothing
  /// between them but mutations nested inside, whose willSets would have set `interfered`.
  /// Otherwise this didSet may belong to another mutation, and `changed()` (Observation's
  /// `ObservationTracking.changed`, which takes its lock) says which: it is asked before this
  /// thread takes the didSet, as close to Observation's call as it can be, since a racing
  /// mutation overwrites it.
  func receiveDidSetOfPair(changed: () -> AnyKeyPath?) -> (taken: Bool, keyPath: AnyKeyPath?) {
    var word = loadWord()
    while true {
      guard Self.state(of: word) == .awaitingDidSet else {
        noteIgnoredEvent()
        return (false, nil)
      }
      let ownMutation =
        word & Self.interfered == 0
        && withUnsafeMutablePointerToHeader { $0.pointer(to: \.willSetThread)!.pointee }
          == ThreadLocal.threadToken
      let asked = ownMutation ? nil : changed()
      if compareExchange(word, .finishing) {
        guard ownMutation else { return (true, asked) }
        // Moved out, not copied: nobody else reads it once the tracking has finished.
        return withUnsafeMutablePointerToHeader { header in
          let keyPath = header.pointer(to: \.willSetKeyPath)!.move()
          header.pointer(to: \.willSetKeyPath)!.initialize(to: nil)
          return (true, keyPath)
        }
      }
      word = loadWord()
    }
  }

  /// Delivers the event that ends the tracking, `kind` of `keyPath`, as the one thread that
  /// moved it to `finishing`, and moves on to `finished`.
  func finish(_ kind: PerceptionTracking.Event.Kind, keyPath: borrowing AnyKeyPath?) {
    // The one thread that finished it holds the callback now: it takes it, and releases it
    // inside the callback depth, so that what it captures may cancel this tracking without
    // waiting for itself.
    let depth = enterCallback()
    if let onChange = onChangePointer.move() {
      onChangePointer.initialize(to: nil)
      call(onChange, kind, keyPath: keyPath)
      _ = consume onChange
    } else {
      onChangePointer.initialize(to: nil)
    }
    ThreadLocal.callbackDepth = depth
    statePointer.storeRelease(State.finished.rawValue)
  }

  /// Records, for a willSet + didSet tracking between the two, that an event was ignored (see
  /// `interfered`). Only such an event pays the atomic operation: a racing or nested mutation.
  private func noteIgnoredEvent() {
    while true {
      let word = loadWord()
      let state = Self.state(of: word)
      guard state == .deliveringWillSet || state == .awaitingDidSet,
        word & Self.interfered == 0
      else { return }
      if compareExchange(word, word | Self.interfered) { return }
    }
  }

  /// Ends the tracking: no further event is delivered, and the callback is released. Then,
  /// unless this thread is inside a Perception callback, waits until the callback is neither
  /// running on another thread nor held. Safe from any thread, any number of times.
  func cancel() {
    while true {
      let word = loadWord()
      switch Self.state(of: word) {
      case .idle, .awaitingDidSet:
        guard compareExchange(word, .finishing) else { continue }
        // No thread is delivering, and none can start: this one releases the callback.
        releaseCallback()
        return
      case .deliveringWillSet:
        // The delivering thread releases the callback once it returns.
        guard compareExchange(word, .finishing) else { continue }
        waitUntilFinished()
        return
      case .finishing, .finished:
        waitUntilFinished()
        return
      }
    }
  }

  /// Counts this thread as inside a Perception callback (see `Observer.insideCallback`), where
  /// a `cancel()` does not wait; returns the depth to restore. Not a closure, which would copy
  /// the callback it calls.
  @inline(__always)
  private func enterCallback() -> UInt {
    let depth = ThreadLocal.callbackDepth
    ThreadLocal.callbackDepth = depth &+ 1
    return depth
  }

  /// Releases the callback, as the thread that holds it in `finishing`, and moves on to
  /// `finished`. Inside the callback depth: what the callback captures may run user code as it
  /// goes, which may cancel this very tracking, and must not wait for this thread.
  private func releaseCallback() {
    let onChange = onChangePointer.move()
    onChangePointer.initialize(to: nil)
    let depth = enterCallback()
    _ = consume onChange
    ThreadLocal.callbackDepth = depth
    statePointer.storeRelease(State.finished.rawValue)
  }

  /// Unless this thread is inside a Perception callback (where waiting could deadlock, as in
  /// `Observer.waitForReaders()`), waits until the thread holding the callback has released it.
  private func waitUntilFinished() {
    guard ThreadLocal.callbackDepth == 0 else { return }
    var checks = 0
    while loadWord() != State.finished.rawValue {
      checks += 1
      if checks > Observer.checksBeforeYielding { CurrentThread.yield() }
    }
  }

  /// Whether it has finished or is finishing: it will deliver nothing more.
  var isFinished: Bool { Self.state(of: loadWord()).rawValue >= State.finishing.rawValue }

  private static func state(of word: UInt32) -> State {
    State(rawValue: word & stateMask)!
  }

  private func call(
    _ onChange: borrowing OptionsCallback,
    _ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?
  ) {
    #if DEBUG
      if let site = withUnsafeMutablePointerToHeader({ $0.pointer(to: \.traceSite)!.pointee }) {
        ChangeTrace.record(site, event: kind.traceEvent, keyPath: keyPath)
      }
    #endif
    // `self` and `keyPath` are this call's arguments, alive until it returns: the event,
    // which holds neither, ends with the callback.
    onChange.call(
      PerceptionTracking.Event(
        kind: kind, changed: keyPath, tracking: .nativeOptions(.passUnretained(self))))
  }

  /// The callback's field. Read or write it only as the thread the state names.
  private var onChangePointer: UnsafeMutablePointer<OptionsCallback?> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.onChange)! }
  }

  /// The state word. It lives in the object's header, which never moves.
  private var statePointer: UnsafeMutablePointer<AtomicWord> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! }
  }

  private func loadWord() -> UInt32 {
    statePointer.loadAcquire()
  }

  private func compareExchange(_ expected: UInt32, _ desired: State) -> Bool {
    compareExchange(expected, desired.rawValue)
  }

  private func compareExchange(_ expected: UInt32, _ desired: UInt32) -> Bool {
    statePointer.compareExchange(expected, desired)
  }
}
