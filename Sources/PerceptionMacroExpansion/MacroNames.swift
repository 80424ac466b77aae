/// The names the expansions use. They are `@Observable`'s, mapped to Perception's.
enum MacroNames {
  static let perceptible = "Perceptible"
  static let tracked = "PerceptionTracked"
  static let ignored = "PerceptionIgnored"
  static let registrar = "_$perceptionRegistrar"
  /// The label of `@PerceptionTracked(callingHelpers: true)`: accessors that call the class's
  /// own `access(keyPath:)` and `withMutation(keyPath:_:)`.
  static let callingHelpers = "callingHelpers"
  static let registrarType = "PerceptionCore.PerceptionRegistrar"
  static let conformance = "PerceptionCore.Perceptible"
  /// Observation's protocol, which perceptible classes also conform to, so that
  /// `withObservationTracking`, `Observations` and SwiftUI accept them.
  static let observable = "Observable"
  static let observableConformance = "Observation.Observable"
  static let observableAvailability = "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)"

  /// The macro implementations, by the `type` of their `#externalMacro` declarations.
  static let perceptibleType = "PerceptibleMacro"
  static let trackedType = "PerceptionTrackedMacro"
  static let ignoredType = "PerceptionIgnoredMacro"
}
