/// One tracking installed by `withPerceptionTracking(_:willSet:didSet:)` and its variants, as
/// its callbacks see it.
///
/// The counterpart of Observation's `ObservationTracking`. Not deprecated, as swift-perception's
/// is not (libraries name it in their SwiftUI integrations); the SE-0506 types nested in it are,
/// where Observation has them.
public struct PerceptionTracking: @unchecked Sendable {
  // Sendable because an observer's state is atomic, and a key path is immutable.
  private let observer: Observer

  /// The key path of the property whose change is being reported, or nil.
  public let changed: AnyKeyPath?

  init(observer: Observer, changed: AnyKeyPath?) {
    self.observer = observer
    self.changed = changed
  }

  /// Stops the tracking: its callbacks are not called again, and what they capture is
  /// released. Safe to call from any thread, more than once, and from inside the callbacks
  /// themselves.
  ///
  /// Whether it waits depends on the calling thread:
  ///
  /// - Outside every Perception callback, it waits until the tracking's callbacks running on
  ///   other threads have returned. Once it returns, no callback of this tracking is running
  ///   or will start, and the callbacks have been released.
  /// - Inside a callback, of this tracking or of any other (a willSet, didSet, `onChange` or
  ///   options callback running on this thread, however deeply nested), it does not wait: a
  ///   callback of this tracking running on another thread may still run to its end, and one
  ///   that another thread's mutation was already delivering may still start; the callbacks
  ///   are released when the last of those returns. This is what keeps a callback cancelling
  ///   its own tracking, and callbacks on two threads cancelling each other's trackings, from
  ///   deadlocking.
  ///
  /// - Important: Outside callbacks it waits, so never call it while holding a lock, or
  ///   blocking a thread or queue, that the tracking's callbacks may need (for example from
  ///   the main thread while a callback on another thread waits for the main queue): that
  ///   callback could never return, and neither could `cancel()`. Code that a callback runs
  ///   on another thread (with `DispatchQueue.sync`, say) is not inside the callback.
  public func cancel() {
    observer.cancel()
  }
}
