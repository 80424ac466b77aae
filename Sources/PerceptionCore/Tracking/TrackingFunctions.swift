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
/// observed properties at the same moment, and a mutation made inside it does not call it
/// again. Tracking never keeps an observed object alive; releasing one calls `onChange` once on
/// Perception's runtime, and on the native engine where Observation reports releases (SE-0506).
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
  TrackingScope.run(apply, request: .onChange) { .onChange(onChange()) }
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
  TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: nil) }
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
  TrackingScope.run(apply, request: .events) { .events(willSet: nil, didSet: didSet) }
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
  TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: didSet) }
}
