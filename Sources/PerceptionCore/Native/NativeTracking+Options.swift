#if canImport(Observation)
  @_spi(SwiftUI) import Observation

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// Runs `applyAndMakeCallback` in Observation's tracking for an options tracking that needs
    /// no release from Perception, observed by a `NativeOptionsObserver` with the callback it
    /// returns (nil observes nothing: `apply` threw). Observation's callbacks go on until the
    /// observer finishes; the one that finishes it, or finds it finished, cancels Observation's
    /// side.
    ///
    /// Only the events `options` names are registered with Observation: a tracking of willSets
    /// alone, or didSets alone, gets one callback per change rather than two.
    static func observeOptions(
      _ options: PerceptionTracking.Options, _ applyAndMakeCallback: () -> OptionsCallback?
    ) {
      let willSet = options.contains(.willSet)
      let didSet = options.contains(.didSet)
      guard willSet || didSet else {
        // No event to deliver: the callback goes at once, and so does Observation's tracking,
        // at the first change.
        withObservationTracking(
          { _ = applyAndMakeCallback() }, willSet: { $0.cancel() })
        return
      }
      let made = NativeOptionsObserver.make(options)
      // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word,
      // and its callback is moved in before Observation installs the closures that read it
      // (under Observation's lock, which orders the two).
      nonisolated(unsafe) let observer = made
      // Each closure captures the observer alone, which then serves as its context: no
      // allocation for either. (A literal each time, rather than one local function handed to
      // all three, which would go through a reabstraction thunk.)
      if willSet && didSet {
        withObservationTracking(
          { observer.adopt(applyAndMakeCallback()) },
          willSet: { observer.forwardWillSetOfPair($0) },
          didSet: { observer.forwardDidSetOfPair($0) })
      } else if willSet {
        withObservationTracking(
          { observer.adopt(applyAndMakeCallback()) },
          willSet: { observer.forwardOnly(.willSet, $0) })
      } else {
        withObservationTracking(
          { observer.adopt(applyAndMakeCallback()) },
          didSet: { observer.forwardOnly(.didSet, $0) })
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeOptionsObserver {
    // Each reads the changed key path first, before the observer decides anything (but for
    // the didSet of a pair, see `receiveDidSetOfPair`): Observation records it in the tracking
    // just before it calls, and a racing mutation records its own, so the sooner it is read
    // the likelier it is this call's.

    /// Hands the willSet of a willSet + didSet tracking to the observer, and cancels
    /// Observation's side if the observer has finished.
    func forwardWillSetOfPair(_ tracking: ObservationTracking) {
      if receiveWillSetOfPair(keyPath: Observer.changed(tracking)) { tracking.cancel() }
    }

    /// Hands the didSet of a willSet + didSet tracking to the observer, and cancels
    /// Observation's side once the observer has finished.
    func forwardDidSetOfPair(_ tracking: ObservationTracking) {
      let (taken, keyPath) = receiveDidSetOfPair { Observer.changed(tracking) }
      if taken { finish(.didSet, keyPath: keyPath) }
      if taken || isFinished { tracking.cancel() }
    }

    /// Hands the one event of a `[.willSet]` or `[.didSet]` tracking to the observer, and
    /// cancels Observation's side if the observer has finished.
    func forwardOnly(_ kind: PerceptionTracking.Event.Kind, _ tracking: ObservationTracking) {
      if receiveOnly(kind, keyPath: Observer.changed(tracking)) { tracking.cancel() }
    }
  }
#endif
