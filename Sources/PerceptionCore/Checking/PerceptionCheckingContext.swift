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
/// Costs nothing to reads outside it. In release builds, or when
/// ``isPerceptionCheckingEnabled`` is false, it only runs `body`.
///
/// - Returns: The value `body` returns.
public func withPerceptionChecking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
  #if DEBUG
    guard CheckingSwitch.shared.isEnabled else { return try body() }
    return try CheckingSlot.with(CheckingSlot.checked, body)
  #else
    return try body()
  #endif
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
  #if DEBUG
    guard CheckingSwitch.shared.isEnabled else { return try await body() }
    return try await CheckedTaskContext.run(isolation: isolation, body)
  #else
    return try await body()
  #endif
}

// Not done yet, because it cannot be built or tested here: on iOS 13-16 and macOS 10.15-13 a
// SwiftUI body that nobody wrapped in WithPerceptionTracking runs in no checked context, so
// its reads are not checked. Two ways that keep the quiet read at one load and a branch:
// - The SwiftUI layer opens a context (`CheckingSlot.with(CheckingSlot.checked)`) where it can
//   see a render begin, e.g. in the view modifiers and containers it owns.
// - The `@Perceptible` accessors pass their call site (as the deprecated
//   `access(_:keyPath:fileID:filePath:line:column:)` does), and a read with a zero slot whose
//   site was never seen asks once, cached per site, whether AttributeGraph is on the stack.
//   That puts a per-site cache probe on every quiet read on those systems only, so it belongs
//   behind `#if canImport(SwiftUI)` and an availability check.
