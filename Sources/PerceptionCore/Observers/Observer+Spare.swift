// The spare observer: the process keeps one finished observer for the next scope that reads one
// object, instead of freeing it and allocating another each cycle. Kept for the CI rows
// `cycle-1` and `hand-cycle-1`, which pay an allocation and a free per cycle without it
// (Benchmarks/README.md, "Unsafe constructs and the rows that keep them").
extension Observer {
  /// Gives up a reference to an observer. The last one to a one-shot observer with one
  /// registration that this thread's notification fired makes it the spare instead of freeing
  /// it: every field this thread and the next user touch was last written here, or before the
  /// state change the notification acquired. A uniqueness check alone orders nothing.
  static func release(_ reference: Unmanaged<Observer>) {
    let recyclable = reference._withUnsafeGuaranteedRef { $0.fieldValue(\.mayBecomeSpare) }
    guard recyclable, reference.isOnlyReference else {
      reference.release()
      return
    }
    reference._withUnsafeGuaranteedRef { $0.becomeSpare() }
    if let previous = SpareObserver.exchange(reference.toOpaque()) {
      Unmanaged<Observer>.fromOpaque(previous).release()
    }
  }

  /// Lets go of what a finished observer still holds, as `deinit` would.
  private func becomeSpare() {
    forEachRegistration { $0.table.release() }
    // The notification that fired it took its callbacks.
    assert(fieldValue(\.callbacks) == nil, "Perception: a fired observer kept its callbacks")
    setField(\.registrationCount, 0)
    setField(\.isSpare, true)
    releaseTraceSite()
    countForDebugging(.observers, -1)
  }
}
