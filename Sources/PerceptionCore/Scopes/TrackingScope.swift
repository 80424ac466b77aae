/// A tracking scope: the span of one `withPerceptionTracking` call's `apply`, during which
/// every property read on this thread is recorded in the scope's access list.
///
/// The list lives on this call's stack; the thread's slot points at the innermost one, and
/// each list points at the one it is nested in.
///
/// Declared here, with what a read needs of it (the innermost scope's access list) and what
/// runs a scope; what a scope's end makes of its reads is Registrar's
/// (`TrackingScope+Registration`), and which engine runs a tracking call is Tracking's
/// (`TrackingScope+Engines`).
@usableFromInline
enum TrackingScope {
  /// The access list of the innermost scope, given the thread's slot; nil when the slot only
  /// carries flags.
  @inlinable
  static func accessList(inSlot slot: UInt) -> UnsafeMutablePointer<AccessList>? {
    UnsafeMutablePointer(bitPattern: slot & ~ThreadLocal.slotFlagMask)
  }

  /// The list of the innermost scope `slot` names, for a read of `keyPath` from the registrar
  /// behind `storage`; nil when the slot carries only checking's flags, after handing the read
  /// to perception checking, which may report it (debug builds).
  @inline(__always)
  static func accessList(
    forReadOf keyPath: AnyKeyPath, inSlot slot: UInt, storage: some CheckableStorage,
    site: CallSite?
  ) -> UnsafeMutablePointer<AccessList>? {
    guard let list = accessList(inSlot: slot) else {
      if DebugBuild.isActive {
        CheckingReporter.readOutsideTracking(
          slot: slot, keyPath: keyPath, storage: storage, site: site)
      }
      return nil
    }
    return list
  }

  /// Opens a scope on this thread around `body`: an access list on the stack, chained to the
  /// enclosing scope's and named by the thread's slot from here on, with the enclosing slot's
  /// checking flags. `body` gets the list, the enclosing scope's list and the enclosing slot,
  /// which it stores back once the scope's `apply` has returned.
  @inlinable @inline(__always)
  static func withScope<R>(
    _ body: (
      _ list: UnsafeMutablePointer<AccessList>,
      _ enclosing: UnsafeMutablePointer<AccessList>?, _ enclosingSlot: UInt
    ) -> R
  ) -> R {
    // Uninitialized stack space: the list is a few hundred bytes that init mostly ignores.
    // Unprotected: the only writer of this buffer is the runtime's list code, bounded by the
    // list's own capacity (and run under ASan in CI), so a stack canary guards nothing here;
    // with one, every function this scope is inlined into pays the canary's store and check
    // (5 instructions), on the native engine's path too, which never touches the list.
    _withUnprotectedUnsafeTemporaryAllocation(of: AccessList.self, capacity: 1) {
      buffer in
      let list = buffer.baseAddress!
      let enclosingSlot = ThreadLocal.slot
      let enclosing = accessList(inSlot: enclosingSlot)
      list.initialize(enclosing: enclosing)
      ThreadLocal.slot = UInt(bitPattern: list) | (enclosingSlot & ThreadLocal.slotFlagMask)
      return body(list, enclosing, enclosingSlot)
    }
  }

  /// The body of a scope on Perception's runtime: runs `apply` in a new scope, restores the
  /// enclosing one, and hands the scope's list to `observeReads` if `apply` read something.
  /// Inlined, `observeReads` with it, into every scope's caller: on Perception's runtime alone,
  /// and inside Observation's tracking (`PerceptibleSide`).
  @inlinable @inline(__always)
  static func runInScope<T>(
    _ apply: () -> T,
    observeReads: (
      _ list: UnsafeMutablePointer<AccessList>, _ enclosing: UnsafeMutablePointer<AccessList>?
    ) -> Void
  ) -> T {
    withScope { list, enclosing, enclosingSlot in
      let result = runMarked(apply)
      ThreadLocal.slot = enclosingSlot
      // A list that recorded nothing owns nothing: no storage, no registrar.
      if _slowPath(list.pairCount != 0) { observeReads(list, enclosing) }
      return result
    }
  }
}
