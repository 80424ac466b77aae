/// What a tracking view decides, apart from any UI framework so that it is tested everywhere.
/// A tracker belongs to one view while it keeps its identity; each ``render(_:onInvalidate:)``
/// arms it, so the first later change to what that render read calls `onInvalidate` once, on
/// the changing thread, before the new value is stored.
package final class ViewTracker: @unchecked Sendable {
  // Sendable: only accessed atomically; allocated apart, as a C atomic must not move. One word,
  // no lock, as SwiftUI makes a tracker at each render of the parent: the latest render's
  // number, shifted left by one, and in bit 0 whether that render still waits for a change.
  let word: UnsafeMutablePointer<AtomicWord>
  private let traceOrigin: TraceOrigin?

  /// A tracker that has rendered nothing, for a `WithPerceptionTracking` view or the body of
  /// `markedView`, which the trace names (the stack would name only the macro's property).
  package init(markedView: Any.Type? = nil) {
    word = .allocate(capacity: 1)
    word.initializeWord(0)
    if let markedView {
      traceOrigin = TraceOrigin.named { "@WithPerceptionTracking \(markedView)" }
    } else {
      traceOrigin = TraceOrigin.capture(kind: "WithPerceptionTracking")
    }
  }

  deinit {
    word.deallocate()
  }

  /// Whether a tracking view must track its content: not where the view layer observes
  /// Observation's objects and the native engine makes the models such objects.
  package static func needsTracking(viewLayerObservesNatively: Bool) -> Bool {
    !(viewLayerObservesNatively && PerceptionEngine.current == .native)
  }

  /// A new tracker where a tracking view must track its content, else nil.
  package static func ifNeeded(
    viewLayerObservesNatively: Bool, markedView: Any.Type? = nil
  ) -> ViewTracker? {
    needsTracking(viewLayerObservesNatively: viewLayerObservesNatively)
      ? ViewTracker(markedView: markedView) : nil
  }

  /// Runs `content` checked and tracked, and arms the tracker so that the first change to what
  /// it read, not to what only earlier renders read, calls `onInvalidate`. (A superseded
  /// tracking stays registered until its next change.)
  package func render<Content>(
    _ content: () -> Content, onInvalidate: @escaping @Sendable () -> Void
  ) -> Content {
    let armed = arm()
    return withPerceptionChecking {
      TraceOrigin.withCurrent(traceOrigin) {
        // `withPerceptionTracking(_:onChange:)`'s own call, which is deprecated from iOS 17.
        TrackingScope.run(content, request: .onChange) {
          .onChange { [weak self] in
            if self?.claim(armed) == true { onInvalidate() }
          }
        }
      }
    }
  }

  /// Starts a render: the next render number, waiting for a change. Returns the new word.
  private func arm() -> UInt32 {
    while true {
      let old = word.loadAcquire()
      let new = (old | 1) &+ 2
      if word.compareExchange(old, new) { return new }
    }
  }

  /// True once for the newest render's first change; false for a superseded render's.
  private func claim(_ armed: UInt32) -> Bool {
    word.compareExchange(armed, armed & ~1)
  }
}
