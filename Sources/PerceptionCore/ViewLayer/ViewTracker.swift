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
package final class ViewTracker: @unchecked Sendable {
  // Sendable: `generation` and `isArmed` are only touched under `lock`.
  private let lock = Lock()
  /// Counts renders; a tracking reports only if no render came after the one that made it.
  private var generation: UInt = 0
  /// The latest render has not reported a change yet.
  private var isArmed = false

  /// Creates a tracker that has rendered nothing.
  package init() {}

  /// Whether a tracking view must track its content: false where the view layer observes
  /// perceptible objects itself, which it does when they are Observation's objects (the native
  /// engine runs) and it observes Observation's objects (SwiftUI on iOS 17, macOS 14, tvOS 17,
  /// watchOS 10 and later). There the tracking view only returns its content.
  package static func needsTracking(viewLayerObservesNatively: Bool) -> Bool {
    !(viewLayerObservesNatively && PerceptionEngine.current == .native)
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
    let current = lock.withLock { () -> UInt in
      generation &+= 1
      isArmed = true
      return generation
    }
    return withPerceptionChecking {
      withPerceptionTracking(content) { [weak self] in
        if self?.claim(current) == true { onInvalidate() }
      }
    }
  }

  /// Whether the tracker has rendered and no change has been reported since its last render.
  package var isWaitingForChange: Bool {
    lock.withLock { isArmed }
  }

  /// True once for the newest render's first change; false for a superseded render's.
  private func claim(_ render: UInt) -> Bool {
    lock.withLock {
      guard isArmed, generation == render else { return false }
      isArmed = false
      return true
    }
  }
}
