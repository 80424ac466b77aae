/// Runs `body` in a checked context: every read of perceptible state that it makes on this
/// thread outside a tracking scope is reported, once per type, property and call site, as a
/// read whose changes nobody will notice.
///
/// A view layer opens one around each render, so that a body that reads a model without
/// `WithPerceptionTracking` is caught; tests open one to assert that code is tracked. Reads
/// inside any `withPerceptionTracking` call are never reported, nor reads under
/// `_PerceptionLocals.$skipPerceptionChecking.withValue(true)`, nor reads of registrars made
/// with `isPerceptionCheckingEnabled: false`. Contexts nest, and affect no other thread.
///
/// ```swift
/// withPerceptionChecking {
///   print(model.title)  // reported: nothing tracks this read
///   withPerceptionTracking {
///     print(model.title)  // tracked: not reported
///   } onChange: {}
/// }
/// ```
///
/// On the native engine, reads inside a direct call of Observation's `withObservationTracking`
/// (or SwiftUI's own tracking on iOS 17 and later) cannot be seen as tracked, and are reported.
///
/// Where Perception's engine runs (always on iOS 13-16, macOS 10.15-13, tvOS 13-16 and
/// watchOS 6-9), debug builds also watch the main thread: a read in a view body that SwiftUI
/// is evaluating, outside any tracking scope, is reported with the view's name (see
/// ``PerceptionCheckingReport/viewBody``), without a checked context.
///
/// Costs reads outside it nothing. In release builds, or when ``isPerceptionCheckingEnabled``
/// is false, it only runs `body`.
///
/// - Returns: The value `body` returns.
public func withPerceptionChecking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
  guard CheckingSwitch.shared.isEnabled else { return try body() }
  return try CheckingSlot.with(CheckingSlot.checked, body)
}

/// Runs the asynchronous `body` in a checked context that follows its task across `await`,
/// whichever thread it resumes on: its reads are checked as in ``withPerceptionChecking(_:)``.
///
/// Child tasks (`async let`, task groups) inherit the context; unstructured tasks do not. A
/// task is checked only while it runs on the context's own executor: not where it is isolated
/// to the main actor or an actor with a custom executor, nor on systems without task
/// executors (before iOS 18, macOS 15, tvOS 18 and watchOS 11). A synchronous
/// `withPerceptionChecking` inside those still checks.
///
/// - Returns: The value `body` returns.
public func withPerceptionChecking<T, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws(E) -> T
) async throws(E) -> T {
  guard CheckingSwitch.shared.isEnabled else { return try await body() }
  return try await CheckedTaskContext.run(isolation: isolation, body)
}
