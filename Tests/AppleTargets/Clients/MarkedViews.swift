// Client corpus: SwiftUI views and a view modifier marked `@WithPerceptionTracking`, for an app
// with an iOS 13 / macOS 10.15 deployment target: no wrapper in any body. As in Views.swift,
// only what the SwiftUI stand-in declares, and one view per builder block (the stand-in's only
// builder of several views is iOS 17's); `if`, `if`-`else` and `switch` build one view each.
// On iOS 17, macOS 14, tvOS 17 and watchOS 10 and later the attribute is deprecated, as the
// wrapper is: one warning per marked type, the client's own.
#if canImport(SwiftUI)
  import Perception
  import SwiftUI

  /// The body in the type, several statements.
  @WithPerceptionTracking
  struct MarkedCounterView: View {
    let model: CounterModel

    var body: some View {
      let text = "\(model.title): \(model.count)"
      if model.count > 0 {
        Caption(text: text)
      } else {
        Caption(text: "none")
      }
    }
  }

  /// A `switch`, and an `if` without `else`, in a body of an explicit type.
  @WithPerceptionTracking
  struct MarkedSwitchView: View {
    let model: CounterModel

    var body: _ConditionalContent<Caption, Caption?> {
      switch model.count {
      case 0:
        Caption(text: "zero")
      default:
        if model.count < 100 {
          Caption(text: "some")
        }
      }
    }
  }

  /// The body in an extension; generic; public, with a public body.
  @WithPerceptionTracking
  public struct MarkedListView<Element: Hashable & Sendable>: View {
    let model: ListModel<Element>
  }

  extension MarkedListView {
    public var body: some View {
      Caption(text: "\(model.items.count) items")
    }
  }

  /// `@State`, a binding to it, `@Environment`, and an explicit `return`.
  @WithPerceptionTracking
  struct MarkedSettingsView: View {
    let settings: SettingsModel
    @State private var isOn = false
    @Environment(\.isEnabledForMarkedViews) private var isEnabled

    var body: Switch {
      let label = settings.username
      _ = label
      return Switch(isOn: $isOn)
    }
  }

  /// `@Binding`, and `@Perception.Bindable` where it exists.
  @WithPerceptionTracking
  struct MarkedFieldView: View {
    @Binding var text: String

    var body: some View {
      Field(text: $text)
    }
  }

  @available(iOS, introduced: 13, obsoleted: 17)
  @available(macOS, introduced: 10.15, obsoleted: 14)
  @available(tvOS, introduced: 13, obsoleted: 17)
  @available(watchOS, introduced: 6, obsoleted: 10)
  @available(visionOS, unavailable)
  @WithPerceptionTracking
  struct MarkedLegacyForm: View {
    @Perception.Bindable var settings: SettingsModel

    var body: some View {
      MarkedFieldView(text: $settings.username)
    }
  }

  /// `nonisolated` and `@MainActor` members, and a wrapper inside a marked body.
  @WithPerceptionTracking
  struct MarkedWrappingView: View {
    let model: CounterModel
    nonisolated static let prefix = "#"
    @MainActor var suffix: String { "!" }

    var body: some View {
      WithPerceptionTracking {
        Caption(text: Self.prefix + model.title + suffix)
      }
    }
  }

  /// An enumeration.
  @WithPerceptionTracking
  enum MarkedPlaceholder: View {
    case counter(CounterModel)

    var body: some View {
      switch self {
      case .counter(let model): Caption(text: model.title)
      }
    }
  }

  /// swift-perception #117's shape: a `@State` read behind a model's condition. The struct's
  /// tracking state adds no parameter to the memberwise initializer.
  @WithPerceptionTracking
  struct MarkedBannerView: View {
    let model: CounterModel
    var prefix = ""
    @State var isArmed = false

    var body: some View {
      if model.count > 0 && isArmed {
        Caption(text: prefix + "SHOW")
      } else {
        Caption(text: "hidden")
      }
    }
  }

  /// A synthesized `Equatable`, beside the tracking state.
  @WithPerceptionTracking
  struct MarkedEquatableView: View, Equatable {
    let title: String
    var count = 0

    var body: some View {
      Caption(text: "\(title) \(count)")
    }
  }

  @MainActor func makeMarkedViews(_ model: CounterModel) -> (MarkedBannerView, Bool) {
    let banner = MarkedBannerView(model: model, prefix: "> ")
    let equatable = MarkedEquatableView(title: "a") == MarkedEquatableView(title: "a", count: 0)
    return (banner, equatable)
  }

  /// A view modifier, several statements.
  @WithPerceptionTracking
  struct MarkedBadge: ViewModifier {
    let model: CounterModel

    func body(content: Content) -> some View {
      let count = model.count
      if count > 0 {
        Caption(text: "\(count)")
      } else {
        content
      }
    }
  }

  /// A parent that applies the modifier and makes marked children.
  @WithPerceptionTracking
  struct MarkedRoot: View {
    let model: CounterModel

    var body: some View {
      MarkedCounterView(model: model).modifier(MarkedBadge(model: model))
    }
  }

  private struct IsEnabledForMarkedViewsKey: EnvironmentKey {
    static let defaultValue = true
  }

  extension EnvironmentValues {
    var isEnabledForMarkedViews: Bool {
      get { self[IsEnabledForMarkedViewsKey.self] }
      set { self[IsEnabledForMarkedViewsKey.self] = newValue }
    }
  }
#endif
