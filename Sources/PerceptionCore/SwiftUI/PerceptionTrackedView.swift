#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import SwiftUI

  // `@WithPerceptionTracking` (in Perception) fixes `Body` to `_PerceptionTrackingBody<Self>`
  // with an `@_implements(View, body)` property, so the view's own `body` witnesses
  // `_PerceptionTrackedView.body`, which the tracking body calls.

  /// A view whose own `body` renders inside perception tracking: the conformance
  /// `@WithPerceptionTracking` adds. Not for use by hand.
  public protocol _PerceptionTrackedView: View {
    /// The type of the view's own body.
    associatedtype _PerceptionTrackedBody: View
    /// The view's own body, which its tracking view renders; a `@ViewBuilder`, as `View`'s.
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
  // It holds the view itself rather than a closure, so that making it allocates nothing.
  public struct _PerceptionTrackingBody<Tracked> {
    private var states = WithPerceptionTrackingStates<_PerceptionTrackingBody>()
    private let view: Tracked

    /// The tracking body of `view`.
    public init(_ view: Tracked) {
      self.view = view
    }
  }

  extension _PerceptionTrackingBody: TrackingView {
    static var markedView: Any.Type? { Tracked.self }
  }

  extension _PerceptionTrackingBody: View where Tracked: _PerceptionTrackedView {
    /// The view's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      states.render { view.body }
    }
  }

  /// The body of a view modifier marked `@WithPerceptionTracking`: the modifier's own
  /// `body(content:)`, tracked as `_PerceptionTrackingBody` tracks a view's. Not for use by hand.
  public struct _PerceptionTrackingModifierBody<Tracked, Content> {
    private var states = WithPerceptionTrackingStates<_PerceptionTrackingModifierBody>()
    private let modifier: Tracked
    private let content: Content

    /// The tracking body of `modifier` applied to `content`.
    public init(_ modifier: Tracked, content: Content) {
      self.modifier = modifier
      self.content = content
    }
  }

  extension _PerceptionTrackingModifierBody: TrackingView {
    static var markedView: Any.Type? { Tracked.self }
  }

  extension _PerceptionTrackingModifierBody: View
  where Tracked: _PerceptionTrackedViewModifier, Content == Tracked.Content {
    /// The modifier's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      states.render { modifier.body(content: content) }
    }
  }
#endif
