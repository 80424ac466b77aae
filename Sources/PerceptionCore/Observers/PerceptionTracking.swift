/// One tracking installed by `withPerceptionTracking(_:willSet:didSet:)` and its variants, as its
/// callbacks see it: Observation's `ObservationTracking`. Not deprecated, as swift-perception's
/// is not (SwiftUI integrations name it); the SE-0506 types nested in it are.
public struct PerceptionTracking: @unchecked Sendable {
  // Sendable because an observer's state is atomic, and a key path is immutable.
  private let observer: Observer
  /// The key path of the property whose change is being reported, or nil.
  public let changed: AnyKeyPath?

  init(observer: Observer, changed: AnyKeyPath?) {
    self.observer = observer
    self.changed = changed
  }

  /// Stops the tracking: its callbacks are not called again, and what they capture is released.
  /// Safe from any thread, more than once, and from inside the callbacks.
  ///
  /// Outside every Perception callback it waits until the tracking's callbacks running on other
  /// threads have returned, so never call it then holding a lock, or blocking a thread or queue,
  /// they may need. Inside one (of any tracking, on this thread) it does not wait, so callbacks
  /// cancelling each other cannot deadlock; the callbacks are released when the last returns.
  public func cancel() {
    observer.cancel()
  }
}
