/// A tracking scope on Perception's runtime: one tracking call's `apply`, whose reads on this
/// thread go to an access list on the call's stack. The thread's slot points at the innermost
/// list, with perception checking's flags in its low bits; each list points at its enclosing one.
@usableFromInline
enum TrackingScope {
  /// The innermost scope's access list in `slot`; nil when the slot only carries flags.
  @inlinable
  static func accessList(inSlot slot: UInt) -> UnsafeMutablePointer<AccessList>? {
    UnsafeMutablePointer(bitPattern: slot & ~ThreadLocal.slotFlagMask)
  }

  /// Opens a scope around `body`: a list on the stack, chained to the enclosing one and named by
  /// the thread's slot until `body` stores back the `enclosingSlot` it is given.
  @inlinable @inline(__always)
  static func withScope<R>(
    _ body: (
      _ list: UnsafeMutablePointer<AccessList>,
      _ enclosing: UnsafeMutablePointer<AccessList>?, _ enclosingSlot: UInt
    ) -> R
  ) -> R {
    // Unprotected: the list's own code, bounded by its capacity, is its only writer, so a stack
    // canary would guard nothing and cost every caller that inlines the scope: the CI row
    // `nested-3` (Benchmarks/README.md, "Unsafe constructs and the rows that keep them").
    _withUnprotectedUnsafeTemporaryAllocation(of: AccessList.self, capacity: 1) { buffer in
      let list = buffer.baseAddress!
      let enclosingSlot = ThreadLocal.slot
      let enclosing = accessList(inSlot: enclosingSlot)
      list.initialize(enclosing: enclosing)
      ThreadLocal.slot = UInt(bitPattern: list) | (enclosingSlot & ThreadLocal.slotFlagMask)
      return body(list, enclosing, enclosingSlot)
    }
  }

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
