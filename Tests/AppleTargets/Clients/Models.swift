// Client corpus (Tests/AppleTargets/README.md): `@Perceptible` models as an app with an iOS 13 /
// macOS 10.15 deployment target declares them. Typechecked for the Apple targets only; in no
// SwiftPM target.
import Perception

/// A plain model, with an untracked property.
@Perceptible
final class CounterModel {
  var count = 0
  var title = "Counter"
  @PerceptionIgnored var log: [String] = []

  func increment() {
    count += 1
    log.append("increment")
  }
}

/// A generic model, with a constrained generic and an optional.
@Perceptible
final class ListModel<Element: Hashable & Sendable> {
  var items: [Element] = []
  var selection: Element?

  init(items: [Element] = []) {
    self.items = items
  }

  func select(_ element: Element) {
    if items.contains(element) { selection = element }
  }
}

/// A main-actor model, as SwiftUI apps write them.
@MainActor
@Perceptible
final class SettingsModel {
  var notificationsEnabled = false
  var volume = 0.5
  var username = ""
  @PerceptionIgnored var saveCount = 0

  func save() {
    saveCount += 1
  }
}

/// Models nested in another type.
enum Feature {
  @Perceptible
  final class State {
    var isLoading = false
    var rows: [Row] = []

    @Perceptible
    final class Row: Identifiable {
      let id: Int
      var text: String

      init(id: Int, text: String) {
        self.id = id
        self.text = text
      }
    }
  }
}

/// A model declared in an extension of another type.
struct Screen {}

extension Screen {
  @Perceptible
  final class Model {
    var path: [String] = []
    var isPresented = false
  }
}

/// A model with a property under `#if`, one available from iOS 17 / macOS 14 only, and an
/// ignored one with an observer.
@Perceptible
final class ConditionalModel {
  var name = ""
  #if DEBUG
    var debugOverlay = false
  #else
    var releaseOnly = 0
  #endif
  #if os(iOS)
    var hapticsEnabled = true
  #endif
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  var inspectorWidth: Double {
    get { _inspectorWidth }
    set { _inspectorWidth = newValue }
  }
  @PerceptionIgnored private var _inspectorWidth = 320.0
  @PerceptionIgnored var lastSaved: Int = 0 {
    didSet { print("saved", lastSaved) }
  }
}

/// A model with `@available` stored properties: available from the deployment target, and
/// deprecated. (A stored property available only from a later system is an error with
/// `@Observable` as with `@Perceptible`, "stored properties cannot be marked potentially
/// unavailable with '@available'": such a property is computed, as in `ConditionalModel`.)
@Perceptible
final class AvailabilityModel {
  var always = 0
  @available(iOS 13, macOS 10.15, tvOS 13, watchOS 6, *)
  var sinceDeploymentTarget = 0
  @available(*, deprecated, renamed: "always")
  var legacy = 0
}

/// A model whose class is available only from iOS 15.
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
@Perceptible
final class NewerModel {
  var value = 0
}

/// A model that is `Sendable` by hand, for the tracking closures below (which are `@Sendable`).
@Perceptible
final class SharedCounter: @unchecked Sendable {
  var count = 0
  var label = ""
}

/// A model that reads its properties through helpers of its own.
@Perceptible
final class HelperModel {
  var value = 0

  var doubled: Int { value * 2 }

  func reset() {
    withMutation(keyPath: \.value) {
      _value = 0
    }
  }
}

/// A protocol refining `Perceptible`, as libraries declare them.
protocol FeatureModel: Perceptible, AnyObject {
  var isLoading: Bool { get set }
}

extension Feature.State: FeatureModel {}

func reset(_ model: some FeatureModel) {
  model.isLoading = false
}

/// Uses the models: the generated members, key paths and conformances.
func useModels() {
  let counter = CounterModel()
  counter.increment()
  let list = ListModel(items: [1, 2, 3])
  list.select(2)
  let state = Feature.State()
  state.rows.append(Feature.State.Row(id: 1, text: "one"))
  reset(state)
  let screen = Screen.Model()
  screen.path.append("detail")
  let conditional = ConditionalModel()
  conditional.name = "n"
  #if DEBUG
    conditional.debugOverlay.toggle()
  #endif
  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
    conditional.inspectorWidth = 400
  }
  let availability = AvailabilityModel()
  availability.always += 1
  availability.sinceDeploymentTarget += 1
  if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) {
    NewerModel().value = 1
  }
  let helper = HelperModel()
  helper.reset()
  let keyPath: KeyPath<CounterModel, Int> = \.count
  _ = counter[keyPath: keyPath]
  let perceptibles: [any Perceptible] = [counter, list, state, screen, conditional, helper]
  _ = perceptibles.count
}

@MainActor
func useMainActorModel() {
  let settings = SettingsModel()
  settings.notificationsEnabled = true
  settings.save()
}

/// Synthesized `Codable`, on a class that is not final, as apps persist their models: the same
/// JSON as swift-perception's (its registrar encoded as `{}`). Swift warns that the registrar's
/// `let` will not be decoded, as it does for `@Observable`'s: the one warning in an expansion
/// that .ci/apple-targets.sh allows.
@Perceptible
class PersistedSettings: Codable {
  var name = "a"
  var count = 0
  @PerceptionIgnored var cache: [String] = []
}

/// Generic, and `Codable` through an extension (which a non-final class cannot do, with either
/// macro: its decoding initializer must be `required` in the class).
@Perceptible
final class PersistedBox<Value: Codable> {
  var value: Value

  init(value: Value) { self.value = value }
}

extension PersistedBox: Codable {}
