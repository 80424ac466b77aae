extension TrackingScope {
  /// Calls a tracking call's `apply` on either engine; debug builds mark it, out of line.
  @inlinable @inline(__always)
  static func runMarked<T>(_ apply: () -> T) -> T {
    if DebugBuild.isActive { return markedApply(apply) }
    return apply()
  }

  /// Runs `apply` with `_PerceptionLocals.isInPerceptionTracking` true, for libraries that read
  /// it, and this thread's checked-context flags lifted, as its reads are tracked.
  @usableFromInline
  static func markedApply<T>(_ apply: () -> T) -> T {
    // Through the task local itself: the property is deprecated from iOS 17.
    if _PerceptionLocals.$isInPerceptionTracking.get() {
      return CheckingSlot.liftingCheckedContext(apply)
    }
    return _PerceptionLocals.$isInPerceptionTracking.withValue(true) {
      CheckingSlot.liftingCheckedContext(apply)
    }
  }
}
