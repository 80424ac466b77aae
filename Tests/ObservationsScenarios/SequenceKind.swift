import Observation
import Perception

/// The sequence under test, `Observations` or `Perceptions`, with its model type: the closures
/// each scenario iterates, written on the main actor as Apple's tests write them.
@MainActor
public protocol SequenceKind {
  /// The model the closures read.
  associatedtype Model: ScenarioModel
  /// A sequence of `Int` elements.
  associatedtype Values: AsyncSequence<Int, Never> & Sendable
  where Values.AsyncIterator: ScenarioIterator<Int, Never>
  /// A sequence of `String` elements.
  associatedtype Labels: AsyncSequence<String, Never> & Sendable
  where Labels.AsyncIterator: ScenarioIterator<String, Never>
  /// A sequence whose closure can throw.
  associatedtype ThrowingValues: AsyncSequence<Int, ScenarioError> & Sendable
  where ThrowingValues.AsyncIterator: ScenarioIterator<Int, ScenarioError>

  /// The sequence's name, as a scenario's report prints it.
  static var name: String { get }
  /// The model's `value`.
  static func values(of model: Model) -> Values
  /// `"name:value"`.
  static func labels(of model: Model) -> Labels
  /// The model's `value`, or a thrown error once `isOn` is set.
  static func values(of model: Model, throwingWhen throwSwitch: ThrowSwitch) -> ThrowingValues
  /// An `untilFinished` sequence whose closure finishes at once.
  static func finishedAtOnce() -> Values
}

/// Native Observation's `Observations`: the reference.
public enum ObservationsKind: SequenceKind {
  public static var name: String { "Observations" }

  public static func values(of model: ObservableScenarioModel) -> Observations<Int, Never> {
    Observations { model.value }
  }

  public static func labels(of model: ObservableScenarioModel) -> Observations<String, Never> {
    Observations { "\(model.name):\(model.value)" }
  }

  public static func values(
    of model: ObservableScenarioModel, throwingWhen throwSwitch: ThrowSwitch
  ) -> Observations<Int, ScenarioError> {
    Observations { () throws(ScenarioError) -> Int in
      if throwSwitch.isOn { throw .simulated }
      return model.value
    }
  }

  public static func finishedAtOnce() -> Observations<Int, Never> {
    .untilFinished { .finish }
  }
}

/// Perception's `Perceptions`, which must give what `Observations` gives.
public enum PerceptionsKind: SequenceKind {
  public static var name: String { "Perceptions" }

  public static func values(of model: PerceptibleScenarioModel) -> Perceptions<Int, Never> {
    Perceptions { model.value }
  }

  public static func labels(of model: PerceptibleScenarioModel) -> Perceptions<String, Never> {
    Perceptions { "\(model.name):\(model.value)" }
  }

  public static func values(
    of model: PerceptibleScenarioModel, throwingWhen throwSwitch: ThrowSwitch
  ) -> Perceptions<Int, ScenarioError> {
    Perceptions { () throws(ScenarioError) -> Int in
      if throwSwitch.isOn { throw .simulated }
      return model.value
    }
  }

  public static func finishedAtOnce() -> Perceptions<Int, Never> {
    .untilFinished { .finish }
  }
}
