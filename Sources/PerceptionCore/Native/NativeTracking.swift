#if canImport(Observation)
  import CPerceptionRuntime
  @_spi(SwiftUI) import Observation

  /// A tracking scope on the native engine: Observation tracks what the scope reads, and
  /// hands every change to the scope's `Observer`, which decides what its callbacks see.
  ///
  /// So every tracking API behaves on this engine as on Perception's runtime: a one-shot
  /// `onChange` runs exactly once even when threads race or a callback mutates, events are
  /// delivered once per tracking, cancelling releases the callbacks, and options, continuous
  /// tracking and release events work (releases reach the observer through the registrations
  /// the scope makes in each object's Perception-side registrar). And because Observation
  /// records the reads, a scope observes `@Observable` objects too.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  enum NativeTracking {
    /// Runs `apply` inside Observation's tracking and returns the observer `makeObserver` made
    /// for it, or nil if it made none.
    ///
    /// A one-shot tracking uses `withObservationTracking(_:onChange:)`, which evaluates its
    /// `onChange` only if `apply` read something, so an empty scope allocates nothing more than
    /// Observation's. The others use the willSet/didSet tracking, whose callbacks go on until
    /// the observer finishes; a callback that finds it finished cancels Observation's side.
    static func observe(
      _ apply: () -> Void, oneShot: Bool, makeObserver: () -> Observer?
    ) -> Observer? {
      var observer: Observer?
      // A traced one-shot tracking takes the willSet path, whose callback names the changed
      // key path (Observation's `onChange` does not); the observer keeps it one-shot.
      if oneShot, !TraceSwitch.isEnabled {
        withObservationTracking(apply, onChange: forwardOnce(made: &observer, makeObserver))
        return observer
      }
      let bridge = Bridge()
      withObservationTracking(
        {
          apply()
          bridge.observer = makeObserver()
        },
        willSet: bridge.forward(UInt32(PERCEPTION_EVENT_WILL_SET)),
        didSet: bridge.forward(UInt32(PERCEPTION_EVENT_DID_SET)))
      return bridge.observer
    }

    /// The one-shot `onChange` Observation calls: the observer's first willSet.
    private static func forwardOnce(
      made observer: inout Observer?, _ makeObserver: () -> Observer?
    ) -> @Sendable () -> Void {
      guard let made = makeObserver() else { return {} }
      observer = made
      // ManagedBuffer opts out of Sendable; the observer's shared state is its atomic word.
      nonisolated(unsafe) let target = made
      return { target.receive(UInt32(PERCEPTION_EVENT_WILL_SET), keyPath: nil) }
    }

    /// Carries the observer, made when `apply` returns, to the callbacks Observation was given
    /// before `apply` ran.
    final class Bridge: @unchecked Sendable {
      // Sendable because `observer` is written once, before Observation installs the
      // callbacks that read it (under Observation's lock, which orders the two).
      var observer: Observer?

      func forward(_ event: UInt32) -> @Sendable (ObservationTracking) -> Void {
        { [self] tracking in
          guard let observer else {
            tracking.cancel()
            return
          }
          observer.receive(event, keyPath: Self.changed(tracking))
          if observer.isFinished { tracking.cancel() }
        }
      }

      private static func changed(_ tracking: ObservationTracking) -> AnyKeyPath? {
        if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *) {
          return tracking.changed
        }
        return nil
      }
    }
  }
#endif
