/// Task-local values that tune perception checking.
///
/// Mirrors the original Perception library's `_PerceptionLocals`.
public enum _PerceptionLocals {
  /// Set to true to silence perception-checking warnings for the work done in its scope.
  @TaskLocal public static var skipPerceptionChecking = false

  /// Set to true by view layers while they evaluate a body whose reads are tracked by other
  /// means, so perception checking treats that work as tracked.
  ///
  /// `withPerceptionTracking` itself does not set it: the runtime knows it is tracking from its
  /// thread-local slot, which costs nothing to update, while pushing a task-local value
  /// allocates on every call.
  @TaskLocal public static var isInPerceptionTracking = false
}
