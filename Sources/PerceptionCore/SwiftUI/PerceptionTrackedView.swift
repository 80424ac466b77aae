#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import SwiftUI

  // `@WithPerceptionTracking` (in Perception) fixes `Body` to `_PerceptionTrackingBody<Self>`
  // (`_PerceptionSelfTrackingBody<Self>` for an enumeration or class) with an
  // `@_implements(View, body)` property, so the view's own `body` witnesses
  // `_PerceptionTrackedView.body`, which the tracking body calls. On a struct it also adds the
  // stored `_PerceptionTrackingState`, which SwiftUI installs in the marked view: a change
  // invalidates the marked view, whose body renders the own body into the tracking body.

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

  /// The tracking state of a struct marked `@WithPerceptionTracking`: a stored property the
  /// attribute adds, `let _perceptionTracking`, which SwiftUI installs in the marked view, so
  /// that a change to what the body read invalidates the marked view itself, whose body renders
  /// the view's own body from its current `@State`, `@Binding` and `@Environment` values
  /// (swift-perception #117). Not for use by hand.
  // A `let` with an initial value: no memberwise initializer parameter, whatever its access.
  // Equal to any other, so that a view's synthesized `Equatable` and `Hashable` are its own
  // properties'.
  public struct _PerceptionTrackingState<Tracked>: DynamicProperty, Sendable, Hashable {
    fileprivate var states = WithPerceptionTrackingStates<MarkedView<Tracked>>()

    /// A tracking state that has rendered nothing.
    public init() {}

    /// Always true: the state is not part of the view's value.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Combines nothing: the state is not part of the view's value.
    public func hash(into hasher: inout Hasher) {}
  }

  /// The body of a struct marked `@WithPerceptionTracking`: the view's own body, rendered as
  /// `WithPerceptionTracking { body }` renders it, when the marked view's body makes it. Not for
  /// use by hand.
  // The own body renders in the marked view's body, which SwiftUI runs when the view's
  // properties, or the state a change bumps, change: with the view's current properties, and
  // observed as the marked view, where SwiftUI observes Observation's objects itself. It holds
  // the rendered content, so that making it allocates nothing.
  public struct _PerceptionTrackingBody<Tracked: _PerceptionTrackedView> {
    private let content: Tracked._PerceptionTrackedBody

    /// Renders `view`'s own body, tracked by its tracking state `tracking`.
    @MainActor @preconcurrency
    public init(_ view: Tracked, tracking: _PerceptionTrackingState<Tracked>) {
      content = tracking.states.render { view.body }
    }
  }

  extension _PerceptionTrackingBody: View {
    /// The view's own body, as the marked view's body rendered it.
    public var body: Tracked._PerceptionTrackedBody { content }
  }

  /// The body of a view modifier struct marked `@WithPerceptionTracking`: the modifier's own
  /// `body(content:)`, rendered as `_PerceptionTrackingBody` renders a view's. Not for use by
  /// hand.
  public struct _PerceptionTrackingModifierBody<
    Tracked: _PerceptionTrackedViewModifier, Content
  > {
    private let rendered: Tracked._PerceptionTrackedBody

    /// Renders `modifier`'s own body of `content`, tracked by its tracking state `tracking`.
    @MainActor @preconcurrency
    public init(_ modifier: Tracked, content: Content, tracking: _PerceptionTrackingState<Tracked>)
    where Content == Tracked.Content {
      rendered = tracking.states.render { modifier.body(content: content) }
    }
  }

  extension _PerceptionTrackingModifierBody: View {
    /// The modifier's own body, as the marked modifier's body rendered it.
    public var body: Tracked._PerceptionTrackedBody { rendered }
  }

  /// The marked type a tracking state belongs to, for the change trace.
  struct MarkedView<Tracked>: TrackingView {
    static var markedView: Any.Type? { Tracked.self }
  }

  /// The body of an enumeration or class marked `@WithPerceptionTracking`, which holds the
  /// tracking states itself: an enumeration has no stored property for them, and SwiftUI
  /// installs no dynamic property of a class. Its `@State`-free view never goes stale. Not for
  /// use by hand.
  // SwiftUI installs the dynamic properties of a struct's or an enumeration's fields only
  // (OpenSwiftUI's DynamicPropertyCache.fields(of:), in
  // Sources/OpenSwiftUICore/Data/DynamicProperty/DynamicProperty.swift, at 069dd80).
  public struct _PerceptionSelfTrackingBody<Tracked> {
    private var states = WithPerceptionTrackingStates<MarkedView<Tracked>>()
    private let view: Tracked

    /// The tracking body of `view`.
    public init(_ view: Tracked) {
      self.view = view
    }
  }

  extension _PerceptionSelfTrackingBody: View where Tracked: _PerceptionTrackedView {
    /// The view's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      states.render { view.body }
    }
  }

  /// The body of a view modifier enumeration or class marked `@WithPerceptionTracking`, which
  /// holds the tracking states itself, as `_PerceptionSelfTrackingBody` does. Not for use by hand.
  public struct _PerceptionSelfTrackingModifierBody<Tracked, Content> {
    private var states = WithPerceptionTrackingStates<MarkedView<Tracked>>()
    private let modifier: Tracked
    private let content: Content

    /// The tracking body of `modifier` applied to `content`.
    public init(_ modifier: Tracked, content: Content) {
      self.modifier = modifier
      self.content = content
    }
  }

  extension _PerceptionSelfTrackingModifierBody: View
  where Tracked: _PerceptionTrackedViewModifier, Content == Tracked.Content {
    /// The modifier's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      states.render { modifier.body(content: content) }
    }
  }
#endif
