/// The state of one `withContinuousPerception(options:apply:)` tracking, shared by its token,
/// the task that calls its closure, and the tracking that stands between two calls.
///
/// Only this object holds the closure, so that cancelling releases it at once; the task and
/// the standing tracking hold only this object.
final class ContinuousTracking: ComposedTracking, @unchecked Sendable {
  // Sendable because every variable is guarded by `lock`.
  let options: PerceptionTracking.Options
  /// Where it was made, for the change trace; nil unless tracing was on then.
  let traceOrigin = TraceOrigin.capture(kind: "withContinuousPerception")
  private let lock = Lock()
  /// Nil once cancelled.
  private var apply: Apply?
  /// The last event not yet handed to the closure.
  private var pending: (kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?)?
  /// The task, waiting for an event.
  private var waiter: UnsafeContinuation<Void, Never>?

  init(
    options: PerceptionTracking.Options,
    apply: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
  ) {
    self.options = options
    self.apply = Apply(synchronousView(of: apply))
    pending = (.initial, nil)
  }

  /// The closure, seen synchronously (see `synchronousView`), in an object of its own: the task
  /// takes it under the lock with one retain. Handed out as a closure, through the lock's
  /// generic `withLock` and the view's `unsafeBitCast`, an `@isolated(any)` closure was wrapped
  /// in a reabstraction thunk each way, four allocations per call of the closure.
  final class Apply: Sendable {
    /// Call only on the closure's isolation.
    let call: @Sendable (borrowing PerceptionTracking.Event) -> Void

    init(_ call: @escaping @Sendable (borrowing PerceptionTracking.Event) -> Void) {
      self.call = call
    }
  }

  /// Calls the closure for each event, on its isolation, until cancelled.
  static func run(isolation: isolated (any Actor)?, _ tracking: ContinuousTracking) async {
    // The closure and its event are taken under the lock and checked for cancellation
    // together, so that a cancel that returned on this isolation is never followed by a call.
    while let (apply, kind, changed) = await tracking.nextEvent() {
      TraceOrigin.withCurrent(tracking.traceOrigin) {
        tracking.track {
          // The event holds neither the key path nor the tracking: both outlive the call.
          withExtendedLifetime(changed) {
            apply.call(
              PerceptionTracking.Event(
                kind: kind, changed: changed, tracking: .composed(.passUnretained(tracking))))
          }
        }
      }
    }
  }

  /// Runs one call of the closure, tracked until the next event `options` names.
  private func track(_ call: () -> Void) {
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *), tracksOnObservationAlone {
        trackOnObservation(call)
        return
      }
    #endif
    withPerceptionTracking(options: options, call) { [options] event in
      // The next call installs a fresh tracking, so this one is done, unless a didSet of
      // the same change is still to come. (Release events do not end a tracking by
      // themselves, and one left standing would report the next release twice.) Cancelled
      // before the task wakes, so that its next tracking does not wait for the registrar's
      // lock while this one is removed (see `CallTracking.forward`).
      if event.kind != .willSet || !options.contains(.didSet) { event.cancel() }
      self.record(event.kind, changed: event.changed)
    }
  }

  /// Records an event for the next call, and wakes the task.
  func record(_ kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?) {
    let waiter = lock.withLock { () -> UnsafeContinuation<Void, Never>? in
      guard apply != nil else { return nil }
      pending = (kind, changed)
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }

  /// What one call's tracking on Observation alone has delivered (see `trackOnObservation`).
  /// Guarded by the continuous tracking's lock.
  final class CallTracking: @unchecked Sendable {
    // Sendable because `stage` is guarded by `tracking.lock`.
    let tracking: ContinuousTracking
    fileprivate var stage = Stage.awaitingChange

    fileprivate enum Stage {
      case awaitingChange, awaitingDidSet, finished
    }

    init(_ tracking: ContinuousTracking) {
      self.tracking = tracking
    }
  }

  /// Records an event from one call's tracking on Observation alone, as an options tracking's
  /// `Observer` delivers them to `record`: with `.willSet` or `.didSet` alone, the first event,
  /// which finishes the call's tracking; with both, the first willSet, then the next didSet,
  /// which finishes it. Once, however many threads mutate. Calls `finishing` (which cancels
  /// Observation's side) once the call's tracking has finished, before waking the task.
  func receive(
    _ kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?, for call: CallTracking,
    finishing: () -> Void
  ) {
    let (finished, waiter) = lock.withLock {
      () -> (Bool, UnsafeContinuation<Void, Never>?) in
      guard call.stage != .finished else { return (true, nil) }
      guard apply != nil else {
        call.stage = .finished
        return (true, nil)
      }
      if kind == .willSet && options.contains(.didSet) {
        // The willSet of a change whose didSet is still to come: the call's tracking stands.
        guard call.stage == .awaitingChange else { return (false, nil) }
        call.stage = .awaitingDidSet
      } else {
        guard kind != .didSet || call.stage == .awaitingDidSet || !options.contains(.willSet)
        else { return (false, nil) }
        call.stage = .finished
      }
      pending = (kind, changed)
      defer { self.waiter = nil }
      return (call.stage == .finished, self.waiter)
    }
    if finished { finishing() }
    waiter?.resume()
  }

  /// Ends the tracking and releases the closure.
  override func cancel() {
    let (apply, waiter) = lock.withLock {
      defer {
        self.apply = nil
        self.waiter = nil
        pending = nil
      }
      return (self.apply, self.waiter)
    }
    waiter?.resume()
    // Released here, outside the lock, in case releasing it runs code that cancels again.
    _ = apply
  }

  /// Waits until there is an event to deliver or the tracking is cancelled; returns the
  /// closure and the event, consumed, or nil once cancelled. Inlined into `run`, on whose
  /// isolation it runs: called, it took an async frame of its own per call.
  @inline(__always)
  private func nextEvent(isolation: isolated (any Actor)? = #isolation) async -> (
    Apply, PerceptionTracking.Event.Kind, AnyKeyPath?
  )? {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let resumeNow = lock.withLock { () -> Bool in
        if pending != nil || apply == nil { return true }
        waiter = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
    return lock.withLock {
      guard let apply, let pending else { return nil }
      self.pending = nil
      return (apply, pending.kind, pending.changed)
    }
  }
}
