import Foundation

// SwiftUI's other builder contexts, as far as WithPerceptionTracking conforms to them: each a
// protocol whose content is its body, a result builder, and Never as the primitive.

/// SwiftUI's `Scene`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol Scene {
  /// The scene this one renders as.
  associatedtype Body: Scene
  /// The scene's content.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `SceneBuilder`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct SceneBuilder {
  /// One scene.
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// SwiftUI's `Commands`.
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol Commands {
  /// The commands these render as.
  associatedtype Body: Commands
  /// The commands' content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `CommandsBuilder`.
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@resultBuilder
public struct CommandsBuilder {
  /// One group of commands.
  public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
}

/// SwiftUI's `ToolbarContent`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol ToolbarContent {
  /// The content this renders as.
  associatedtype Body: ToolbarContent
  /// The toolbar's content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `CustomizableToolbarContent`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency
public protocol CustomizableToolbarContent: ToolbarContent
where Self.Body: CustomizableToolbarContent {}

/// SwiftUI's `ToolbarContentBuilder`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder
public struct ToolbarContentBuilder {
  /// One toolbar item.
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content {
    content
  }
}

/// SwiftUI's `AccessibilityRotorContent`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@MainActor @preconcurrency
public protocol AccessibilityRotorContent {
  /// The content this renders as.
  associatedtype Body: AccessibilityRotorContent
  /// The rotor's content.
  @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `AccessibilityRotorContentBuilder`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@resultBuilder
public struct AccessibilityRotorContentBuilder {
  /// One rotor entry.
  public static func buildBlock<Content: AccessibilityRotorContent>(
    _ content: Content
  ) -> Content { content }
}

/// SwiftUI's `TableColumnContent`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol TableColumnContent<TableRowValue, TableColumnSortComparator> {
  /// The rows' type.
  associatedtype TableRowValue: Identifiable = Self.TableColumnBody.TableRowValue
  /// The columns' sort comparator.
  associatedtype TableColumnSortComparator: SortComparator =
    Self.TableColumnBody.TableColumnSortComparator
  /// The columns these render as.
  associatedtype TableColumnBody: TableColumnContent
  /// The columns' content.
  nonisolated var tableColumnBody: Self.TableColumnBody { get }
  /// Makes the columns in the view graph. Underscored and undocumented; the shape is the one
  /// swift-perception's columns implement, and it has a default.
  nonisolated static func _makeContent(
    content: _GraphValue<Self>, inputs: _TableColumnInputs
  ) -> _TableColumnOutputs
}

@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension TableColumnContent {
  /// Makes the columns of the content's body.
  nonisolated public static func _makeContent(
    content: _GraphValue<Self>, inputs: _TableColumnInputs
  ) -> _TableColumnOutputs {
    TableColumnBody._makeContent(content: content[\.tableColumnBody], inputs: inputs)
  }
}

/// A value in SwiftUI's view graph: SwiftUI's `_GraphValue`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _GraphValue<Value> {
  package let value: Value

  package init(value: Value) {
    self.value = value
  }

  /// The graph value of a property of this one.
  public subscript<Member>(keyPath: KeyPath<Value, Member>) -> _GraphValue<Member> {
    _GraphValue<Member>(value: value[keyPath: keyPath])
  }
}

/// What a table column is made with: SwiftUI's `_TableColumnInputs`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct _TableColumnInputs {
  package init() {}
}

/// What making a table column gives: SwiftUI's `_TableColumnOutputs`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct _TableColumnOutputs {
  package init() {}
}

/// SwiftUI's `TableColumnBuilder`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@resultBuilder
public struct TableColumnBuilder<RowValue: Identifiable, Sort: SortComparator> {
  /// One column.
  public static func buildBlock<Column: TableColumnContent>(_ column: Column) -> Column
  where RowValue == Column.TableRowValue, Sort == Column.TableColumnSortComparator {
    column
  }
}

/// SwiftUI's `TableRowContent`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol TableRowContent<TableRowValue> {
  /// The rows' type.
  associatedtype TableRowValue: Identifiable = Self.TableRowBody.TableRowValue
  /// The rows these render as.
  associatedtype TableRowBody: TableRowContent
  /// The rows' content.
  @MainActor @preconcurrency var tableRowBody: Self.TableRowBody { get }
}

/// SwiftUI's `TableRowBuilder`.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@resultBuilder
public struct TableRowBuilder<Value: Identifiable> {
  /// One row.
  public static func buildBlock<Content: TableRowContent>(_ content: Content) -> Content
  where Value == Content.TableRowValue {
    content
  }
}

// Never is each context's primitive, from the context's own version.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene, ToolbarContent, CustomizableToolbarContent {}

@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension Never: Commands {}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Never: AccessibilityRotorContent {}

@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension Never: TableColumnContent {
  /// No rows.
  public typealias TableRowValue = Never
  /// No sorting.
  public typealias TableColumnSortComparator = _NeverSortComparator
  /// A primitive.
  public typealias TableColumnBody = Never

  /// Never called.
  nonisolated public var tableColumnBody: Never { fatalError("a primitive has no body") }

  /// Never called.
  nonisolated public static func _makeContent(
    content: _GraphValue<Never>, inputs: _TableColumnInputs
  ) -> _TableColumnOutputs {
    _TableColumnOutputs()
  }
}

/// The sort comparator of `Never`'s columns, which nothing compares (the stand-in's, since
/// Foundation on Linux has none for `Never`).
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct _NeverSortComparator: SortComparator {
  /// Unused.
  public var order: SortOrder = .forward
  /// Never called.
  public func compare(_ lhs: Never, _ rhs: Never) -> ComparisonResult {}
}

// `TableRowValue` is the one `Never: TableColumnContent` declares.
@available(iOS 16.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension Never: TableRowContent {
  /// A primitive.
  public typealias TableRowBody = Never

  /// Never called.
  public var tableRowBody: Never { fatalError("a primitive has no body") }
}
