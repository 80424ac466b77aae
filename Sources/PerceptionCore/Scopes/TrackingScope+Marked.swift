extension TrackingScope {
  /// Calls the `apply` of a tracking call on either engine. Release builds call it and nothing
  /// else; debug builds mark it, out of line (`markedApply`).
  @inlinable @inline(__always)
  static func runMarked<T>(_ apply: () -> T) -> T {
    if DebugBuild.isActive { return markedApply(apply) }
    return apply()
  }

  /// Runs `apply` with `_PerceptionLocals.isInPerceptionTracking` true, for the libraries that
  /// read it, and with this thread's checked-context flags lifted: its reads are tracked, so
  /// checking has nothing to say of them. A checked context opened inside sets its flag again.
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
