/// The state of one `withContinuousPerception(options:apply:)` tracking, shared by its token,
/// the task that calls its closure, and the tracking between two calls. Only this object holds
/// the closure, so that cancelling releases it at once.
final class ContinuousTracking: ComposedTracking, @unchecked Sendable {
  // Sendable because every variable is guarded by `lock`.
  let options: PerceptionTracking.Options
  let traceOrigin = TraceOrigin.capture(kind: "withContinuousPerception")
  private let lock = Lock()
  /// Nil once cancelled.
  private var apply: Apply?
  /// The last event not yet handed to the closure.
  private var pending: (kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?)?
  private var waiter: UnsafeContinuation<Void, Never>?

  init(
    options: PerceptionTracking.Options,
    apply: @escaping @isolated(any) @Sendable (borrowing PerceptionTracking.Event) -> Void
  ) {
    self.options = options
    self.apply = Apply(synchronousView(of: apply))
    pending = (.initial, nil)
  }

  /// The closure, seen synchronously (call it only on its isolation), in an object: the task
  /// takes it under the lock with one retain; a closure passed out of the generic `withLock`
  /// would be reabstracted.
  final class Apply: Sendable {
    let call: @Sendable (borrowing PerceptionTracking.Event) -> Void

    init(_ call: @escaping @Sendable (borrowing PerceptionTracking.Event) -> Void) {
      self.call = call
    }
  }

  static func run(isolation: isolated (any Actor)?, _ tracking: ContinuousTracking) async {
    // Closure and event are taken under the lock: a returned cancel is never followed by a call.
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
    withPerceptionTracking(options: options, call) { [options] event in
      // The next call installs a fresh tracking, so this one ends unless this change's didSet
      // is to come (a release would not end it). Cancelled before the task wakes, so that its
      // next tracking does not wait for the registrar's lock while this one is removed.
      if event.kind != .willSet || !options.contains(.didSet) { event.cancel() }
      self.record(event.kind, changed: event.changed)
    }
  }

  func record(_ kind: PerceptionTracking.Event.Kind, changed: AnyKeyPath?) {
    let waiter = lock.withLock { () -> UnsafeContinuation<Void, Never>? in
      guard apply != nil else { return nil }
      pending = (kind, changed)
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }

  override func cancel() {
    let (apply, waiter) = lock.withLock {
      defer { (self.apply, self.waiter, pending) = (nil, nil, nil) }
      return (self.apply, self.waiter)
    }
    waiter?.resume()
    // Released outside the lock: releasing it may run code that cancels again.
    _ = apply
  }

  /// Waits for an event; returns the closure and the event, consumed, or nil once cancelled.
  /// Inlined, so that `run` makes no async frame for it.
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
