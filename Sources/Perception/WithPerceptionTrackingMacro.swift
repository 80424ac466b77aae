// Declared where the SwiftUI layer is (Apple platforms), and on Linux only in the test target
// that compiles the SwiftUI layer against the SwiftUI stand-in (Tests/SwiftUIStandIn): the
// conformances it may add name SwiftUI's protocols and the layer's.
#if canImport(SwiftUI) && (canImport(Darwin) || PERCEPTION_SWIFTUI_STAND_IN)
  import SwiftUI

  /// Renders a view's body, or a view modifier's `body(content:)`, inside perception tracking:
  /// what wrapping the body in ``/PerceptionCore/WithPerceptionTracking`` does, without the
  /// wrapper.
  ///
  /// Instead of wrapping the body, mark the view:
  ///
  /// ```swift
  /// @WithPerceptionTracking
  /// struct CounterView: View {
  ///   let model: CounterModel
  ///
  ///   var body: some View {
  ///     let label = "\(model.title): \(model.count)"
  ///     if model.isOn {
  ///       Text(label)
  ///     } else {
  ///       Text("off")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Each render runs the body in a checked context and a tracking scope, and the first change
  /// to anything it read renders the view again, once, exactly as the wrapper does, with the
  /// same state. Where SwiftUI observes `@Perceptible` models itself (iOS 17, macOS 14, tvOS 17
  /// and watchOS 10 and later, with the native engine, the default there) the view renders its
  /// body and does nothing else; the attribute is deprecated there, as the wrapper is, with one
  /// warning per marked type. With `PERCEPTION_TRACE=1` a change that renders a marked view
  /// again names it: `... for @WithPerceptionTracking CounterView`.
  ///
  /// The body stays as written, wherever it is declared (in the type or in an extension), of
  /// any type (`some View` or explicit), generic or not; a body in the type's declaration that
  /// has no `return` statement gets `@ViewBuilder`, as `View`'s requirement would give it.
  /// Apply it to a `struct`, `class` or `enum` that conforms to `View` or `ViewModifier`, and
  /// that does not declare `Body` itself; anything else is an error at the attribute.
  ///
  /// Closures SwiftUI calls later (`ForEach` rows in lazy stacks, `GeometryReader`, `sheet` and
  /// navigation content) run outside the body's tracking: wrap their content in
  /// `WithPerceptionTracking { ... }`, or move it into a view marked with this attribute.
  ///
  /// It adds `Body`, a property named `_perceptionTrackedBody` that SwiftUI calls as the view's
  /// `body`, and a conformance to `_PerceptionTrackedView` (`_PerceptionTrackedViewModifier`
  /// for a modifier).
  @available(
    iOS, deprecated: 17,
    message:
      "SwiftUI observes @Perceptible models itself on iOS 17 and later; remove @WithPerceptionTracking."
  )
  @available(
    macOS, deprecated: 14,
    message:
      "SwiftUI observes @Perceptible models itself on macOS 14 and later; remove @WithPerceptionTracking."
  )
  @available(
    tvOS, deprecated: 17,
    message:
      "SwiftUI observes @Perceptible models itself on tvOS 17 and later; remove @WithPerceptionTracking."
  )
  @available(
    watchOS, deprecated: 10,
    message:
      "SwiftUI observes @Perceptible models itself on watchOS 10 and later; remove @WithPerceptionTracking."
  )
  @attached(member, names: named(Body), named(_perceptionTrackedBody), named(_perceptionTracking))
  @attached(memberAttribute)
  @attached(
    extension,
    conformances: View, ViewModifier, _PerceptionTrackedView, _PerceptionTrackedViewModifier)
  public macro WithPerceptionTracking() =
    #externalMacro(module: "PerceptionMacros", type: "WithPerceptionTrackingMacro")
#endif
