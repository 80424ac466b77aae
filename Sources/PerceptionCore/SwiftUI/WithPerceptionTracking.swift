// Compiled where SwiftUI is the real one (Apple platforms), and on Linux only in the test
// target that compiles these files against the SwiftUI stand-in (Tests/SwiftUIStandIn).
#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  #if PERCEPTION_SWIFTUI_STAND_IN
    // Compiled into the stand-in test target, outside PerceptionCore.
    import PerceptionCore
  #endif
  import SwiftUI

  /// A view, or other SwiftUI content, that renders again when perceptible state its content
  /// read changes.
  ///
  /// Wrap a view's content in it, and wrap again the content of every closure SwiftUI calls
  /// later (`ForEach` rows, lazy stacks, `GeometryReader`, `sheet` and other navigation
  /// content), which runs outside the enclosing tracking:
  ///
  /// ```swift
  /// struct CounterView: View {
  ///   let model: CounterModel
  ///
  ///   var body: some View {
  ///     WithPerceptionTracking {
  ///       Text("\(model.count)")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Each render runs the content in a checked context (see `withPerceptionChecking`) and a
  /// tracking scope; the first change to anything it read renders it again, once. Where SwiftUI
  /// observes `@Perceptible` models itself (iOS 17, macOS 14, tvOS 17 and watchOS 10 and later,
  /// with the native engine, the default there) it returns its content and does nothing else.
  @available(
    iOS, deprecated: 17,
    message:
      "SwiftUI observes @Perceptible models itself on iOS 17 and later; remove WithPerceptionTracking."
  )
  @available(
    macOS, deprecated: 14,
    message:
      "SwiftUI observes @Perceptible models itself on macOS 14 and later; remove WithPerceptionTracking."
  )
  @available(
    tvOS, deprecated: 17,
    message:
      "SwiftUI observes @Perceptible models itself on tvOS 17 and later; remove WithPerceptionTracking."
  )
  @available(
    watchOS, deprecated: 10,
    message:
      "SwiftUI observes @Perceptible models itself on watchOS 10 and later; remove WithPerceptionTracking."
  )
  public struct WithPerceptionTracking<Content> {
    /// Kept for as long as the view keeps its identity; SwiftUI discards the ones made later.
    /// Nil where the view needs no tracking, so that it allocates nothing there.
    @State private var tracker: ViewTracker?
    /// Bumped to make SwiftUI render the view again.
    @State private var generation = 0
    private let content: () -> Content

    /// Creates a tracking view of `content`, which it evaluates when it renders.
    public init(content: @escaping @autoclosure () -> Content) {
      self.content = content
      let needsTracking = ViewTracker.needsTracking(
        viewLayerObservesNatively: Self.swiftUIObservesNatively)
      _tracker = State(wrappedValue: needsTracking ? ViewTracker() : nil)
    }

    /// The content, tracked.
    public var body: Content {
      guard let tracker else { return content() }
      // Read, so that SwiftUI ties this body to the state it bumps.
      _ = generation
      let bump = GenerationBump(state: _generation)
      return tracker.render(content) { bump() }
    }

    /// Whether this SwiftUI observes Observation's objects itself.
    private static var swiftUIObservesNatively: Bool {
      #if PERCEPTION_SWIFTUI_STAND_IN
        return false
      #else
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
        return false
      #endif
    }
  }

  /// Bumps a tracking view's generation, from the thread that changed what it read.
  private struct GenerationBump: @unchecked Sendable {
    // Sendable: SwiftUI's state may be set from any thread.
    let state: State<Int>

    func callAsFunction() {
      state.wrappedValue &+= 1
    }
  }

  extension WithPerceptionTracking: View where Content: View {
    /// Creates a tracking view of the views `content` builds.
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.init(content: content())
    }
  }
#endif
