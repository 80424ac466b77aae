import Perception
import SwiftUI

// Views marked `@WithPerceptionTracking`, one per shape a view is written in. None wraps its
// body: the attribute alone must make each render again when what it read changes.

/// The body in the type, one expression.
@WithPerceptionTracking
struct MarkedTitleView: View {
  let model: Model
  var body: some View {
    Text("title", model.title)
  }
}

/// The body in the type, several statements: a `let`, an `if`-`else`, an `if` without `else`.
@WithPerceptionTracking
struct MarkedBranchView: View {
  let model: Model
  var body: some View {
    let count = model.count
    if model.isOn {
      Text("branch", "on \(count)")
    } else {
      Text("branch", "off \(count)")
    }
  }
}

/// A `switch`, and an `if` without `else`, in a body of an explicit type.
@WithPerceptionTracking
struct MarkedSwitchView: View {
  let model: Model
  var body: _ConditionalContent<_ConditionalContent<Text, Text>, Text?> {
    switch model.count {
    case 0:
      Text("switch", "zero")
    case 1:
      Text("switch", "one")
    default:
      if !model.isArchived {
        Text("switch", "many")
      }
    }
  }
}

/// The body in an extension.
@WithPerceptionTracking
struct MarkedExtensionView: View {
  let model: Model
}

extension MarkedExtensionView {
  var body: some View {
    Text("extension", model.title)
  }
}

/// Several statements in an extension's body, which gets no builder from `View` there, with or
/// without the attribute: it says `@ViewBuilder` itself.
@WithPerceptionTracking
struct MarkedExtensionBuilderView: View {
  let model: Model
}

extension MarkedExtensionBuilderView {
  @ViewBuilder var body: some View {
    let title = model.title
    if model.isOn {
      Text("extension builder", title)
    }
  }
}

/// A body that returns explicitly: no builder, as without the attribute.
@WithPerceptionTracking
struct MarkedReturningView: View {
  let model: Model
  var body: Text {
    let title = model.title
    return Text("returning", title.uppercased())
  }
}

/// A generic view.
@WithPerceptionTracking
struct MarkedGenericView<Value: CustomStringConvertible>: View {
  let model: Model
  let value: Value
  var body: some View {
    Text("generic", "\(value) \(model.count)")
  }
}

/// A view with `@State` and a binding to it, and `@Environment`.
@WithPerceptionTracking
struct MarkedStateView: View {
  let model: Model
  @State var taps = 0
  @Environment(\.prefix) var prefix
  var body: some View {
    Text("state", "\(prefix)\(model.title) \(taps)")
  }
}

/// A view with `@Binding`, made by a marked parent with `@Bindable` (the shell's, which clients
/// spell `@Perception.Bindable`).
@WithPerceptionTracking
struct MarkedBindingView: View {
  @Binding var isOn: Bool
  var body: some View {
    Toggle(name: "binding", isOn: $isOn)
  }
}

@WithPerceptionTracking
struct MarkedBindableParent: View {
  @Bindable var model: Model
  var body: some View {
    MarkedBindingView(isOn: $model.isOn)
  }
}

/// Marked parent and marked child, each reading its own property.
@WithPerceptionTracking
struct MarkedParentView: View {
  let model: Model
  var body: some View {
    Text("parent", "\(model.count)")
    MarkedTitleView(model: model)
  }
}

/// A marked view whose body also wraps part of itself: no render twice.
@WithPerceptionTracking
struct MarkedAndWrappedView: View {
  let model: Model
  var body: some View {
    WithPerceptionTracking {
      Text("wrapped", model.title)
    }
  }
}

/// `nonisolated` and `@MainActor` members beside the body.
@WithPerceptionTracking
struct MarkedIsolationView: View {
  let model: Model
  nonisolated static let label = "isolation"
  @MainActor var suffix: String { "!" }
  var body: some View {
    Text(Self.label, model.title + suffix)
  }
}

/// An enumeration view.
@WithPerceptionTracking
enum MarkedEnumView: View {
  case title(Model)
  var body: some View {
    switch self {
    case .title(let model): Text("enum", model.title)
    }
  }
}

/// Rows whose closure the loop calls after the body returned: outside the body's tracking.
@WithPerceptionTracking
struct MarkedRowsView: View {
  let model: Model
  var body: some View {
    Rows(elements: model.items) { item in Text("row\(item.id)", item.name) }
  }
}

/// The same rows, each in a marked view of its own: tracked one by one.
@WithPerceptionTracking
struct MarkedRowView: View {
  let item: Item
  var body: some View {
    Text("row\(item.id)", item.name)
  }
}

@WithPerceptionTracking
struct MarkedTrackedRowsView: View {
  let model: Model
  var body: some View {
    Rows(elements: model.items) { item in MarkedRowView(item: item) }
  }
}

/// A view modifier, its body several statements.
@WithPerceptionTracking
struct MarkedBadge: ViewModifier {
  let model: Model
  func body(content: Content) -> some View {
    let count = model.count
    if count > 0 {
      Text("badge", "\(count)")
    }
    content
  }
}

struct ModifiedView: View {
  let model: Model
  var body: some View {
    Text("content", "fixed").modifier(MarkedBadge(model: model))
  }
}

private struct PrefixKey: EnvironmentKey {
  static let defaultValue = ""
}

extension EnvironmentValues {
  var prefix: String {
    get { self[PrefixKey.self] }
    set { self[PrefixKey.self] = newValue }
  }
}
