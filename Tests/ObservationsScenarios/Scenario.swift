/// The behaviours Apple's Observations tests check (swiftlang/swift,
/// test/stdlib/Observation/Observations.swift), each written here as a scenario that runs
/// against either sequence kind on the main actor, as Apple's harness runs them.
///
/// A scenario records what each iterator produced and which of the test's expectations did
/// not hold; it asserts nothing itself, so that the same scenario serves a Swift Testing test
/// in process and the StdlibUnittest-shaped harness in a child process.
public enum Scenario: String, CaseIterable, Sendable {
  case basicEmission = "basic-emission"
  case severalProperties = "several-properties"
  case errorInEmit = "error-in-emit"
  case concurrentObservers = "concurrent-observers"
  case taskCancellation = "task-cancellation"
  case rapidChanges = "rapid-changes"
  case emptySequence = "empty-sequence"

  /// Whether native's elements vary from run to run, so that only the test's expectations,
  /// not the elements, can be compared. Several iterators woken by one change are resumed in
  /// an order the concurrency runtime does not fix (on Linux, a continuation resumed first on
  /// the main actor can run after tasks enqueued later), and which of them sees a repeated
  /// value follows from that order.
  public var elementsDependOnScheduling: Bool { self == .concurrentObservers }

  /// Runs the scenario against `kind`'s sequence.
  @MainActor
  public func run<Kind: SequenceKind>(_ kind: Kind.Type) async -> ScenarioOutcome {
    switch self {
    case .basicEmission: await Self.basicEmission(kind)
    case .severalProperties: await Self.severalProperties(kind)
    case .errorInEmit: await Self.errorInEmit(kind)
    case .concurrentObservers: await Self.concurrentObservers(kind)
    case .taskCancellation: await Self.taskCancellation(kind)
    case .rapidChanges: await Self.rapidChanges(kind)
    case .emptySequence: await Self.emptySequence(kind)
    }
  }
}

/// What one run of a scenario produced.
public struct ScenarioOutcome: Equatable, Sendable, CustomStringConvertible {
  /// What each iterator produced, in order: an element, `nil` for the end, or `throw <error>`.
  public var elements: [[String]]
  /// The expectations of Apple's test that did not hold.
  public var failures: [String]

  /// Whether every expectation held.
  public var passed: Bool { failures.isEmpty }

  public var description: String {
    let iterators = elements.map { "[" + $0.joined(separator: ", ") + "]" }
    return iterators.joined(separator: " ")
  }

  init(elements: [[String]] = [], failures: [String] = []) {
    self.elements = elements
    self.failures = failures
  }

  mutating func expect(_ condition: Bool, _ expectation: String) {
    if !condition { failures.append(expectation) }
  }
}

/// How a scenario writes down what `next()` returned.
func record<Element>(_ element: Element?) -> String {
  element.map { "\($0)" } ?? "nil"
}

extension ScenarioOutcome {
  /// Reads back what the harness printed for an outcome: `elements: [a, b] [c]`, then
  /// `passed` or `failed: x; y`.
  public init?(harnessOutput: String) {
    let lines = harnessOutput.split(separator: "\n").map(String.init)
    guard let elementsLine = lines.first(where: { $0.hasPrefix("elements: ") }),
      let resultLine = lines.last(where: { $0 == "passed" || $0.hasPrefix("failed: ") })
    else { return nil }
    let iterators = elementsLine.dropFirst("elements: ".count)
      .split(separator: "]").map { $0.drop { $0 == " " || $0 == "[" } }
    self.init(
      elements: iterators.map { iterator in
        iterator.isEmpty ? [] : iterator.split(separator: ", ").map(String.init)
      },
      failures: resultLine == "passed"
        ? [] : resultLine.dropFirst("failed: ".count).split(separator: "; ").map(String.init))
  }
}
