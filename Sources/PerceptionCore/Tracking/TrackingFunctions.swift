/// Tracks access to properties of perceptible objects, and calls `onChange` once when one of
/// them is about to change.
///
/// The counterpart of Observation's `withObservationTracking(_:onChange:)`. Every tracked
/// property `apply` reads on this thread, directly or in nested calls, is observed: the first
/// time one is about to change, `onChange` runs once, on the changing thread before the new value
/// is stored, and the tracking ends. Unlike native Observation, that holds when several threads
/// mutate at once, and a mutation inside `onChange` does not call it again. Tracking never keeps
/// an observed object alive; releasing one calls `onChange` on Perception's runtime, and on the
/// native engine where Observation reports releases (SE-0506).
///
/// - Parameters:
///   - apply: A closure whose property reads are tracked.
///   - onChange: Called once, when a tracked property is about to change, if `apply` read any.
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
/// cancelled: Observation's `withObservationTracking(_:willSet:)` (SPI). `willSet` gets a
/// ``PerceptionTracking``: `changed` is the key path about to change; `cancel()` ends tracking.
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  willSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: nil) }
}

/// Tracks access to properties, and calls `didSet` after each change to one of them, until
/// the tracking is cancelled: Observation's `withObservationTracking(_:didSet:)` (SPI there).
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  didSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  TrackingScope.run(apply, request: .events) { .events(willSet: nil, didSet: didSet) }
}

/// Tracks access to properties, and calls `willSet` before and `didSet` after each change to one
/// of them, until cancelled: Observation's `withObservationTracking(_:willSet:didSet:)` (SPI).
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  willSet: @escaping @Sendable (PerceptionTracking) -> Void,
  didSet: @escaping @Sendable (PerceptionTracking) -> Void
) -> T {
  TrackingScope.run(apply, request: .events) { .events(willSet: willSet, didSet: didSet) }
}
