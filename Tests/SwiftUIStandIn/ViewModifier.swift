/// Something that changes a view into another: SwiftUI's `ViewModifier`.
///
/// As the iOS 18.0 SDK's SwiftUICore interface declares it: `@preconcurrency
/// @_Concurrency.MainActor public protocol ViewModifier`, with `associatedtype Body :
/// SwiftUICore.View`, `@SwiftUICore.ViewBuilder @_Concurrency.MainActor @preconcurrency func
/// body(content: Self.Content) -> Self.Body` and `typealias Content =
/// SwiftUICore._ViewModifier_Content<Self>`. Its underscored `_makeView`, `_makeViewList` and
/// `_viewListCount` requirements have defaults and nothing here implements them: left out.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {
  /// The view the modifier makes of its content.
  associatedtype Body: View

  /// The view this modifier makes of `content`.
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body

  /// The content the modifier is applied to, as its body sees it.
  typealias Content = _ViewModifier_Content<Self>
}

/// The view a modifier's body receives: SwiftUI's `_ViewModifier_Content` (the iOS 18.0
/// interface: `@_Concurrency.MainActor @preconcurrency public struct
/// _ViewModifier_Content<Modifier> where Modifier : SwiftUICore.ViewModifier`, a primitive
/// `View`). SwiftUI's stands for the modified view without holding it; the stand-in holds it,
/// so that the render loop can render it where the modifier's body places it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct _ViewModifier_Content<Modifier: ViewModifier> {
  /// The modified view.
  package let content: any View

  package init(_ content: any View) {
    self.content = content
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ViewModifier_Content: View {
  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

/// A view and the modifier applied to it: SwiftUI's `ModifiedContent` (the iOS 18.0 interface:
/// `@frozen public struct ModifiedContent<Content, Modifier>`, `public var content: Content`,
/// `public var modifier: Modifier`, `@inlinable nonisolated public init(content: Content,
/// modifier: Modifier)`; a primitive `View` where `Content : View, Modifier : ViewModifier`).
/// Not `@frozen` here (library evolution only).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct ModifiedContent<Content, Modifier> {
  /// The view modified.
  public var content: Content
  /// The modifier.
  public var modifier: Modifier

  /// Applies `modifier` to `content`.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  /// A primitive view.
  public var body: Never { fatalError("a primitive view has no body") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Applies `modifier` to this view (the iOS 18.0 interface: `@inlinable nonisolated public
  /// func modifier<T>(_ modifier: T) -> SwiftUICore.ModifiedContent<Self, T>`).
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}
