/// Runs `body` in a checked context: each read of perceptible state it makes on this thread
/// outside a tracking scope is reported once per type, property and call site, except under
/// `_PerceptionLocals.$skipPerceptionChecking` and of registrars made with
/// `isPerceptionCheckingEnabled: false`. Contexts nest and affect no other thread. In release
/// builds, or when ``isPerceptionCheckingEnabled`` is false, it only runs `body`.
/// See <doc:CheckingReads>.
public func withPerceptionChecking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
  guard CheckingSwitch.shared.isEnabled else { return try body() }
  return try CheckingSlot.with(CheckingSlot.checked, body)
}

/// Runs the asynchronous `body` in a checked context that follows its tasks across `await`.
/// Only what runs on its task executor is checked: nothing before iOS 18, macOS 15, tvOS 18 and
/// watchOS 11, nor on an actor with its own executor. See <doc:CheckingReads>.
public func withPerceptionChecking<T, E: Error>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws(E) -> T
) async throws(E) -> T {
  guard CheckingSwitch.shared.isEnabled else { return try await body() }
  return try await CheckedTaskContext.run(isolation: isolation, body)
}

/// Task-local values that tune perception checking, as swift-perception's `_PerceptionLocals`.
public enum _PerceptionLocals {
  /// Set to true to silence perception checking for the work done in its scope.
  @TaskLocal public static var skipPerceptionChecking = false

  /// True inside every `withPerceptionTracking` call in debug builds (a push allocates), for the
  /// libraries that read it; a view layer sets it around reads it tracks by other means.
  @available(iOS, deprecated: 17)
  @available(macOS, deprecated: 14)
  @available(tvOS, deprecated: 17)
  @available(watchOS, deprecated: 10)
  @TaskLocal public static var isInPerceptionTracking = false
}
