/// What one tracking call asked to be told.
@usableFromInline
enum ObserverCallbacks {
  /// `withPerceptionTracking(_:onChange:)`: once, on the first willSet, then finished.
  case onChange(@Sendable () -> Void)
  /// `Perceptions`' wake-up: once, on the first didSet (or release, where the engine reports
  /// it), then finished, so that what the callback starts sees the change stored. The native
  /// engine observes it with the options tracking `TrackingRequest.storedChangeOptions` names.
  case onStoredChange(@Sendable () -> Void)
  /// The willSet/didSet variants: on every matching event, until cancelled.
  case events(
    willSet: (@Sendable (PerceptionTracking) -> Void)?,
    didSet: (@Sendable (PerceptionTracking) -> Void)?
  )
  case options(
    PerceptionTracking.Options, @Sendable (borrowing PerceptionTracking.Event) -> Void)

  var request: TrackingRequest {
    switch self {
    case .onChange: .onChange
    case .onStoredChange: .onStoredChange
    case .events: .events
    case .options(let options, _): .options(options)
    }
  }

  /// The events an observer with these callbacks registers for, as `EventBits`. Releases need
  /// none: a registrar going away hands back every observer. A one-shot willSet tracking
  /// registers for other threads' didSets too: a write whose willSet came before the
  /// registration, and whose store after the tracking's read, reaches it by its didSet instead.
  /// Always inlined: out of line, `Observer.make` copies the callbacks to pass them (cycle-1).
  var registeredEvents: UInt32 {
    @inline(__always) get {
      switch self {
      case .onChange:
        return EventBits.willSet | EventBits.didSetStandingForWillSet | EventBits.once
      case .onStoredChange:
        return EventBits.didSet | EventBits.once
      case .events(let willSet, let didSet):
        return (willSet == nil ? 0 : EventBits.willSet) | (didSet == nil ? 0 : EventBits.didSet)
      case .options(let options, _):
        let willSet = options.contains(.willSet)
        let didSet = options.contains(.didSet)
        // With one of the two, the first event finishes it, as `onChange`, and a willSet
        // alone takes the didSets that stand for missed willSets, as `onChange` does.
        if willSet && !didSet {
          return EventBits.willSet | EventBits.didSetStandingForWillSet | EventBits.once
        }
        return (willSet ? EventBits.willSet : 0) | (didSet ? EventBits.didSet : 0)
          | (willSet != didSet ? EventBits.once : 0)
      }
    }
  }
}

/// What one tracking call asks for, known before its `apply` runs. An observer keeps it beside
/// its callbacks and, as it never changes, reads it without synchronization.
@usableFromInline
enum TrackingRequest: Equatable {
  case onChange
  case onStoredChange
  case events
  case options(PerceptionTracking.Options)

  /// The options tracking that stands for `onStoredChange` on the native engine.
  static var storedChangeOptions: PerceptionTracking.Options {
    PerceptionEngine.onChangeHearsReleases ? [.didSet, .deinit] : [.didSet]
  }

  /// What an observer keeps as `installerThread`: this thread's token for a willSet + didSet
  /// options tracking, which tells its own thread's didSets apart; else 0.
  var installerThread: UInt {
    guard case .options(let options) = self, options.contains(.willSet),
      options.contains(.didSet)
    else { return 0 }
    return CurrentThread.token
  }
}

struct ObserverRegistration {
  let table: ObserverTable
  let token: ObserverToken
}

/// An observer's fixed part, each field reached through its own pointer as other threads update
/// `state` atomically at any time. Only the installer writes the others, before `Observer.arm()`
/// publishes them; `callbacks` is read and cleared only as `state` allows.
struct ObserverHeader {
  var state: AtomicWord
  /// Nil once finished and no reader holds them: a finished observer keeps nothing alive.
  var callbacks: ObserverCallbacks?
  var request: TrackingRequest
  /// `EventBits`, as `ObserverCallbacks.registeredEvents`.
  var events: UInt32
  let registrationCapacity: Int
  var registrationCount = 0
  /// Waiting to be reused, no longer counted among the live observers.
  var isSpare = false
  /// Only for the thread whose notification fired a one-shot observer with one registration.
  var mayBecomeSpare = false
  /// The change trace's retained `TraceSite`, or nil when tracing was off (always in release).
  var traceSite: UnsafeMutableRawPointer? = nil
  /// The installing thread's `CurrentThread.token`, for a willSet + didSet options tracking.
  var installerThread: UInt = 0
}

/// The registrations one tracking call made in every registrar it read: one allocation holds
/// the state, the callbacks and, in its tail, one registration per registrar. Its
/// `ObserverState` says who may touch the callbacks: readers call them in place, the thread that
/// finishes a one-shot tracking takes them out, and whoever is last lets go of them.
final class Observer: ManagedBuffer<ObserverHeader, ObserverRegistration> {
  /// An installing observer with room for `registrarCount` registrations.
  static func make(_ callbacks: consuming ObserverCallbacks, registrarCount: Int) -> Observer {
    let request = callbacks.request
    let events = callbacks.registeredEvents
    let installerThread = request.installerThread
    guard registrarCount == 1, let spare = SpareObserver.exchange(nil) else {
      let observer = make(
        request: request, events: events, installerThread: installerThread, callbacks: callbacks,
        registrarCount: registrarCount)
      observer.withState { $0.initialize(.installing) }
      return observer
    }
    // The exchange synchronizes with the one that stored it, its last owner's last act.
    let observer = Unmanaged<Observer>.fromOpaque(spare).takeRetainedValue()
    observer.initializeField(\.callbacks, to: consume callbacks)
    observer.setField(\.request, request)
    observer.setField(\.events, events)
    observer.setField(\.isSpare, false)
    observer.setField(\.mayBecomeSpare, false)
    observer.setField(\.installerThread, installerThread)
    observer.withState { $0.initialize(.installing) }
    observer.startLiving()
    return observer
  }

  /// A new observer, its state not yet initialized. `installerThread` is `request`'s, computed
  /// by the caller before `create`, whose closure would otherwise copy the callbacks.
  static func make(
    request: TrackingRequest, events: UInt32, installerThread: UInt,
    callbacks: consuming ObserverCallbacks?, registrarCount: Int
  ) -> Observer {
    let buffer = create(minimumCapacity: registrarCount) { _ in
      ObserverHeader(
        state: AtomicWord(), callbacks: copy callbacks, request: request, events: events,
        registrationCapacity: registrarCount, installerThread: installerThread)
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    observer.startLiving()
    return observer
  }

  private func startLiving() {
    countForDebugging(.observers, 1)
    captureTraceSite(request)
  }

  deinit {
    if !fieldValue(\.isSpare) { countForDebugging(.observers, -1) }
    // Every registration is cancelled or its registrar gone: only the tables remain to drop.
    forEachRegistration { $0.table.release() }
    releaseTraceSite()
  }

  // The header's fields, each reached inside `withUnsafeMutablePointerToHeader`, whose pointer
  // is valid for its closure only; other threads reach only `state`, atomically.

  @inline(__always)
  func fieldValue<Value>(_ field: WritableKeyPath<ObserverHeader, Value>) -> Value {
    withUnsafeMutablePointerToHeader { $0.pointer(to: field)!.pointee }
  }

  @inline(__always)
  func setField<Value>(_ field: WritableKeyPath<ObserverHeader, Value>, _ value: Value) {
    withUnsafeMutablePointerToHeader { $0.pointer(to: field)!.pointee = value }
  }

  /// Into a field that holds no value (never initialized).
  @inline(__always)
  func initializeField<Value>(
    _ field: WritableKeyPath<ObserverHeader, Value>, to value: consuming Value
  ) {
    // Moved through an optional: a closure cannot consume a parameter it captures.
    var moving = Optional(value)
    withUnsafeMutablePointerToHeader { $0.pointer(to: field)!.initialize(to: moving.take()!) }
  }

  /// Calls `body` with the observer's state, whose word's pointer is valid for the call only.
  @inline(__always)
  func withState<Result>(_ body: (ObserverState) -> Result) -> Result {
    withUnsafeMutablePointerToHeader { body(ObserverState($0.pointer(to: \.state)!)) }
  }

  var request: TrackingRequest { fieldValue(\.request) }

  /// Registers for `properties` in `table`: only while installing, at most once per registrar.
  /// Returns one of them that another thread wrote since `mark`, the scope's, or nil.
  func register(
    in table: ObserverTable, properties: UnsafePointer<UnsafeRawPointer?>, count: Int,
    mark: UInt64
  ) -> UnsafeRawPointer? {
    let reference = Unmanaged.passRetained(self).toOpaque()
    let (token, changed) = table.register(
      reference, for: fieldValue(\.events), properties: properties, count: count, mark: mark)
    guard token != 0 else {
      // The registrar went away; there is nothing to observe.
      Unmanaged<Observer>.fromOpaque(reference).release()
      return nil
    }
    table.retain()
    withUnsafeMutablePointers { header, registrations in
      let count = header.pointer(to: \.registrationCount)!
      perceptionPrecondition(
        count.pointee < header.pointer(to: \.registrationCapacity)!.pointee,
        "Perception: an observer registered in more registrars than its scope counted")
      (registrations + count.pointee).initialize(
        to: ObserverRegistration(table: table, token: token))
      count.pointee += 1
    }
    return changed
  }

  /// Delivers a write that another thread made to `property` during the setup, after the read,
  /// which no registration heard: on the tracking's thread, once armed, as the whole change,
  /// its willSet and then its didSet, each to the callbacks that asked for it.
  func receiveChangeDuringSetup(of property: UnsafeRawPointer) {
    // A property's key is its canonical key path, which `PropertyKey` keeps for the process.
    let keyPath = Unmanaged<AnyKeyPath>.fromOpaque(property).takeUnretainedValue()
    receive(EventBits.willSet, keyPath: keyPath)
    receive(EventBits.didSet, keyPath: keyPath)
  }

  /// Ends installation; if the observer finished meanwhile, cancels what it registered.
  func arm() {
    if withState({ $0.arm() }) { cancelRegistrations(except: nil) }
  }

  /// Delivers `event` (an `EventBits` bit) for `keyPath`, or `.deinit` when an observed registrar
  /// goes away. `table`, which handed it over, dropped the registration if one-shot or going.
  func receive(_ event: UInt32, keyPath: AnyKeyPath?, collectedFrom table: ObserverTable? = nil) {
    switch request {
    case .onStoredChange where event == EventBits.willSet:
      // A change during setup: its didSet follows (`receiveChangeDuringSetup`).
      return
    case .onChange, .onStoredChange:
      // A release counts as a change of every property read, as in the newest Observation.
      // The threads that finish a one-shot observer are its only readers.
      guard let (claimedWhile, _) = withState({ $0.claimAsReader() }) else { return }
      defer { withState { $0.leaveReaderHavingTakenCallbacks() } }
      // While installing, the installer cancels the registrations in `arm()`.
      if claimedWhile == .active {
        if table != nil && registrationCount == 1 {
          // Nothing else of it will run on another thread: its installer is done, and a
          // one-shot tracking hands out no handle to cancel it by.
          setField(\.mayBecomeSpare, true)
        } else {
          cancelRegistrations(except: table)
        }
      }
      // Its one reader lets go of the callbacks before leaving: a waiting cancel returns after.
      ObserverState.insideCallback {
        switch takeCallbacks() {
        case .onChange(let onChange)?, .onStoredChange(let onChange)?:
          traceCallback(event, keyPath: keyPath)
          onChange()
        default:
          break
        }
      }
    case .events:
      guard event != EventBits.deinit, withState({ $0.enterReader() }) else { return }
      defer { leaveReader() }
      ObserverState.insideCallback {
        guard case .events(let willSet, let didSet)? = fieldValue(\.callbacks) else { return }
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

  /// Finishes the observer, cancelling its registrations and releasing its callbacks; then,
  /// unless inside a Perception callback, waits for its readers. Safe from any thread, repeatedly.
  func cancel() {
    if let (claimedWhile, hadNoReader) = withState({ $0.claim() }) {
      if hadNoReader { releaseCallbacks() }
      if claimedWhile == .active { cancelRegistrations(except: nil) }
    }
    withState { $0.waitForReaders() }
  }

  @inline(__always)
  var isFinished: Bool { withState { $0.isFinished } }

  func leaveReader() {
    withState { $0.leaveReader(releasing: releaseCallbacks) }
  }

  /// Moves the callbacks out, retaining nothing: only for the one thread that saw it finished
  /// with no other reader.
  func takeCallbacks() -> ObserverCallbacks? {
    withUnsafeMutablePointerToHeader { header in
      let field = header.pointer(to: \.callbacks)!
      let callbacks = field.move()
      field.initialize(to: nil)
      return callbacks
    }
  }

  func releaseCallbacks() {
    _ = takeCallbacks()
  }

  /// Cancels the standing registrations but the one in `collectedFrom`, which that table
  /// dropped already: only for the thread that finished the observer from `active`.
  func cancelRegistrations(except collectedFrom: ObserverTable?) {
    forEachRegistration { registration in
      guard registration.table != collectedFrom,
        let reference = registration.table.cancel(registration.token)
      else { return }
      Unmanaged<Observer>.fromOpaque(reference).release()
    }
  }

  /// Read it only once installation is over.
  private var registrationCount: Int { fieldValue(\.registrationCount) }

  func forEachRegistration(_ body: (ObserverRegistration) -> Void) {
    withUnsafeMutablePointers { header, registrations in
      for index in 0..<header.pointer(to: \.registrationCount)!.pointee {
        body(registrations[index])
      }
    }
  }
}
