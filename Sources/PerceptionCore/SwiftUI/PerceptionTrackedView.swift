// Compiled where SwiftUI is the real one (Apple platforms), and on Linux only in the test
// target that compiles these files against the SwiftUI stand-in (Tests/SwiftUIStandIn).
#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    // Compiled into the stand-in test target, outside PerceptionCore.
    import PerceptionCore
  #endif
  import SwiftUI

  // How `@WithPerceptionTracking` (declared in Perception, with the other macros) tracks a view
  // without touching its body. Its member macro declares `typealias Body =
  // _PerceptionTrackingBody<Self>` and an `@_implements(View, body)` property that returns
  // that tracking view: with `Body` fixed, the view's own `body` no longer matches `View`'s
  // requirement, and the compiler takes the `@_implements` property as its witness. The view's
  // own `body` then witnesses `_PerceptionTrackedView.body`, which the extension macro conforms
  // the view to, and which the tracking view calls inside a tracking scope. Nothing reads the
  // body's text, so a body written anywhere (an extension, a `#if`) is tracked the same.

  /// A view whose own `body` renders inside perception tracking: the conformance
  /// `@WithPerceptionTracking` adds. Not for use by hand.
  ///
  /// Its `body` requirement is the one the view's own `body` meets. It carries `@ViewBuilder`,
  /// as `View`'s does, for the bodies `@WithPerceptionTracking` cannot mark itself.
  public protocol _PerceptionTrackedView: View {
    /// The type of the view's own body.
    associatedtype _PerceptionTrackedBody: View

    /// The view's own body, which its tracking view renders.
    @ViewBuilder @MainActor @preconcurrency var body: _PerceptionTrackedBody { get }
  }

  /// A view modifier whose own `body(content:)` renders inside perception tracking: the
  /// conformance `@WithPerceptionTracking` adds to a `ViewModifier`. Not for use by hand.
  public protocol _PerceptionTrackedViewModifier: ViewModifier {
    /// The type of the modifier's own body.
    associatedtype _PerceptionTrackedBody: View

    /// The modifier's own body, which its tracking view renders.
    @ViewBuilder @MainActor @preconcurrency
    func body(content: Content) -> _PerceptionTrackedBody
  }

  /// The body of a view marked `@WithPerceptionTracking`: the view's own body, rendered as
  /// `WithPerceptionTracking { body }` renders it. Not for use by hand.
  ///
  /// It keeps the wrapper's state (a tracker, allocated only where the view needs tracking, and
  /// a generation to bump) and holds the view itself rather than a closure, so that making it
  /// allocates nothing.
  public struct _PerceptionTrackingBody<Tracked> {
    // Nonisolated and unconstrained, with its `View` conformance apart, as
    // `WithPerceptionTracking` is: the bump sets the generation from the thread that made the
    // change, and must not need `Tracked`'s conformance, which may be isolated, to do it. The
    // two states are declared as the wrapper's are, so that they compile with `@State` as the
    // property wrapper and as Xcode 27's macro.
    /// Kept for as long as the view keeps its identity; nil where the view needs no tracking.
    @State private var tracker = markedViewTracker(Tracked.self)
    /// Bumped to make SwiftUI render the view again.
    @State private var generation = 0
    /// Optional only so that a bump's copy can let go of it, and of what it holds.
    private var view: Tracked?

    /// The tracking body of `view`.
    public init(_ view: Tracked) {
      self.view = view
    }

    /// What a render calls on the first change to what it read: a bump of the generation.
    /// Made here, where nothing constrains `Tracked`, so that it needs none of its conformances.
    fileprivate var onInvalidate: @Sendable () -> Void {
      let bump = Bump(self)
      return { bump() }
    }

    /// Bumps a tracking body's generation, from the thread that changed what the body read.
    private struct Bump: @unchecked Sendable {
      // Sendable: it only writes the view's state, which SwiftUI lets any thread set, through
      // the property's own nonmutating setter, as `WithPerceptionTracking`'s bump does.
      private let states: _PerceptionTrackingBody

      /// A bump of `body`'s generation. It keeps a copy without the view: the registrars of
      /// what the body read hold the bump until their next change, and the view holds its
      /// models, so keeping it would keep them alive.
      init(_ body: _PerceptionTrackingBody) {
        var states = body
        states.view = nil
        self.states = states
      }

      func callAsFunction() {
        states.generation &+= 1
      }
    }
  }

  extension _PerceptionTrackingBody: View where Tracked: _PerceptionTrackedView {
    /// The view's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      guard let view else { fatalError("a generation bump never renders") }
      let content: () -> Tracked._PerceptionTrackedBody = { view.body }
      guard let tracker else { return content() }
      // Read, so that SwiftUI ties this body to the state it bumps.
      _ = generation
      return tracker.render(content, onInvalidate: onInvalidate)
    }
  }

  /// The body of a view modifier marked `@WithPerceptionTracking`: the modifier's own
  /// `body(content:)`, tracked as `_PerceptionTrackingBody` tracks a view's. Not for use by hand.
  ///
  /// `Content` is the modifier's `Content`, a parameter of its own so that, as in
  /// `_PerceptionTrackingBody`, nothing in the type itself constrains `Tracked`.
  public struct _PerceptionTrackingModifierBody<Tracked, Content> {
    /// Kept for as long as the view keeps its identity; nil where the view needs no tracking.
    @State private var tracker = markedViewTracker(Tracked.self)
    /// Bumped to make SwiftUI render the view again.
    @State private var generation = 0
    /// Optional only so that a bump's copy can let go of it.
    private var modifier: Tracked?
    /// Optional only so that a bump's copy can let go of it.
    private var content: Content?

    /// The tracking body of `modifier` applied to `content`.
    public init(_ modifier: Tracked, content: Content) {
      self.modifier = modifier
      self.content = content
    }

    /// What a render calls on the first change to what it read: a bump of the generation.
    fileprivate var onInvalidate: @Sendable () -> Void {
      let bump = Bump(self)
      return { bump() }
    }

    /// Bumps a tracking body's generation, from the thread that changed what the body read.
    private struct Bump: @unchecked Sendable {
      // Sendable: as `_PerceptionTrackingBody`'s bump.
      private let states: _PerceptionTrackingModifierBody

      /// A bump of `body`'s generation, keeping neither the modifier nor its content.
      init(_ body: _PerceptionTrackingModifierBody) {
        var states = body
        states.modifier = nil
        states.content = nil
        self.states = states
      }

      func callAsFunction() {
        states.generation &+= 1
      }
    }
  }

  extension _PerceptionTrackingModifierBody: View
  where Tracked: _PerceptionTrackedViewModifier, Content == Tracked.Content {
    /// The modifier's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      guard let modifier, let content else { fatalError("a generation bump never renders") }
      let render: () -> Tracked._PerceptionTrackedBody = { modifier.body(content: content) }
      guard let tracker else { return render() }
      _ = generation
      return tracker.render(render, onInvalidate: onInvalidate)
    }
  }

  /// A tracker for the body of `markedView` where it needs tracking, and nil otherwise: the
  /// initial value of a tracking body's state. A function of its own so that the state's initial
  /// value hands it the type rather than capturing it.
  private func markedViewTracker(_ markedView: Any.Type) -> ViewTracker? {
    ViewTracker.ifNeeded(
      viewLayerObservesNatively: swiftUIObservesNatively, markedView: markedView)
  }
#endif
