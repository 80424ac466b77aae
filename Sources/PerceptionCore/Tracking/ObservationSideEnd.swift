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
  /// The change it announces is a willSet for a one-shot tracking, which Observation calls
  /// back on willSet alone, and a didSet for the willSet/didSet trackings: an enclosing
  /// tracking that the read reached too (Observation hands a nested tracking's reads to the
  /// enclosing one) then hears it only if it asked for didSet, and Perception's own ignore it
  /// by its key path (`isMarker`). An enclosing one-shot tracking hears a one-shot scope's end,
  /// which comes only from a change of what the scope read, which the enclosing tracking read
  /// too, as it would hear that change if every model were `@Observable`.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  final class ObservationSideEnd: Observable, ObservationSideEnding, @unchecked Sendable {
    // Sendable because its stored properties are Observation's registrar, which is, and a
    // constant.
    private let registrar = ObservationRegistrar()
    private let announcesWillSet: Bool

    /// A handle that announces a willSet (`announcingWillSet`) or a didSet.
    init(announcingWillSet: Bool) {
      self.announcesWillSet = announcingWillSet
    }

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
      if announcesWillSet {
        registrar.willSet(self, keyPath: \.marker)
      } else {
        registrar.didSet(self, keyPath: \.marker)
      }
    }
  }
#endif
