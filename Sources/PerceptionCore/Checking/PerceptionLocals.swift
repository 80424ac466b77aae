/// Task-local values that tune perception checking, as swift-perception's `_PerceptionLocals`.
public enum _PerceptionLocals {
  /// Set to true to silence perception checking for the work done in its scope: its reads are
  /// never reported, even in a checked context.
  @TaskLocal public static var skipPerceptionChecking = false

  /// True inside every `withPerceptionTracking` call in debug builds; view layers also set it
  /// while they evaluate a body whose reads are tracked by other means, so that perception
  /// checking treats that work as tracked.
  ///
  /// Checking itself reads the thread's slot instead; this is pushed for the libraries that
  /// read it, in debug builds only, because pushing a task-local allocates. It must stay a
  /// `TaskLocal` for callers that set it.
  ///
  /// Deprecated where SwiftUI observes perceptible models itself, as swift-perception marks it.
  @available(iOS, deprecated: 17)
  @available(macOS, deprecated: 14)
  @available(tvOS, deprecated: 17)
  @available(watchOS, deprecated: 10)
  @TaskLocal public static var isInPerceptionTracking = false
}
