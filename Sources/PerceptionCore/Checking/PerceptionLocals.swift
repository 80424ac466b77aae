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
