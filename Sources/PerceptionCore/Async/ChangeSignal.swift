/// Wakes one `Perceptions` iterator when something its closure read is about to change.
///
/// Each element is computed in a one-shot tracking whose `onChange` calls `signal()`, on the
/// mutating thread. The iterator then waits in `wait()`. Either may come first: a change made
/// before the iterator waits is remembered, so the wait returns at once.
final class ChangeSignal: @unchecked Sendable {
  // Sendable because every field is guarded by `lock`.
  private let lock = Lock()
  /// A change happened that no wait has consumed yet.
  private var changed = false
  /// The iterating task was cancelled: every wait returns at once.
  private var cancelled = false
  private var waiter: UnsafeContinuation<Void, Never>?

  /// Records a change and wakes the waiting iterator, if any. Called from `onChange`.
  func signal() {
    let waiter = lock.withLock { () -> UnsafeContinuation<Void, Never>? in
      guard let waiter = self.waiter else {
        changed = true
        return nil
      }
      self.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns after the next change, or at once if one happened since the last wait, or if
  /// the task is cancelled. The caller checks for cancellation afterwards.
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let resumeNow = lock.withLock { () -> Bool in
          if changed || cancelled {
            changed = false
            return true
          }
          waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }

  /// Ends the current wait and makes every later one return at once.
  private func cancel() {
    let waiter = lock.withLock { () -> UnsafeContinuation<Void, Never>? in
      cancelled = true
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
  }
}
