extension Observer {
  /// Delivers one event to an options tracking, on both engines:
  /// - With `.willSet` or `.didSet` alone, the first such event, which finishes the tracking,
  ///   exactly once however many threads mutate.
  /// - With both, the first willSet, then the next didSet, which finishes it. Events of racing
  ///   mutations meanwhile are ignored; `Event.cancel()` in the willSet suppresses the didSet.
  ///   A didSet whose willSet came before the registration finishes it alone.
  /// - With `.willSet` alone, such a didSet is delivered as the willSet it stands for.
  /// - With `.deinit`, each release of a tracked object until the tracking finishes.
  func receiveOptionsEvent(
    _ event: UInt32, keyPath: AnyKeyPath?, options: PerceptionTracking.Options,
    collectedFrom table: ObserverTable?
  ) {
    let willSet = options.contains(.willSet)
    let didSet = options.contains(.didSet)
    switch event {
    case EventBits.deinit:
      guard options.contains(.deinit), withState({ $0.enterReader() }) else { return }
      defer { leaveReader() }
      deliver(.deinit, keyPath: nil)
    case EventBits.willSet where willSet && didSet:
      guard withState({ $0.enterReader(movingPhaseFrom: .idle, to: .deliveringWillSet) }) else {
        return
      }
      deliver(.willSet, keyPath: keyPath)
      // Moves nothing if the callback cancelled: then no didSet follows.
      withState {
        $0.leaveReader(
          movingPhaseFrom: .deliveringWillSet, to: .awaitingDidSet, releasing: releaseCallbacks)
      }
    case EventBits.didSet where willSet && didSet:
      // A pair's registrations are not one-shot: the table that delivered it still lists it.
      // A didSet with no willSet before it is of a write whose willSet came before the
      // registration: another thread's, or this thread's own, enclosing the setup, ignored.
      if withState({ $0.isIdle }) && CurrentThread.token == fieldValue(\.installerThread) { return }
      finishDelivering(
        .didSet, keyPath: keyPath, unlessInPhase: .deliveringWillSet, collectedFrom: nil)
    case EventBits.willSet where willSet, EventBits.didSet where willSet:
      finishDelivering(.willSet, keyPath: keyPath, unlessInPhase: nil, collectedFrom: table)
    case EventBits.didSet where didSet:
      finishDelivering(.didSet, keyPath: keyPath, unlessInPhase: nil, collectedFrom: table)
    default:
      break
    }
  }

  /// Calls the callbacks in place, as a reader: other readers may deliver releases meanwhile.
  private func deliver(_ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?) {
    ObserverState.insideCallback {
      guard case .options(_, let onChange)? = fieldValue(\.callbacks) else { return }
      call(onChange, kind, keyPath: keyPath)
    }
  }

  /// Finishes the tracking and delivers `kind`, if this thread is the one that finishes it.
  private func finishDelivering(
    _ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?,
    unlessInPhase phase: ObserverState.Phase?, collectedFrom table: ObserverTable?
  ) {
    guard let (claimedWhile, alone) = withState({ $0.claimAsReader(unlessInPhase: phase) }) else {
      return
    }
    if claimedWhile == .active { cancelRegistrations(except: table) }
    guard alone else {
      defer { leaveReader() }
      deliver(kind, keyPath: keyPath)
      return
    }
    // The last reader takes the callbacks and lets go of them before leaving, as `leaveReader()`.
    defer { withState { $0.leaveReaderHavingTakenCallbacks() } }
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
    // The event holds neither `self` nor `keyPath`, which outlive this call.
    onChange(
      PerceptionTracking.Event(
        kind: kind, changed: keyPath, tracking: .observer(.passUnretained(self))))
  }
}
