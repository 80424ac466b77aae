import Foundation

// SwiftUI's other builder contexts, as far as WithPerceptionTracking conforms to them: each a
// protocol whose content is its body, a result builder, and Never as the primitive.

/// SwiftUI's `Scene`.
@MainActor @preconcurrency
public protocol Scene {
  /// The scene this one renders as.
  associatedtype Body: Scene
  /// The scene's content.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `SceneBuilder`.
@resultBuilder
public struct SceneBuilder {
  /// One scene.
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// SwiftUI's `Commands`.
@MainActor @preconcurrency
public protocol Commands {
  /// The commands these render as.
  associatedtype Body: Commands
  /// The commands' content.
  @CommandsBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `CommandsBuilder`.
@resultBuilder
public struct CommandsBuilder {
  /// One group of commands.
  public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
}

/// SwiftUI's `ToolbarContent`.
@MainActor @preconcurrency
public protocol ToolbarContent {
  /// The content this renders as.
  associatedtype Body: ToolbarContent
  /// The toolbar's content.
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `CustomizableToolbarContent`.
@MainActor @preconcurrency
public protocol CustomizableToolbarContent: ToolbarContent
where Self.Body: CustomizableToolbarContent {}

/// SwiftUI's `ToolbarContentBuilder`.
@resultBuilder
public struct ToolbarContentBuilder {
  /// One toolbar item.
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content {
    content
  }
}

/// SwiftUI's `AccessibilityRotorContent`.
@MainActor @preconcurrency
public protocol AccessibilityRotorContent {
  /// The content this renders as.
  associatedtype Body: AccessibilityRotorContent
  /// The rotor's content.
  @AccessibilityRotorContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// SwiftUI's `AccessibilityRotorContentBuilder`.
@resultBuilder
public struct AccessibilityRotorContentBuilder {
  /// One rotor entry.
  public static func buildBlock<Content: AccessibilityRotorContent>(
    _ content: Content
  ) -> Content { content }
}

/// SwiftUI's `TableColumnContent`.
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
  @TableColumnBuilder<TableRowValue, TableColumnSortComparator>
  var tableColumnBody: Self.TableColumnBody { get }
}

/// SwiftUI's `TableColumnBuilder`.
@resultBuilder
public struct TableColumnBuilder<RowValue: Identifiable, Sort: SortComparator> {
  /// One column.
  public static func buildBlock<Column: TableColumnContent>(_ column: Column) -> Column
  where RowValue == Column.TableRowValue, Sort == Column.TableColumnSortComparator {
    column
  }
}

/// SwiftUI's `TableRowContent`.
@MainActor @preconcurrency
public protocol TableRowContent<TableRowValue> {
  /// The rows' type.
  associatedtype TableRowValue: Identifiable = Self.TableRowBody.TableRowValue
  /// The rows these render as.
  associatedtype TableRowBody: TableRowContent
  /// The rows' content.
  @TableRowBuilder<TableRowValue> var tableRowBody: Self.TableRowBody { get }
}

/// SwiftUI's `TableRowBuilder`.
@resultBuilder
public struct TableRowBuilder<Value: Identifiable> {
  /// One row.
  public static func buildBlock<Content: TableRowContent>(_ content: Content) -> Content
  where Value == Content.TableRowValue {
    content
  }
}

extension Never: Scene, Commands, ToolbarContent, CustomizableToolbarContent,
  AccessibilityRotorContent
{}
