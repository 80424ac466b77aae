#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    import PerceptionCore
  #endif
  import SwiftUI

  /// A view, or other SwiftUI content, that renders again when perceptible state its content
  /// read changes.
  ///
  /// Wrap a view's content in it, `WithPerceptionTracking { Text("\(model.count)") }`, and wrap
  /// again the content of every closure SwiftUI calls later (`ForEach` rows, lazy stacks,
  /// `GeometryReader`, `sheet` and other navigation content), which runs outside its tracking.
  ///
  /// Each render runs the content in a checked context and a tracking scope; the first change
  /// to anything it read renders it again, once. Where SwiftUI observes `@Perceptible` models
  /// itself (iOS 17 and its counterparts, with the native engine) it only returns its content.
  public struct WithPerceptionTracking<Content> {
    // Not deprecated itself, its initializers are: extending a deprecated type warns in this
    // package, and a deprecated extension warns at each use in a client.
    private var states = WithPerceptionTrackingStates<WithPerceptionTracking>()
    private let content: () -> Content

    /// Creates a tracking view of `content`, which it evaluates when it renders.
    @available(
      iOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in iOS 17+."
    )
    @available(
      macOS, deprecated: 14, message: "'WithPerceptionTracking' is no longer needed in macOS 14+."
    )
    @available(
      tvOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in tvOS 17+."
    )
    @available(
      watchOS, deprecated: 10,
      message: "'WithPerceptionTracking' is no longer needed in watchOS 10+."
    )
    public init(content: @escaping @autoclosure () -> Content) {
      self.content = content
    }

    /// The content, tracked.
    public var body: Content { states.render(content) }
  }

  extension WithPerceptionTracking: TrackingView {
    static func makeTracker() -> ViewTracker? {
      ViewTracker.ifNeeded(viewLayerObservesNatively: swiftUIObservesNatively)
    }
  }

  /// A view that renders through `WithPerceptionTrackingStates`, which asks it for the tracker.
  // A sendable metatype, so that the bump, a closure over the states, can be sent.
  protocol TrackingView: SendableMetatype {
    /// A new tracker where the view must track what it renders, and nil where it need not.
    static func makeTracker() -> ViewTracker?
  }

  /// A tracking view's states: its tracker, and a generation that the first change to what a
  /// render read bumps. A dynamic property of its own so that the bump, which the registrars of
  /// what was read keep, holds these states alone and not the content, which holds its models.
  // Named so that the change trace skips it as a shell where the stand-in's tests compile it.
  struct WithPerceptionTrackingStates<Owner: TrackingView>: DynamicProperty, @unchecked Sendable {
    // Sendable: a bump only sets `generation`, which SwiftUI lets any thread set. The first
    // values are where the states are declared, and the bump uses the nonmutating setter, not
    // `_generation`: the shape that compiles with Xcode 27's `@State` macro too (TN3211).
    @State private var tracker = Owner.makeTracker()
    @State private var generation = 0

    /// `content()`, in the tracker's render where the view needs tracking.
    func render<Content>(_ content: () -> Content) -> Content {
      guard let tracker else { return content() }
      // Read, so that SwiftUI ties the body to the state the bump sets.
      _ = generation
      return tracker.render(content) { [self] in generation &+= 1 }
    }
  }

  /// Whether this SwiftUI observes Observation's objects itself.
  var swiftUIObservesNatively: Bool {
    #if PERCEPTION_SWIFTUI_STAND_IN
      return false
    #else
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
      return false
    #endif
  }

  extension WithPerceptionTracking: View where Content: View {
    /// Creates a tracking view of the views `content` builds.
    @available(
      iOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in iOS 17+."
    )
    @available(
      macOS, deprecated: 14, message: "'WithPerceptionTracking' is no longer needed in macOS 14+."
    )
    @available(
      tvOS, deprecated: 17, message: "'WithPerceptionTracking' is no longer needed in tvOS 17+."
    )
    @available(
      watchOS, deprecated: 10,
      message: "'WithPerceptionTracking' is no longer needed in watchOS 10+."
    )
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.init(content: content())
    }
  }
#endif
