/// What a view layer's tracking view decides, kept apart from any UI framework so that it is
/// tested on every platform: when the view must render again, what its render tracks, and
/// whether it needs tracking at all.
///
/// One tracker belongs to one view for as long as the view keeps its identity (SwiftUI keeps
/// it in the view's `@State`). Each ``render(_:onInvalidate:)`` runs the view's content in a
/// checked context and a tracking scope, and arms the tracker: the first later change to
/// anything that render read calls `onInvalidate` once, and nothing more happens until the
/// next render arms it again. A change to something only an earlier render read (the view
/// rendered again before it fired) calls nothing.
///
/// Safe from any thread: `onInvalidate` runs on the thread that makes the change, before the
/// new value is stored, as `withPerceptionTracking`'s `onChange` does.
///
/// Its state is one atomic word, no lock, because SwiftUI makes a tracker each time it makes
/// the tracking view (each time its parent renders) and keeps only the first: the word holds
/// the number of the latest render, shifted left by one, and in bit 0 whether that render
/// still waits for a change.
package final class ViewTracker: @unchecked Sendable {
  // Sendable: the word is only accessed atomically.
  /// Allocated apart from the object, because a C atomic must never move.
  let word: UnsafeMutablePointer<AtomicWord>
  /// The view it was made in, or the view marked `@WithPerceptionTracking` it tracks, for the
  /// change trace; nil unless tracing was on then.
  private let traceOrigin: TraceOrigin?

  /// Creates a tracker that has rendered nothing, for a `WithPerceptionTracking` view.
  package init() {
    word = .allocate(capacity: 1)
    word.initializeWord(0)
    traceOrigin = TraceOrigin.capture(kind: "WithPerceptionTracking")
  }

  /// Creates a tracker that has rendered nothing, for the body of a view (or view modifier)
  /// marked `@WithPerceptionTracking`, which the change trace names: the stack would name only
  /// the macro's generated property. The name is made only while tracing is on.
  package init(markedView: Any.Type) {
    word = .allocate(capacity: 1)
    word.initializeWord(0)
    traceOrigin = TraceOrigin.named { "@WithPerceptionTracking \(markedView)" }
  }

  deinit {
    word.deallocate()
  }

  /// Whether a tracking view must track its content: false where the view layer observes
  /// perceptible objects itself, which it does when they are Observation's objects (the native
  /// engine runs) and it observes Observation's objects (SwiftUI on iOS 17, macOS 14, tvOS 17,
  /// watchOS 10 and later). There the tracking view only returns its content.
  package static func needsTracking(viewLayerObservesNatively: Bool) -> Bool {
    !(viewLayerObservesNatively && PerceptionEngine.current == .native)
  }

  /// A new tracker where a tracking view must track its content (see
  /// ``needsTracking(viewLayerObservesNatively:)``), and nil, allocating nothing, where it need
  /// not: the initial value of the view's state.
  package static func ifNeeded(viewLayerObservesNatively: Bool) -> ViewTracker? {
    needsTracking(viewLayerObservesNatively: viewLayerObservesNatively) ? ViewTracker() : nil
  }

  /// A new tracker for the body of `markedView`, a view or view modifier marked
  /// `@WithPerceptionTracking`, where it must track its body, and nil otherwise, as
  /// ``ifNeeded(viewLayerObservesNatively:)``.
  package static func ifNeeded(
    viewLayerObservesNatively: Bool, markedView: Any.Type
  ) -> ViewTracker? {
    needsTracking(viewLayerObservesNatively: viewLayerObservesNatively)
      ? ViewTracker(markedView: markedView) : nil
  }

  /// Renders `content`: runs it in a checked context and a tracking scope, and arms the
  /// tracker so that the first change to what it read calls `onInvalidate`, once.
  ///
  /// A render made before the previous one reported supersedes it: only the newest render's
  /// reads call `onInvalidate`. (The superseded tracking stays registered until the next
  /// change to what it read, which it then ignores, as `withPerceptionTracking` offers no way
  /// to cancel a one-shot tracking from outside.)
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
