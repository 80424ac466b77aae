#if canImport(Observation)
  import CPerceptionRuntime
  @_spi(SwiftUI) import Observation

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeTracking {
    /// Runs `apply` in Observation's tracking for an options tracking that needs no release
    /// from Perception, observed by a `NativeOptionsObserver` with the callback `makeCallbacks`
    /// returns after it (nil observes nothing). Observation's callbacks go on until the
    /// observer finishes; the one that finishes it, or finds it finished, cancels Observation's
    /// side.
    ///
    /// Only the events `options` names are registered with Observation: a tracking of willSets
    /// alone, or didSets alone, gets one callback per change rather than two.
    static func observeOptions(
      _ apply: () -> Void, options: PerceptionTracking.Options,
      callbacks makeCallbacks: () -> ObserverCallbacks?
    ) {
      let made = NativeOptionsObserver.make(options)
      // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word,
      // and its callback is moved in before Observation installs the closures that read it
      // (under Observation's lock, which orders the two).
      nonisolated(unsafe) let observer = made
      // Each closure captures the observer alone, which then serves as its context: no
      // allocation for either. (Three literals, rather than one local function handed to all
      // three, which would go through a reabstraction thunk.)
      if options.contains(.didSet) {
        guard options.contains(.willSet) else {
          withObservationTracking(
            {
              apply()
              observer.adopt(makeCallbacks())
            }, didSet: { observer.forward(willSet: false, $0) })
          return
        }
        withObservationTracking(
          {
            apply()
            observer.adopt(makeCallbacks())
          },
          willSet: { observer.forward(willSet: true, $0) },
          didSet: { observer.forward(willSet: false, $0) })
      } else {
        // Without `.didSet` (willSets alone, or no event at all, which delivers nothing).
        withObservationTracking(
          {
            apply()
            observer.adopt(makeCallbacks())
          }, willSet: { observer.forward(willSet: true, $0) })
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension NativeOptionsObserver {
    /// Hands a willSet (`isWillSet`) or didSet from Observation's tracking to this observer,
    /// and cancels Observation's side once it has finished.
    ///
    /// The changed key path is read first, before the observer decides anything: Observation
    /// records it in the tracking just before it calls, and a racing mutation records its own,
    /// so the sooner it is read the likelier it is this call's.
    func forward(willSet isWillSet: Bool, _ tracking: ObservationTracking) {
      let keyPath = Observer.changed(tracking)
      if receive(willSet: isWillSet, keyPath: keyPath) { tracking.cancel() }
    }
  }
#endif
