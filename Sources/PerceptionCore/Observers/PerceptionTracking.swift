/// Tracks access to properties of perceptible objects, and reports changes to them.
///
/// The counterpart of Observation's `withObservationTracking(_:onChange:)`. Every tracked
/// property that `apply` reads, on this thread, directly or in nested calls, is observed:
/// the first time one of them is about to change, `onChange` runs once, on the thread making
/// the change and before the new value is stored, and then every observation this call made is
/// cancelled. Properties that `apply` did not read never trigger it.
///
/// ```swift
/// @Perceptible
/// final class Counter {
///   var count = 0
/// }
///
/// let counter = Counter()
/// func observe() {
///   withPerceptionTracking {
///     print("count is", counter.count)
///   } onChange: {
///     print("count will change")
///   }
/// }
/// observe()
/// counter.count += 1  // prints "count will change", once
/// counter.count += 1  // prints nothing: the tracking has fired; call observe() to track again
/// ```
///
/// Unlike native Observation, `onChange` runs exactly once even when several threads mutate
/// observed properties at the same moment, and a mutation of an observed property made inside
/// `onChange` does not call it again.
///
/// Tracking never keeps an observed object alive. When one is released, `onChange` runs once,
/// as the newest Observation does (6.3.1 calls nothing), and the observations are dropped.
///
/// - Parameters:
///   - apply: A closure whose property reads are tracked.
///   - onChange: The closure to call, once, when a tracked property is about to change. It is
///     evaluated only if `apply` read something.
/// - Returns: The value `apply` returns.
@available(iOS, deprecated: 17, renamed: "withObservationTracking")
@available(macOS, deprecated: 14, renamed: "withObservationTracking")
@available(tvOS, deprecated: 17, renamed: "withObservationTracking")
@available(watchOS, deprecated: 10, renamed: "withObservationTracking")
@inlinable @inline(__always)
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  return TrackingScope.runOnChange(apply, onChange: onChange)
}

/// Tracks access to properties, and calls `willSet` before each change to one of them, until
/// the tracking is cancelled.
///
/// The counterpart of Observation's `withObservationTracking(_:willSet:)` (SPI there). Each
/// call of `willSet` receives a ``PerceptionTracking`` whose `changed` is the key path about
/// to change and whose `cancel()` ends the tracking.
///
/// ```swift
/// withPerceptionTracking {
///   _ = counter.count
/// } willSet: { tracking in
///   print("about to change:", tracking.changed as Any)
///   if done { tracking.cancel() }
/// }
/// ```
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  willSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  return TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: nil) }
}

/// Tracks access to properties, and calls `didSet` after each change to one of them, until
/// the tracking is cancelled.
///
/// The counterpart of Observation's `withObservationTracking(_:didSet:)` (SPI there).
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  didSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  return TrackingScope.run(apply, request: .events) { .events(willSet: nil, didSet: didSet) }
}

/// Tracks access to properties, and calls `willSet` before and `didSet` after each change to
/// one of them, until the tracking is cancelled.
///
/// The counterpart of Observation's `withObservationTracking(_:willSet:didSet:)` (SPI there).
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  willSet: @escaping @Sendable (PerceptionTracking) -> Void,
  didSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  return TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: didSet) }
}

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
