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
  // invalidates the marked view, whose body makes a tracking body from its current copy.

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
  /// attribute adds, `let _perceptionTracking`, so that a change to what the body read
  /// invalidates the marked view itself and SwiftUI hands its tracking body a fresh copy of it,
  /// with current `@State`, `@Binding` and `@Environment` values (swift-perception #117). Not for
  /// use by hand.
  // A `let` with an initial value: no memberwise initializer parameter, whatever its access.
  // Equal to any other, so that a view's synthesized `Equatable` and `Hashable` are its own
  // properties'.
  public struct _PerceptionTrackingState<Tracked>: DynamicProperty, Sendable, Hashable {
    fileprivate var states = WithPerceptionTrackingStates<_PerceptionTrackingBody<Tracked>>()

    /// A tracking state that has rendered nothing.
    public init() {}

    /// Always true: the state is not part of the view's value.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Combines nothing: the state is not part of the view's value.
    public func hash(into hasher: inout Hasher) {}
  }

  /// The body of a struct marked `@WithPerceptionTracking`: the view's own body, rendered as
  /// `WithPerceptionTracking { body }` renders it, with the view's own tracking state. Not for
  /// use by hand.
  // It holds the view itself rather than a closure, so that making it allocates nothing. The
  // view's states are held in a value that is no dynamic property, so that SwiftUI installs
  // them once, in the marked view (it installs a view's fields of a `DynamicProperty` type
  // only); the generation the marked view read makes each tracking body its invalidation
  // makes a changed input.
  public struct _PerceptionTrackingBody<Tracked> {
    private let view: Tracked
    private let tracking: TrackingOfOwner<_PerceptionTrackingBody>

    /// The tracking body of `view`, whose tracking state is `tracking`; reads the generation in
    /// the marked view's body, so that SwiftUI ties that body to it.
    public init(_ view: Tracked, tracking: _PerceptionTrackingState<Tracked>) {
      self.view = view
      self.tracking = TrackingOfOwner(tracking.states)
    }
  }

  extension _PerceptionTrackingBody: TrackingView {
    static var markedView: Any.Type? { Tracked.self }
  }

  extension _PerceptionTrackingBody: View where Tracked: _PerceptionTrackedView {
    /// The view's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      tracking.render { view.body }
    }
  }

  /// The body of a view modifier struct marked `@WithPerceptionTracking`: the modifier's own
  /// `body(content:)`, tracked as `_PerceptionTrackingBody` tracks a view's. Not for use by hand.
  public struct _PerceptionTrackingModifierBody<Tracked, Content> {
    private let modifier: Tracked
    private let content: Content
    private let tracking: TrackingOfOwner<_PerceptionTrackingBody<Tracked>>

    /// The tracking body of `modifier` applied to `content`, whose tracking state is `tracking`.
    public init(_ modifier: Tracked, content: Content, tracking: _PerceptionTrackingState<Tracked>)
    {
      self.modifier = modifier
      self.content = content
      self.tracking = TrackingOfOwner(tracking.states)
    }
  }

  extension _PerceptionTrackingModifierBody: View
  where Tracked: _PerceptionTrackedViewModifier, Content == Tracked.Content {
    /// The modifier's own body, tracked.
    public var body: Tracked._PerceptionTrackedBody {
      tracking.render { modifier.body(content: content) }
    }
  }

  /// A marked view's tracking states as its tracking body holds them: no dynamic property, and
  /// the generation the marked view read when it made the tracking body.
  struct TrackingOfOwner<Owner: TrackingView> {
    private let states: WithPerceptionTrackingStates<Owner>
    private let generation: Int

    init(_ states: WithPerceptionTrackingStates<Owner>) {
      self.states = states
      generation = states.generationForOwner
    }

    func render<Content>(_ content: () -> Content) -> Content {
      states.renderTracked(content)
    }
  }

  /// The body of an enumeration or class marked `@WithPerceptionTracking`, which holds the
  /// tracking states itself: an enumeration has no stored property for them, and SwiftUI
  /// installs no dynamic property of a class. Its `@State`-free view never goes stale. Not for
  /// use by hand.
  public struct _PerceptionSelfTrackingBody<Tracked> {
    private var states = WithPerceptionTrackingStates<_PerceptionTrackingBody<Tracked>>()
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
    private var states = WithPerceptionTrackingStates<_PerceptionTrackingBody<Tracked>>()
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
