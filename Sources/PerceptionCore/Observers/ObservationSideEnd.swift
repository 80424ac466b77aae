#if canImport(Observation)
  import Observation
#endif

/// What ends Observation's side of a scope on Perception's runtime: the observer of the
/// scope's Perception side calls it when it finishes (see `ObservationSideEnd`).
protocol ObservationSideEnding: AnyObject {
  /// Ends Observation's tracking of the scope, and with it every registration that tracking
  /// made; does nothing once ended.
  func endObservationSide()
}

#if canImport(Observation)
  /// A scope's own `@Observable` object, read inside Observation's tracking of the scope so
  /// that a change of it reaches that tracking, which then ends, cancelling its registrations.
  ///
  /// A scope that observes `@Observable` and `@Perceptible` models has two sides: Perception's
  /// registrations, and Observation's tracking of the `@Observable` reads. Whichever side
  /// fires first, the observer lets one change through; Perception's side is cancelled then,
  /// but Observation hands out no handle to cancel its tracking by until one of its own
  /// callbacks runs. Left standing, its registrations would stay in each `@Observable`
  /// model's registrar until that property changed: one more per tracking call that a
  /// `@Perceptible` change ended, without bound where a loop tracks again after each change.
  /// A change of this object is the callback that ends it: `endObservationSide()` announces
  /// one when the observer finishes.
  ///
  /// Only one-shot trackings join one: Observation calls them back on willSet, which is the
  /// change this announces. An enclosing tracking that the read reached too (Observation hands
  /// a nested tracking's reads to the enclosing one) hears it as well; it comes only from a
  /// change of what the scope read, which the enclosing tracking read too, and which it would
  /// hear if every model were `@Observable`. Perception's own willSet/didSet trackings ignore
  /// it by its key path (`isMarker`).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class ObservationSideEnd: Observable, ObservationSideEnding, @unchecked Sendable {
    // Sendable because its one stored property is Observation's registrar, which is.
    private let registrar = ObservationRegistrar()

    /// The property whose change ends the tracking; its value never matters.
    var marker: Int {
      registrar.access(self, keyPath: \.marker)
      return 0
    }

    /// Whether `keyPath`, a changed key path Observation names, is a handle's marker.
    static func isMarker(_ keyPath: AnyKeyPath?) -> Bool {
      keyPath == \ObservationSideEnd.marker
    }

    /// Reads `marker` in the innermost Observation tracking on this thread.
    func join() {
      _ = marker
    }

    func endObservationSide() {
      registrar.willSet(self, keyPath: \.marker)
    }
  }
#endif
