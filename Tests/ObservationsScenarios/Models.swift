import Observation
import Perception

/// What every scenario reads and writes: a value and a name, as in Apple's Observations tests.
@MainActor
public protocol ScenarioModel: AnyObject, Sendable {
  init()
  var value: Int { get set }
  var name: String { get set }
}

/// The reference model: a native `@Observable` class.
@MainActor @Observable
public final class ObservableScenarioModel: ScenarioModel {
  public var value = 0
  public var name = "test"
  public init() {}
}

/// The same model made `@Perceptible`.
@MainActor @Perceptible
public final class PerceptibleScenarioModel: ScenarioModel {
  public var value = 0
  public var name = "test"
  public init() {}
}

/// A switch the "error in emit" scenario flips to make its closure throw. Main-actor isolated,
/// like the closures that read it.
@MainActor
public final class ThrowSwitch {
  public var isOn = false
  public init() {}
}

/// The error the "error in emit" scenario's closure throws.
public enum ScenarioError: Error, Equatable {
  case simulated
}
