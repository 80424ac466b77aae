/// What a tracking view decides, apart from any UI framework so that it is tested everywhere.
///
/// One tracker belongs to one view for as long as the view keeps its identity. Each
/// ``render(_:onInvalidate:)`` arms it: the first later change to anything that render read
/// calls `onInvalidate` once, on the changing thread, before the new value is stored.
package final class ViewTracker: @unchecked Sendable {
  // Sendable: only accessed atomically; allocated apart, as a C atomic must not move. One word,
  // no lock, as SwiftUI makes a tracker at each render of the parent: the latest render's
  // number, shifted left by one, and in bit 0 whether that render still waits for a change.
  let word: UnsafeMutablePointer<AtomicWord>
  /// The view it tracks, for the change trace; nil unless tracing was on.
  private let traceOrigin: TraceOrigin?

  /// Creates a tracker that has rendered nothing, for a `WithPerceptionTracking` view.
  package init() {
    word = .allocate(capacity: 1)
    word.initializeWord(0)
    traceOrigin = TraceOrigin.capture(kind: "WithPerceptionTracking")
  }

  /// Creates a tracker for the body of a view (or modifier) marked `@WithPerceptionTracking`,
  /// which the change trace names, as the stack would name only the macro's generated property.
  package init(markedView: Any.Type) {
    word = .allocate(capacity: 1)
    word.initializeWord(0)
    traceOrigin = TraceOrigin.named { "@WithPerceptionTracking \(markedView)" }
  }

  deinit {
    word.deallocate()
  }

  /// Whether a tracking view must track its content: false where the view layer observes
  /// Observation's objects and the native engine runs, so that the models are such objects.
  package static func needsTracking(viewLayerObservesNatively: Bool) -> Bool {
    !(viewLayerObservesNatively && PerceptionEngine.current == .native)
  }

  /// A new tracker where a tracking view must track its content, and nil where it need not.
  package static func ifNeeded(viewLayerObservesNatively: Bool) -> ViewTracker? {
    needsTracking(viewLayerObservesNatively: viewLayerObservesNatively) ? ViewTracker() : nil
  }

  /// A new tracker for the body of `markedView` where it must track it, and nil otherwise.
  package static func ifNeeded(
    viewLayerObservesNatively: Bool, markedView: Any.Type
  ) -> ViewTracker? {
    needsTracking(viewLayerObservesNatively: viewLayerObservesNatively)
      ? ViewTracker(markedView: markedView) : nil
  }

  /// Runs `content` in a checked context and a tracking scope, and arms the tracker so that the
  /// first change to what it read, and not to what only earlier renders read, calls
  /// `onInvalidate`. (A superseded tracking stays registered until its next change.)
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
