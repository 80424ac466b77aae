/// Keeps `_PerceptionLocals.isInPerceptionTracking` true inside tracking calls.
enum TrackingLocals {
  /// Runs `apply` with `isInPerceptionTracking` true, in debug builds.
  @inline(__always)
  static func markingTracking<T>(_ apply: () -> T) -> T {
    guard DebugBuild.isActive else { return apply() }
    // Through the task local itself: the property is deprecated from iOS 17.
    if _PerceptionLocals.$isInPerceptionTracking.get() { return apply() }
    return _PerceptionLocals.$isInPerceptionTracking.withValue(true, operation: apply)
  }
}
