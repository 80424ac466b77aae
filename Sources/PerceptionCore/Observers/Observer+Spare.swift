// The spare observer: the process keeps one finished observer for the next tracking scope that
// reads one object, instead of freeing it and allocating another each cycle.
extension Observer {
  /// Gives up a reference to an observer. The last one to a one-shot observer that this
  /// thread's notification fired, with one registration, makes it the spare instead of freeing
  /// it.
  ///
  /// Only such an observer: every field this thread and the next user touch was last written
  /// by this thread, or before the state change its notification acquired. (A uniqueness check
  /// orders nothing, so an observer another thread may have written since, a cancelled one
  /// say, is freed as usual.)
  static func release(_ reference: Unmanaged<Observer>) {
    let recyclable = reference._withUnsafeGuaranteedRef { $0.field(\.mayBecomeSpare).pointee }
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
    assert(field(\.callbacks).pointee == nil, "Perception: a fired observer kept its callbacks")
    field(\.registrationCount).pointee = 0
    field(\.isSpare).pointee = true
    releaseTraceSite()
    countForDebugging(.observers, -1)
  }
}
