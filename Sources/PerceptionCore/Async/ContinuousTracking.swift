/// The state of one `withContinuousPerception(options:apply:)` tracking, shared by its token,
/// the task that calls its closure, and the options tracking that stands between two calls.
///
/// Only this object holds the closure, so that cancelling releases it at once; the task and
/// the standing tracking hold only this object.
final class ContinuousTracking: @unchecked Sendable {
  // Sendable because every variable is guarded by `lock`.
  let options: PerceptionTracking.Options
  /// Where it was made, for the change trace; nil unless tracing was on then.
  let traceOrigin = TraceOrigin.capture(kind: "withContinuousPerception")
  private let lock = Lock()
  /// Nil once cancelled.
  private var apply: (@isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void)?
  /// The last event not yet handed to the closure.
  private var pending: (kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?)?
  /// The task, waiting for an event.
  private var waiter: UnsafeContinuation<Void, Never>?

  init(
    options: PerceptionTracking.Options,
    apply: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
  ) {
    self.options = options
    self.apply = apply
    pending = (.initial, nil)
  }

  /// Calls the closure for each event, on its isolation, until cancelled.
  static func run(isolation: isolated (any Actor)?, _ tracking: ContinuousTracking) async {
    while await tracking.nextEvent() {
      // Taken under the lock and checked for cancellation together with the event, so that
      // a cancel that returned on this isolation is never followed by a call.
      guard let (apply, kind, changed) = tracking.takeEvent() else { return }
      let call = synchronousView(of: apply)
      TraceOrigin.withCurrent(tracking.traceOrigin) {
        withPerceptionTracking(options: tracking.options) {
          call(
            PerceptionTracking.Event(kind: kind, changed: changed, tracking: .continuous(tracking)))
        } onChange: { [options = tracking.options] event in
          tracking.record(event.kind, changed: event.changed)
          // The next call installs a fresh tracking, so this one is done, unless a didSet of
          // the same change is still to come. (Release events do not end a tracking by
          // themselves, and one left standing would report the next release twice.)
          if event.kind != .willSet || !options.contains(.didSet) { event.cancel() }
        }
      }
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

  /// Ends the tracking and releases the closure.
  func cancel() {
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

  /// Waits until there is an event to deliver or the tracking is cancelled; false when
  /// cancelled.
  private func nextEvent(isolation: isolated (any Actor)? = #isolation) async -> Bool {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let resumeNow = lock.withLock { () -> Bool in
        if pending != nil || apply == nil { return true }
        waiter = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
    return lock.withLock { apply != nil }
  }

  /// The closure and the pending event, consumed; nil if cancelled.
  private func takeEvent() -> (
    @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void,
    PerceptionTracking.Event.Kind, AnyKeyPath?
  )? {
    lock.withLock {
      guard let apply, let pending else { return nil }
      self.pending = nil
      return (apply, pending.kind, pending.changed)
    }
  }
}
