// Client corpus: SwiftUI views of an app with an iOS 13 / macOS 10.15 deployment target:
// `WithPerceptionTracking`, `@Perception.Bindable` (the systems before SwiftUI's `Bindable`),
// `@Environment(Model.self)` and `.environment(model)`, and SwiftUI's own `Bindable` and
// `Observable` environment from iOS 17. Only what the SwiftUI stand-in declares is used (no
// `Text` or `Toggle`: the leaf views are the app's own), no `if` in a view builder, and one view
// per builder closure: the stand-in's only builder of several views is the parameter-pack
// `buildBlock`, iOS 17 as in SwiftUI, and it lacks SwiftUI's iOS 13 `buildBlock(_:_:)` ...
// overloads (TupleView of 2 to 10 views).
#if canImport(SwiftUI)
  import Perception
  import SwiftUI

  /// A leaf view of the app's own.
  struct Caption: View {
    let text: String

    var body: some View {
      EmptyView()
    }
  }

  /// A leaf view that takes a binding, as `Toggle` and `TextField` do.
  struct Switch: View {
    @Binding var isOn: Bool

    var body: some View {
      Caption(text: isOn ? "on" : "off")
    }
  }

  /// A leaf view that takes a text binding, as `TextField` does.
  struct Field: View {
    @Binding var text: String

    var body: some View {
      Caption(text: text)
    }
  }

  /// Reads a model in `WithPerceptionTracking`.
  struct CounterView: View {
    let model: CounterModel

    var body: some View {
      WithPerceptionTracking {
        Caption(text: "\(model.title): \(model.count)")
      }
    }
  }

  /// Several views in one tracking, and a nested tracking for content that runs later.
  struct ListView: View {
    let model: ListModel<Int>

    var body: some View {
      WithPerceptionTracking {
        WithPerceptionTracking {
          Caption(text: "\(model.items.count) items, selected \(model.selection ?? -1)")
        }
      }
    }
  }

  /// `@Perception.Bindable`, for the systems before SwiftUI's own: obsoleted with it (iOS 17,
  /// macOS 14, tvOS 17, watchOS 10), so that a view written with it compiles on those
  /// systems' deployment targets too, as an app's or library's code supporting both must.
  @available(iOS, introduced: 13, obsoleted: 17)
  @available(macOS, introduced: 10.15, obsoleted: 14)
  @available(tvOS, introduced: 13, obsoleted: 17)
  @available(watchOS, introduced: 6, obsoleted: 10)
  @available(visionOS, unavailable)
  struct LegacySettingsForm: View {
    @Perception.Bindable var settings: SettingsModel

    var body: some View {
      WithPerceptionTracking {
        Switch(isOn: $settings.notificationsEnabled)
      }
    }
  }

  /// `@Perception.Bindable` made from a model in an initializer.
  @available(iOS, introduced: 13, obsoleted: 17)
  @available(macOS, introduced: 10.15, obsoleted: 14)
  @available(tvOS, introduced: 13, obsoleted: 17)
  @available(watchOS, introduced: 6, obsoleted: 10)
  @available(visionOS, unavailable)
  struct LegacyRowEditor: View {
    @Perception.Bindable var row: Feature.State.Row
    let title: String

    init(row: Feature.State.Row, title: String) {
      self.row = row
      self.title = title
    }

    var body: some View {
      WithPerceptionTracking {
        Field(text: $row.text)
      }
    }
  }

  /// SwiftUI's own `Bindable` where it exists, spelled with its module as it must be next to
  /// Perception's.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct ModernSettingsForm: View {
    @SwiftUI.Bindable var settings: SettingsModel

    var body: some View {
      Switch(isOn: $settings.notificationsEnabled)
    }
  }

  /// Reads a perceptible model from the environment.
  struct SettingsSummary: View {
    @Environment(SettingsModel.self) var settings
    @Environment(Screen.Model.self) var screen: Screen.Model?

    var body: some View {
      WithPerceptionTracking {
        Caption(text: settings.username + (screen.map { " \($0.path.count)" } ?? ""))
      }
    }
  }

  /// Places perceptible models in the environment.
  struct RootView: View {
    @State var settings = SettingsModel()
    let screen = Screen.Model()

    var body: some View {
      SettingsSummary()
        .environment(settings)
        .environment(screen)
    }
  }

  /// The `Observable` overloads of SwiftUI's `Environment` and `environment(_:)`, where they
  /// exist, with the same perceptible model.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct ModernRootView: View {
    @State var settings = SettingsModel()

    var body: some View {
      ModernSummary()
        .environment(settings)
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct ModernSummary: View {
    @Environment(SettingsModel.self) var settings

    var body: some View {
      Caption(text: settings.username)
    }
  }

  /// A view over the hand-written store.
  struct StoreView: View {
    let store: StoreLike<CounterState, CounterAction>

    var body: some View {
      WithPerceptionTracking {
        Caption(text: "\(store.count)")
      }
    }
  }
#endif
