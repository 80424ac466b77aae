/// Runs `body` in a checked context: every read of perceptible state that it makes on this
/// thread outside a tracking scope is reported, once per type, property and call site, as a
/// read whose changes nobody will notice.
///
/// A view layer opens one around each render, so that a body that reads a model without
/// `WithPerceptionTracking` is caught; tests open one to assert that code is tracked. Reads
/// inside any `withPerceptionTracking` call are never reported, nor reads under
/// `_PerceptionLocals.$skipPerceptionChecking.withValue(true)`, nor reads of registrars made
/// with `isPerceptionCheckingEnabled: false`. Contexts nest; a context on one thread does not
/// affect any other thread.
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
/// On the native engine, reads inside `withPerceptionTracking` are known to be tracked, but
/// reads inside a direct call of Observation's `withObservationTracking` (or SwiftUI's own
/// tracking on iOS 17 and later) cannot be seen as tracked, and are reported.
///
/// SwiftUI bodies need no context of their own where SwiftUI does not track perceptible
/// models: wherever Perception's engine runs (always on iOS 13-16, macOS 10.15-13, tvOS 13-16
/// and watchOS 6-9), debug builds watch the main thread, and a read in a view body that SwiftUI is evaluating, outside
/// any tracking scope, is reported with the view's name (see ``PerceptionCheckingReport/viewBody``).
///
/// Costs nothing to reads outside it. In release builds, or when
/// ``isPerceptionCheckingEnabled`` is false, it only runs `body`.
///
/// - Returns: The value `body` returns.
public func withPerceptionChecking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
  // Off in release builds: `isEnabled` is false there.
  guard CheckingSwitch.shared.isEnabled else { return try body() }
  return try CheckingSlot.with(CheckingSlot.checked, body)
}

/// Runs the asynchronous `body` in a checked context that follows its task across `await`:
/// reads that the task makes before and after each suspension, on whichever thread it resumes,
/// are checked as in the synchronous ``withPerceptionChecking(_:)``, until `body` returns.
///
/// The task carries the context as a task-local value, and runs on an executor that marks the
/// thread's slot around each stretch of the task's work, so a read still finds the context in
/// one thread-local load. Child tasks (`async let`, task groups) inherit it; unstructured tasks
/// (`Task { }`) do not.
///
/// Where the task runs on an executor of its own instead, the thread is not marked and those
/// stretches are not checked: code isolated to the main actor or to an actor with a custom
/// executor, and every task on systems without task executors (before iOS 18, macOS 15,
/// tvOS 18 and watchOS 11). A synchronous `withPerceptionChecking` inside them still checks.
///
/// - Returns: The value `body` returns.
public func withPerceptionChecking<T, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws(E) -> T
) async throws(E) -> T {
  guard CheckingSwitch.shared.isEnabled else { return try await body() }
  return try await CheckedTaskContext.run(isolation: isolation, body)
}
