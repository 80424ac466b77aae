/// Task-local values that tune perception checking, as swift-perception's `_PerceptionLocals`.
public enum _PerceptionLocals {
  /// Set to true to silence perception checking for the work done in its scope: its reads are
  /// never reported, even in a checked context.
  @TaskLocal public static var skipPerceptionChecking = false

  /// True inside every `withPerceptionTracking` call in debug builds, and wherever a view layer
  /// sets it around reads tracked by other means, which checking then treats as tracked.
  ///
  /// Checking reads the thread's slot; this is pushed, in debug builds only (a push
  /// allocates), for the libraries that read it, and stays a `TaskLocal` for those that set it.
  @available(iOS, deprecated: 17)
  @available(macOS, deprecated: 14)
  @available(tvOS, deprecated: 17)
  @available(watchOS, deprecated: 10)
  @TaskLocal public static var isInPerceptionTracking = false
}
