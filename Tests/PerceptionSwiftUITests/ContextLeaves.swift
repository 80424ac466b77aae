import Charts
import Foundation
import SwiftUI

/// Primitive content of each builder context other than View, showing one text.
protocol TextShowing {
  var text: String { get }
}

struct SceneLeaf: Scene, TextShowing {
  let text: String
  var body: Never { fatalError("a primitive has no body") }
}

struct CommandsLeaf: Commands, TextShowing {
  let text: String
  var body: Never { fatalError("a primitive has no body") }
}

struct ToolbarLeaf: CustomizableToolbarContent, TextShowing {
  let text: String
  var body: Never { fatalError("a primitive has no body") }
}

struct RotorLeaf: AccessibilityRotorContent, TextShowing {
  let text: String
  var body: Never { fatalError("a primitive has no body") }
}

struct ChartLeaf: ChartContent, TextShowing {
  let text: String
  var body: Never { fatalError("a primitive has no body") }
}

/// A table column that records the title it is made with.
struct ColumnLeaf: TableColumnContent {
  typealias TableRowValue = Item
  typealias TableColumnSortComparator = _NeverSortComparator
  typealias TableColumnBody = Never

  let text: String
  nonisolated var tableColumnBody: Never { fatalError("a primitive has no body") }

  nonisolated static func _makeContent(
    content: _GraphValue<ColumnLeaf>, inputs: _TableColumnInputs
  ) -> _TableColumnOutputs {
    MadeColumns.record(content.value.text)
    return _TableColumnOutputs()
  }
}

/// The titles of the columns made, in order.
enum MadeColumns {
  nonisolated(unsafe) private static var titles: [String] = []
  private static let lock = NSLock()

  static func record(_ title: String) { lock.withLock { titles.append(title) } }
  static func take() -> [String] {
    lock.withLock {
      defer { titles = [] }
      return titles
    }
  }
}

struct RowLeaf: TableRowContent, TextShowing {
  typealias TableRowValue = Item
  let text: String
  var tableRowBody: Never { fatalError("a primitive has no body") }
}
