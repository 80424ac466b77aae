/// A piece of user interface: SwiftUI's `View`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
  /// The view this one renders as.
  associatedtype Body: View

  /// The view's content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
  /// A primitive view has no body.
  public typealias Body = Never

  /// Never called.
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A view that renders nothing.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct EmptyView {
  /// Creates the view.
  public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension EmptyView: View {
  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

/// Several views in a row, as a view builder makes them.
// Nonisolated as Apple declares it; the conformance is apart, so that it stays so.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct TupleView<T> {
  /// The views.
  public var value: T
  /// Wraps `value`.
  public init(_ value: T) { self.value = value }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TupleView: View {
  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

/// Builds views, and in Xcode 27's SDK any content, from closures: SwiftUI's `ViewBuilder`.
///
/// In Xcode 27's SDK it builds content of any type ("When you build in Xcode 27 and later ...
/// the system constructs type-agnostic content from `ViewBuilder` closures, and doesn't restrict
/// the types you use in closures to conform to `View`"), under its new name `ContentBuilder`,
/// which the bodies of `Commands`, `ToolbarContent`, `AccessibilityRotorContent` and Charts'
/// `ChartContent` carry there: one expression of any type is built as itself.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
  /// No view.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// One view.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// One piece of content of another type.
  public static func buildBlock<Content>(_ content: Content) -> Content { content }

  /// Several views. From iOS 17 (Apple's variadic `buildBlock`): a `TupleView` of a pack needs
  /// the iOS 17 runtime's metadata for variadic generic types; before it SwiftUI has ten
  /// fixed-arity overloads, which the stand-in does not model (nothing compiled for an Apple
  /// target builds more than one view).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }

  /// An expression of content, of any type.
  public static func buildExpression<Content>(_ content: Content) -> Content { content }
}

// The conditionals follow the iOS 18.0 SDK's SwiftUICore interface, which declares them in an
// extension of `ViewBuilder`, each `@_alwaysEmitIntoClient`:
// `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`, and
// `static func buildEither<TrueContent, FalseContent>(first: TrueContent) ->
// _ConditionalContent<TrueContent, FalseContent> where TrueContent : View, FalseContent : View`
// and its `second:` twin (Apple's pages swiftui/viewbuilder/buildif(_:) and
// …/buildeither(first:), …/buildeither(second:), available from iOS 13, macOS 10.15, tvOS 13 and
// watchOS 6; Xcode 27's drop the `View` constraints).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ViewBuilder {
  /// An `if` without `else`: the view when the condition holds, nothing otherwise.
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }

  /// The `then` branch of an `if`-`else` or the first cases of a `switch`.
  public static func buildEither<TrueContent, FalseContent>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    _ConditionalContent(storage: .trueContent(first))
  }

  /// The `else` branch of an `if`-`else` or the later cases of a `switch`.
  public static func buildEither<TrueContent, FalseContent>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View {
    _ConditionalContent(storage: .falseContent(second))
  }
}

/// One of two views, as a view builder's `if`-`else` and `switch` make it: SwiftUI's
/// `_ConditionalContent` (the iOS 18.0 interface: `@frozen public struct
/// _ConditionalContent<TrueContent, FalseContent>`, its storage an enumeration of the two;
/// `View` where both are). Not `@frozen` here (library evolution only).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
  /// Which branch the builder took.
  package enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  /// The branch taken.
  package let storage: Storage

  package init(storage: Storage) {
    self.storage = storage
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

// The iOS 18.0 interface: `extension Swift.Optional : SwiftUICore.View where Wrapped :
// SwiftUICore.View { public typealias Body = Swift.Never ... }`, what `buildIf` returns.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
  /// A primitive view.
  public typealias Body = Never

  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

/// The builder of views and other content in Xcode 27's SDK: SwiftUI's `ContentBuilder`
/// (`typealias ContentBuilder = ViewBuilder`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public typealias ContentBuilder = ViewBuilder

/// A property of a view that SwiftUI updates before each render: SwiftUI's `DynamicProperty`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
  /// Called before the view renders.
  mutating func update()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension DynamicProperty {
  /// Does nothing.
  public mutating func update() {}
}

// Apple's iOS 18.0 SwiftUICore interface declares how a property is installed, `static func
// _makeProperty<V>(in buffer: inout _DynamicPropertyBuffer, container: _GraphValue<V>,
// fieldOffset: Int, inputs: inout _GraphInputs)`, as a requirement of `DynamicProperty` with a
// default in an extension; `Environment`, for one, declares its own. The stand-in models the
// default as installing the dynamic properties among the property's own stored properties,
// which is how a custom dynamic property holds `@State`.

/// The dynamic properties a render loop installs for `value`'s stored properties: each that
/// installs itself (`State`, `Environment`), and, for each other dynamic property, its own.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
package func installedProperties(of value: Any) -> [any DynamicProperty] {
  Mirror(reflecting: value).children.flatMap { child -> [any DynamicProperty] in
    switch child.value {
    case let property as any StandInState & DynamicProperty: [property]
    case let property as any StandInEnvironment & DynamicProperty: [property]
    case let property as any DynamicProperty: installedProperties(of: property)
    default: []
    }
  }
}
