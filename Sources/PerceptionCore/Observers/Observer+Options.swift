extension Observer {
  /// Delivers one event to an options tracking, as `withPerceptionTracking(options:)` defines,
  /// on both engines:
  ///
  /// - With `.willSet` or `.didSet` alone, the first such event is delivered and finishes the
  ///   tracking, exactly once however many threads mutate.
  /// - With both, the first willSet is delivered, then the next didSet, which finishes it.
  ///   Events that arrive while the willSet is being delivered belong to other, racing
  ///   mutations and are ignored; `Event.cancel()` during the willSet suppresses the didSet.
  /// - With `.deinit`, each release of a tracked object is delivered until the tracking
  ///   finishes, and does not finish it.
  func receiveOptionsEvent(
    _ event: UInt32, keyPath: AnyKeyPath?, options: PerceptionTracking.Options,
    collectedFrom table: ObserverTable?
  ) {
    let willSet = options.contains(.willSet)
    let didSet = options.contains(.didSet)
    switch event {
    case EventBits.deinit:
      guard options.contains(.deinit), state.enterReader() else { return }
      defer { leaveReader() }
      deliver(.deinit, keyPath: nil)
    case EventBits.willSet where willSet && didSet:
      // A reader and the phase in one step each way: two atomic operations per willSet.
      guard state.enterReader(movingPhaseFrom: .idle, to: .deliveringWillSet) else { return }
      deliver(.willSet, keyPath: keyPath)
      // Moves nothing if the callback cancelled: then no didSet follows.
      state.leaveReader(
        movingPhaseFrom: .deliveringWillSet, to: .awaitingDidSet, releasing: releaseCallbacks)
    case EventBits.didSet where willSet && didSet:
      // A pair's registrations are not one-shot: the table that delivered this didSet still
      // lists it, so every registration is cancelled.
      finishDelivering(.didSet, keyPath: keyPath, inPhase: .awaitingDidSet, collectedFrom: nil)
    case EventBits.willSet where willSet:
      finishDelivering(.willSet, keyPath: keyPath, inPhase: nil, collectedFrom: table)
    case EventBits.didSet where didSet:
      finishDelivering(.didSet, keyPath: keyPath, inPhase: nil, collectedFrom: table)
    default:
      break
    }
  }

  /// Calls the callbacks with one event, as a reader, which reads them in place: other
  /// readers may be delivering releases meanwhile. (Moving them out and back, where a phase
  /// shuts every other reader out, compiles to the same copy and release of the closure.)
  private func deliver(_ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?) {
    ObserverState.insideCallback {
      guard case .options(_, let onChange)? = callbacksPointer.pointee else { return }
      call(onChange, kind, keyPath: keyPath)
    }
  }

  /// Finishes the tracking and delivers `kind`, if this thread is the one that finishes it.
  private func finishDelivering(
    _ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?,
    inPhase phase: ObserverState.Phase?,
    collectedFrom table: ObserverTable?
  ) {
    // A reader in the step that finishes it: once finished, the callbacks are cleared by the
    // last reader out.
    guard let (claimedWhile, alone) = state.claimAsReader(inPhase: phase) else { return }
    if claimedWhile == .active { cancelRegistrations(except: table) }
    guard alone else {
      defer { leaveReader() }
      deliver(kind, keyPath: keyPath)
      return
    }
    // The last reader out (the usual case: other readers are releases being delivered), so
    // it takes the callbacks rather than copying them, one atomic retain and release fewer.
    // They are released inside the closure, before this thread leaves (and a cancel
    // waiting for it returns), counted as inside a callback, as `leaveReader()` does.
    defer { state.leaveReaderHavingTakenCallbacks() }
    ObserverState.insideCallback {
      guard case .options(_, let onChange)? = takeCallbacks() else { return }
      call(onChange, kind, keyPath: keyPath)
    }
  }

  private func call(
    _ onChange: @Sendable (borrowing PerceptionTracking.Event) -> Void,
    _ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?
  ) {
    traceCallback(kind, keyPath: keyPath)
    // `self` and `keyPath` are this call's arguments, alive until it returns: the event,
    // which holds neither, ends with the callback.
    onChange(
      PerceptionTracking.Event(
        kind: kind, changed: keyPath, tracking: .observer(.passUnretained(self))))
  }
}
