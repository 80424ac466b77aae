/// Wakes the iterators of one `Perceptions` sequence when something their closures read is
/// about to change.
///
/// Shared by every iterator of the sequence, as `Observations` shares its state: a change seen
/// by any iterator's tracking wakes every iterator waiting at that moment, and a change made
/// while none waits is remembered and wakes the next wait. So when one synchronous stretch of
/// changes wakes several iterators, each computes its next element, even an iterator that the
/// actor gets to only after the next stretch began; the price, as in `Observations`, is that an
/// iterator may compute an element equal to its last.
///
/// Beyond `Observations`: an iterator whose own tracking fired is never left waiting. Native's
/// remembered change is one flag for the sequence, which the first iterator to wait consumes,
/// so a second iterator whose tracking fired while it was busy could wait through its change.
/// Here each iterator also remembers a change of its own until its next wait.
///
/// Every callback runs on the mutating thread (`changed(for:)`) while the iterators wait on
/// their own isolation (`wait(_:isolation:)`); either may come first.
final class ChangeSignal: @unchecked Sendable {
  // Sendable because every field, and every field of its waiters, is guarded by `lock`.
  private let lock = Lock()
  /// The iterators suspended in `wait`, by identity.
  private var parked: [ObjectIdentifier: Waiter] = [:]
  /// A change happened while no iterator waited, which the next wait consumes.
  private var unawaitedChange = false

  /// One iterator's place in the signal.
  final class Waiter: @unchecked Sendable {
    // Every field is guarded by the signal's lock.
    /// Resumed with true: the wait parked.
    fileprivate var continuation: UnsafeContinuation<Bool, Never>?
    /// This iterator's own tracking fired since it last waited.
    fileprivate var changedSinceWait = false
    /// The iterating task was cancelled: every wait returns at once.
    fileprivate var cancelled = false
  }

  /// Records a change seen by `waiter`'s tracking, and wakes every waiting iterator. Called
  /// from `onChange`.
  func changed(for waiter: Waiter) {
    // The first waiter's continuation is handed out on its own, so that waking one iterator,
    // the common case, makes no array: an array of them would be an allocation per element.
    let (first, others) = lock.withLock {
      () -> (UnsafeContinuation<Bool, Never>?, [UnsafeContinuation<Bool, Never>]) in
      if parked.isEmpty { unawaitedChange = true }
      if waiter.continuation == nil { waiter.changedSinceWait = true }
      guard !parked.isEmpty else { return (nil, []) }
      var first: UnsafeContinuation<Bool, Never>?
      var others: [UnsafeContinuation<Bool, Never>] = []
      for parkedWaiter in parked.values {
        guard let continuation = parkedWaiter.continuation else { continue }
        parkedWaiter.continuation = nil
        if first == nil {
          first = continuation
        } else {
          others.append(continuation)
        }
      }
      parked.removeAll(keepingCapacity: true)
      return (first, others)
    }
    first?.resume(returning: true)
    for continuation in others { continuation.resume(returning: true) }
  }

  /// Returns after the next change, or at once if a change is pending for `waiter` or for
  /// nobody, or if the task is cancelled. The caller checks for cancellation afterwards.
  func wait(_ waiter: Waiter, isolation: isolated (any Actor)? = #isolation) async {
    // Both closures name `isolation`, so that they are isolated to it: the wait suspends and
    // resumes on the iterating actor, never passing through the global executor, where the
    // iterator would come back at a time that races the actor's other tasks.
    let wasParked = await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: isolation) {
          (continuation: UnsafeContinuation<Bool, Never>) in
          let resumeNow = lock.withLock { () -> Bool in
            defer { unawaitedChange = false }
            if waiter.cancelled || waiter.changedSinceWait || unawaitedChange {
              waiter.changedSinceWait = false
              return true
            }
            waiter.continuation = continuation
            self.parked[ObjectIdentifier(waiter)] = waiter
            return false
          }
          if resumeNow { continuation.resume(returning: false) }
        }
      },
      onCancel: { cancel(waiter) },
      isolation: isolation)
    // Woken from a park, the iterator's own tracking may still have fired since (woken by
    // another iterator's change): that change comes before the element it computes next,
    // which reads the new values. Only then is there something to forget, so a wait that
    // returned at once takes the lock once.
    if wasParked { lock.withLock { waiter.changedSinceWait = false } }
  }

  /// Ends `waiter`'s current wait and makes every later one return at once.
  private func cancel(_ waiter: Waiter) {
    let continuation = lock.withLock { () -> UnsafeContinuation<Bool, Never>? in
      waiter.cancelled = true
      guard let continuation = waiter.continuation else { return nil }
      waiter.continuation = nil
      parked[ObjectIdentifier(waiter)] = nil
      return continuation
    }
    continuation?.resume(returning: true)
  }
}
