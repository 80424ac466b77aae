import CPerceptionRuntime

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
}

/// One registration of an observer in one registrar's table.
struct ObserverRegistration {
  let table: OpaquePointer
  let token: perception_token
}

/// An observer's fixed part. Every field is reached through its own pointer, never by reading
/// or writing the whole struct, because other threads update `state` atomically at any time.
/// `registrationCount` is written only by the installing thread, before `Observer.arm()`
/// publishes it with a release store.
struct ObserverHeader {
  var state: perception_atomic_u32
  let callbacks: ObserverCallbacks
  /// The events it registers for, as `PERCEPTION_EVENT_*` bits.
  let events: UInt32
  /// The registrations the tail has room for: one per registrar the scope read.
  let registrationCapacity: Int
  var registrationCount = 0
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
final class Observer: ManagedBuffer<ObserverHeader, ObserverRegistration> {
  private enum State: UInt32 {
    case installing, finishedWhileInstalling, active, finished
  }

  /// An observer with room for `registrarCount` registrations.
  static func make(_ callbacks: ObserverCallbacks, registrarCount: Int) -> Observer {
    let buffer = create(minimumCapacity: registrarCount) { _ in
      ObserverHeader(
        state: perception_atomic_u32(), callbacks: callbacks, events: events(of: callbacks),
        registrationCapacity: registrarCount)
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    perception_atomic_u32_init(observer.statePointer, State.installing.rawValue)
    countForDebugging(PERCEPTION_DEBUG_OBSERVERS, 1)
    return observer
  }

  deinit {
    countForDebugging(PERCEPTION_DEBUG_OBSERVERS, -1)
    // Every registration has been cancelled or its registrar is gone (a table holds a
    // reference to each observer it lists), so only the table references remain to drop.
    forEachRegistration { perception_table_release($0.table) }
  }

  private var callbacks: ObserverCallbacks {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.callbacks)!.pointee }
  }

  /// The events an observer with `callbacks` registers for, as `PERCEPTION_EVENT_*` bits.
  private static func events(of callbacks: ObserverCallbacks) -> UInt32 {
    switch callbacks {
    case .onChange:
      // The first willSet collected takes the registration out of the table (and hands over
      // the table's reference), so `cancelRegistrations` finds it already gone there.
      return UInt32(PERCEPTION_EVENT_WILL_SET) | UInt32(PERCEPTION_EVENT_ONCE)
    case .events(let willSet, let didSet):
      return (willSet == nil ? 0 : UInt32(PERCEPTION_EVENT_WILL_SET))
        | (didSet == nil ? 0 : UInt32(PERCEPTION_EVENT_DID_SET))
    }
  }

  /// Registers for `properties` in `table`. Called only while installing, at most once per
  /// registrar, so at most `registrarCount` times.
  func register(in table: OpaquePointer, properties: UnsafePointer<UnsafeRawPointer?>, count: Int) {
    let reference = Unmanaged.passRetained(self).toOpaque()
    let events = withUnsafeMutablePointerToHeader { $0.pointer(to: \.events)!.pointee }
    let token = perception_table_register(table, properties, count, events, reference)
    guard token != 0 else {
      // The registrar went away; there is nothing to observe.
      Unmanaged<Observer>.fromOpaque(reference).release()
      return
    }
    perception_table_retain(table)
    withUnsafeMutablePointers { header, registrations in
      let count = header.pointer(to: \.registrationCount)!
      precondition(
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
    if compareExchangeState(.installing, .active) { return }
    setState(.finished)
    cancelRegistrations()
  }

  /// Delivers `event` for `keyPath`.
  func receive(_ event: UInt32, keyPath: AnyKeyPath) {
    switch callbacks {
    case .onChange(let onChange):
      guard let claimedWhile = claim() else { return }
      // While installing, the installer cancels the registrations in `arm()`.
      if claimedWhile == .active { cancelRegistrations() }
      onChange()
    case .events(let willSet, let didSet):
      guard state == .installing || state == .active else { return }
      let tracking = PerceptionTracking(observer: self, changed: keyPath)
      if event == UInt32(PERCEPTION_EVENT_WILL_SET) {
        willSet?(tracking)
      } else {
        didSet?(tracking)
      }
    }
  }

  /// Cancels every registration; later events are ignored. Safe from any thread, any number of
  /// times, and from inside a callback.
  func cancel() {
    if claim() == .active { cancelRegistrations() }
  }

  /// Lets `perception_registrar_collect` take a reference to an observer under the lock.
  static let retainForCollection: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    _ = Unmanaged<Observer>.fromOpaque($0!).retain()
  }

  /// Finishes the observer, for exactly one caller: returns the state it finished from
  /// (`installing` or `active`), or nil if it had already finished.
  private func claim() -> State? {
    while true {
      switch state {
      case .installing:
        if compareExchangeState(.installing, .finishedWhileInstalling) { return .installing }
      case .active:
        if compareExchangeState(.active, .finished) { return .active }
      case .finishedWhileInstalling, .finished:
        return nil
      }
    }
  }

  private func cancelRegistrations() {
    forEachRegistration { registration in
      if let reference = perception_table_cancel(registration.table, registration.token) {
        Unmanaged<Observer>.fromOpaque(reference).release()
      }
    }
  }

  private func forEachRegistration(_ body: (ObserverRegistration) -> Void) {
    withUnsafeMutablePointers { header, registrations in
      for index in 0..<header.pointer(to: \.registrationCount)!.pointee {
        body(registrations[index])
      }
    }
  }

  /// The state word. It lives in the object's header, which never moves.
  private var statePointer: UnsafeMutablePointer<perception_atomic_u32> {
    withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! }
  }

  private var state: State {
    State(rawValue: perception_atomic_u32_load_acquire(statePointer))!
  }

  private func setState(_ state: State) {
    perception_atomic_u32_store_release(statePointer, state.rawValue)
  }

  private func compareExchangeState(_ expected: State, _ desired: State) -> Bool {
    perception_atomic_u32_compare_exchange(statePointer, expected.rawValue, desired.rawValue)
  }
}
