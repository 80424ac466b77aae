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
  /// Each render runs the content in a checked context and a tracking scope; the first change
  /// to anything it read renders it again, once. Where SwiftUI observes `@Perceptible` models
  /// itself (iOS 17 and its counterparts, with the native engine) it only returns its content.
  public struct WithPerceptionTracking<Content> {
    // Only its initializers are deprecated: extending a deprecated type warns in this package,
    // and a deprecated conformance warns at each use in a client.
    private var states = WithPerceptionTrackingStates<WithPerceptionTracking>()
    private let content: () -> Content

    /// The content, tracked.
    public var body: Content { states.render(content) }
  }

  extension WithPerceptionTracking: View where Content: View {}

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
    watchOS, deprecated: 10, message: "'WithPerceptionTracking' is no longer needed in watchOS 10+."
  )
  extension WithPerceptionTracking {
    /// Creates a tracking view of `content`, which it evaluates when it renders.
    public init(content: @escaping @autoclosure () -> Content) {
      self.content = content
    }

    /// Creates a tracking view of the views `content` builds.
    public init(@ViewBuilder content: @escaping () -> Content) where Content: View {
      self.init(content: content())
    }
  }

  /// A view that renders through `WithPerceptionTrackingStates`; a sendable metatype, so that
  /// the bump, a closure over the states, can be sent.
  protocol TrackingView: SendableMetatype {
    /// The view marked `@WithPerceptionTracking` whose body this is, for the change trace.
    static var markedView: Any.Type? { get }
  }

  extension WithPerceptionTracking: TrackingView {
    static var markedView: Any.Type? { nil }
  }

  /// A tracking view's states: its tracker, and a generation the first change to what a render
  /// read bumps. Apart from the view so that the bump, which the read registrars keep, holds
  /// them and not the content with its models; named so the change trace skips it as a shell.
  struct WithPerceptionTrackingStates<Owner: TrackingView>: DynamicProperty, @unchecked Sendable {
    // Sendable: a bump only sets `generation`, which SwiftUI lets any thread set. Initial values
    // where the states are declared, and a bump through the nonmutating setter: the shape that
    // compiles with Xcode 27's `@State` macro too (TN3211).
    @State private var tracker = ViewTracker.ifNeeded(
      viewLayerObservesNatively: swiftUIObservesNatively, markedView: Owner.markedView)
    @State private var generation = 0

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
      // The stand-in's switch, a task-local: false unless a test models SwiftUI's own
      // observation (the render loop then observes each body as SwiftUI does from iOS 17).
      return StandInGraph.observesNatively
    #else
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
      return false
    #endif
  }
#endif
