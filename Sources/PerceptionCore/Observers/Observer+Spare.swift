// The spare observer: the process keeps one finished observer (`SpareObserver`)
// for the next tracking scope that reads one object to reuse, instead of allocating one and
// freeing it each cycle. `Observer.make` takes it; `release` gives it back.
extension Observer {
  /// Gives up a reference to an observer. When it is the last one and the observer is a
  /// one-shot one that this thread's notification fired, with one registration (a scope that
  /// read one object), it becomes the spare instead of being freed, and the next such scope
  /// reuses it: its allocation and deallocation are a sixth of a tracking cycle.
  ///
  /// Only such an observer: every field this thread and the one that reuses it touch was
  /// last written by this thread, or before the state change its notification acquired. (A
  /// uniqueness check orders nothing, so an observer another thread might have written to
  /// since, a cancelled one say, is freed as usual.)
  static func release(_ reference: Unmanaged<Observer>) {
    let recyclable = reference._withUnsafeGuaranteedRef { observer in
      observer.withUnsafeMutablePointerToHeader { $0.pointer(to: \.mayBecomeSpare)!.pointee }
    }
    guard recyclable, isOnlyReference(reference) else {
      reference.release()
      return
    }
    reference._withUnsafeGuaranteedRef { $0.becomeSpare() }
    if let previous = SpareObserver.exchange(reference.toOpaque()) {
      Unmanaged<Observer>.fromOpaque(previous).release()
    }
  }

  /// Whether `reference` is the only strong reference to its observer.
  fileprivate static func isOnlyReference(_ reference: Unmanaged<Observer>) -> Bool {
    // Borrows the caller's reference as a strong one, then gives it back: no net change.
    var observer = reference.takeRetainedValue()
    defer { _ = Unmanaged.passRetained(observer) }
    return isKnownUniquelyReferenced(&observer)
  }

  /// Lets go of what a finished observer still holds, as `deinit` would, and stops counting
  /// it among the live observers.
  fileprivate func becomeSpare() {
    forEachRegistration { $0.table.releaseTable() }
    // The notification that fired it took its callbacks.
    assert(callbacksPointer.pointee == nil, "Perception: a fired observer kept its callbacks")
    withUnsafeMutablePointerToHeader { header in
      header.pointer(to: \.registrationCount)!.pointee = 0
      header.pointer(to: \.isSpare)!.pointee = true
    }
    releaseTraceSite()
    countForDebugging(.observers, -1)
  }
}
