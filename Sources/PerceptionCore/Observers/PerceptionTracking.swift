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
  /// released. Safe from any thread, more than once, and from inside the callbacks.
  ///
  /// Outside every Perception callback, it waits until the tracking's callbacks running on
  /// other threads have returned: once it returns, none runs or will start. Inside a callback
  /// (of any tracking, on this thread) it does not wait, so that a callback cancelling its own
  /// tracking, or two cancelling each other's, cannot deadlock: a callback running elsewhere may
  /// then still finish, and the callbacks are released when the last returns.
  ///
  /// - Important: Outside callbacks it waits, so never call it while holding a lock, or
  ///   blocking a thread or queue, that the tracking's callbacks may need.
  public func cancel() {
    observer.cancel()
  }
}
