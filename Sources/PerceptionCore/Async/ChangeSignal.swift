/// Wakes the iterators of one `Perceptions` sequence, shared as `Observations` shares its
/// state: a change wakes every iterator waiting then, and one made while none waits wakes the
/// next wait. Beyond `Observations`, whose pending change is one flag the first wait consumes,
/// each iterator remembers a change of its own tracking until its next wait, so it never waits
/// through it. `changed(for:)` (on the mutating thread) and `wait` may come in either order.
final class ChangeSignal: @unchecked Sendable {
  // Sendable because every field, and every field of its waiters, is guarded by `lock`.
  typealias Continuation = UnsafeContinuation<Void, Never>
  private let lock = Lock()
  /// Every waiter here has a continuation.
  private var parked: [ObjectIdentifier: Waiter] = [:]
  private var unawaitedChange = false

  final class Waiter: @unchecked Sendable {
    fileprivate var continuation: Continuation?
    fileprivate var changedSinceWait = false
    fileprivate var cancelled = false
  }

  /// Records a change seen by `waiter`'s tracking, and wakes every waiting iterator.
  func changed(for waiter: Waiter) {
    // The first continuation is returned on its own: waking one iterator makes no array.
    let (first, others) = lock.withLock { () -> (Continuation?, [Continuation]) in
      if parked.isEmpty { unawaitedChange = true }
      if waiter.continuation == nil { waiter.changedSinceWait = true }
      var first: Continuation?
      var others: [Continuation] = []
      for parkedWaiter in parked.values {
        if first == nil {
          first = parkedWaiter.continuation
        } else if let continuation = parkedWaiter.continuation {
          others.append(continuation)
        }
        parkedWaiter.continuation = nil
      }
      parked.removeAll(keepingCapacity: true)
      return (first, others)
    }
    first?.resume()
    for continuation in others { continuation.resume() }
  }

  /// Returns after the next change, or at once if a change is pending for `waiter` or for
  /// nobody, or if the task is cancelled. The caller checks for cancellation afterwards.
  func wait(_ waiter: Waiter, isolation: isolated (any Actor)? = #isolation) async {
    // Whether the wait parked is written by this task before it can be resumed, never carried
    // by the continuation: a resume before the task reaches its suspension lets it run on
    // without the runtime telling ThreadSanitizer, so a result written by the resumer would
    // read as a race.
    var didPark = false
    // Both closures are isolated to `isolation`, so the wait suspends and resumes on the
    // iterating actor, without a hop through the global executor that would race its tasks.
    await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: isolation) { (continuation: Continuation) in
          didPark = lock.withLock { () -> Bool in
            defer { unawaitedChange = false }
            if waiter.cancelled || waiter.changedSinceWait || unawaitedChange {
              waiter.changedSinceWait = false
              return false
            }
            waiter.continuation = continuation
            self.parked[ObjectIdentifier(waiter)] = waiter
            return true
          }
          if !didPark { continuation.resume() }
        }
      },
      onCancel: { cancel(waiter) },
      isolation: isolation)
    // Woken by another's change, its own tracking may have fired since: that change precedes
    // the element computed next, so it is forgotten.
    if didPark { lock.withLock { waiter.changedSinceWait = false } }
  }

  /// Ends `waiter`'s current wait and makes every later one return at once.
  private func cancel(_ waiter: Waiter) {
    let continuation = lock.withLock { () -> Continuation? in
      waiter.cancelled = true
      guard let continuation = waiter.continuation else { return nil }
      waiter.continuation = nil
      parked[ObjectIdentifier(waiter)] = nil
      return continuation
    }
    continuation?.resume()
  }
}
