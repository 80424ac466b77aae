import Perception
import SwiftUI

@Perceptible final class Model {
  var title = "a"
  var count = 0
  var isOn = false
  var isArchived = false
  var items: [Item] = []
}

@Perceptible final class Item: Identifiable {
  let id: Int
  var name: String

  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A text on screen.
struct Text: View, Leaf {
  let name: String
  let text: String

  init(_ name: String, _ text: String) {
    self.name = name
    self.text = text
  }

  var body: Never { fatalError("a primitive view has no body") }
}

/// A switch bound to a Boolean; shows the binding's value when it renders.
struct Toggle: View, Leaf {
  let name: String
  let isOn: Binding<Bool>

  var text: String { "\(isOn.wrappedValue)" }
  var body: Never { fatalError("a primitive view has no body") }
}

/// A field bound to a string; shows the binding's value when it renders.
struct TextField: View, Leaf {
  let name: String
  let value: Binding<String>

  var text: String { value.wrappedValue }
  var body: Never { fatalError("a primitive view has no body") }
}

/// Rows made by a closure the loop calls when it renders them, after its parent's body
/// returned: a `ForEach`.
struct Rows<Element, Row: View>: View, Container {
  let elements: [Element]
  let row: (Element) -> Row

  var children: [any View] { elements.map(row) }
  var body: Never { fatalError("a primitive view has no body") }
}

struct TitleView: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking { Text("title", model.title) }
  }
}

struct CountView: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking { Text("count", "\(model.count)") }
  }
}

/// Reads the model in its body, outside any tracking.
struct UntrackedView: View {
  let model: Model
  var body: some View {
    Text("untracked", model.title)
  }
}

struct ToggleView: View {
  @Bindable var model: Model
  var body: some View {
    WithPerceptionTracking { Toggle(name: "isOn", isOn: $model.isOn) }
  }
}

struct TitleFieldView: View {
  @Bindable var model: Model
  var body: some View {
    WithPerceptionTracking { TextField(name: "field", value: $model.title) }
  }
}

/// Rows whose content is tracked row by row.
struct TrackedRowsView: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Rows(elements: model.items) { item in
        WithPerceptionTracking { Text("row\(item.id)", item.name) }
      }
    }
  }
}

/// Rows whose content reads the items outside any tracking: the mistake the SwiftUI article warns of.
struct UntrackedRowsView: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Rows(elements: model.items) { item in Text("row\(item.id)", item.name) }
    }
  }
}

struct EnvironmentReader: View {
  @Environment(Model.self) var model
  var body: some View {
    WithPerceptionTracking { Text("environment", model.title) }
  }
}

struct OptionalEnvironmentReader: View {
  @Environment(Model.self) var model: Model?
  var body: some View {
    WithPerceptionTracking { Text("optional", model?.title ?? "nil") }
  }
}

/// A child that takes a binding and shows its value when it renders: SwiftUI renders it again
/// when its parent makes it with a changed binding, and skips it when the binding is the same.
struct BoundSwitch: View, Leaf {
  let name: String
  @Binding var isOn: Bool

  var text: String { "\(isOn)" }
  var body: Never { fatalError("a primitive view has no body") }
}

/// Hands its child a binding from `@Perception.Bindable` while showing another property.
struct SwitchPanel: View {
  @Bindable var model: Model
  var body: some View {
    WithPerceptionTracking {
      Text("count", "\(model.count)")
      BoundSwitch(name: "switch", isOn: $model.isOn)
    }
  }
}

/// The same panel, handing its child a binding made with `Binding(get:set:)`: the shape
/// swift-perception #55 reported, a new binding location at each render.
struct ClosureSwitchPanel: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Text("count", "\(model.count)")
      BoundSwitch(name: "switch", isOn: Binding(get: { false }, set: { _ in }))
    }
  }
}

/// Makes a child that holds the model in `@Perception.Bindable` each time it renders.
struct BindableChildPanel: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Text("count", "\(model.count)")
      ToggleView(model: model)
    }
  }
}
