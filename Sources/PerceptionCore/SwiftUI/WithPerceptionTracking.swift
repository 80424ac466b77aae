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
  public struct WithPerceptionTracking<Content> {
    // Not deprecated itself: its initializers are, where SwiftUI observes perceptible models
    // itself. Its conformances need extensions, and extending a deprecated type warns in this
    // package's own build, while an extension marked deprecated deprecates its conformance too,
    // one more warning at each use of the view in a client. Deprecating the initializers gives
    // a client the one warning, with its message, that deprecating the type gives.
    // Both states get their first value where they are declared, and no initializer assigns
    // them or their storage: in Xcode 27's SDK `@State` is a macro (Apple's documentation,
    // "State()"; TN3211 lists the initializer assignments it no longer compiles), and this is
    // the shape that compiles with the macro and with the property wrapper, as swift-perception's
    // `@State var id = 0` does. CI compiles this file against both (Tests/SwiftUIStandIn).

    /// Kept for as long as the view keeps its identity; SwiftUI discards the ones made later.
    /// Nil where the view needs no tracking, so that it allocates nothing there.
    @State private var tracker = ViewTracker.ifNeeded(
      viewLayerObservesNatively: swiftUIObservesNatively)
    /// Bumped to make SwiftUI render the view again.
    @State private var generation = 0
    /// A `var` only so that a bump's copy of the view can let go of it.
    private var content: () -> Content

    /// Creates a tracking view of `content`, which it evaluates when it renders.
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
    public init(content: @escaping @autoclosure () -> Content) {
      self.content = content
    }

    /// The content, tracked.
    public var body: Content {
      guard let tracker else { return content() }
      // Read, so that SwiftUI ties this body to the state it bumps.
      _ = generation
      let bump = GenerationBump(view: self)
      return tracker.render(content) { bump() }
    }

    /// Bumps a tracking view's generation, from the thread that changed what it read.
    private struct GenerationBump: @unchecked Sendable {
      // Sendable: it only writes the view's state, which SwiftUI lets any thread set, through
      // the property's own setter (nonmutating, with the property wrapper and with the macro),
      // as swift-perception's onChange does (`id &+= 1`), rather than through the state's storage
      // (`_generation`), which the macro does not promise.
      private let view: WithPerceptionTracking

      /// A bump of `view`'s generation. It keeps a copy of the view without its content: the
      /// registrars of what the content read hold the bump until their next change, and the
      /// content holds what it reads, so keeping it would keep the models alive.
      init(view: WithPerceptionTracking) {
        var states = view
        states.content = { fatalError("a generation bump never renders") }
        self.view = states
      }

      func callAsFunction() {
        view.generation &+= 1
      }
    }
  }

  /// Whether this SwiftUI observes Observation's objects itself: `WithPerceptionTracking` and
  /// the views marked `@WithPerceptionTracking` then only return their content.
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
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.init(content: content())
    }
  }
#endif
