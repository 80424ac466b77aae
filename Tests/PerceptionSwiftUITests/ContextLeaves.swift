import Charts
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
