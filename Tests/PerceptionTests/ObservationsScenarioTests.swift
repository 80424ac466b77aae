import Foundation
import ObservationsScenarios
import Testing

/// The behaviours Apple's Observations tests check, each run against `Observations` and
/// `Perceptions`: in process on the main actor, repeated, and in the StdlibUnittest-shaped
/// harness (`ObservationsHarness`), one child process per run, so that a hang fails one test.
///
/// Wherever `Observations` passes, `Perceptions` must pass, and where native's elements do not
/// depend on scheduling, give the same elements. `.ci/observations-harness.sh` repeats the
/// harness runs on both engines.
@Suite("Apple's Observations scenarios", .timeLimit(.minutes(1)))
struct ObservationsScenarioTests {
  /// How many times each scenario runs in process: scheduling differences show up one run in
  /// many.
  static let repetitions = 20

  @MainActor
  @Test(arguments: Scenario.allCases)
  func inProcess(_ scenario: Scenario) async {
    for _ in 0..<Self.repetitions {
      let native = await Self.run(scenario, ObservationsKind.self)
      let perception = await Self.run(scenario, PerceptionsKind.self)
      #expect(native != nil, "Observations hung in \(scenario.rawValue)")
      #expect(perception != nil, "Perceptions hung in \(scenario.rawValue)")
      guard let native, let perception else { return }
      Self.compare(scenario, native: native, perception: perception)
    }
  }

  @Test(arguments: Scenario.allCases)
  func inTheHarness(_ scenario: Scenario) async throws {
    let native = try await HarnessRun(scenario, "Observations")
    let perception = try await HarnessRun(scenario, "Perceptions")
    #expect(native.finished, "Observations hung in \(scenario.rawValue)")
    #expect(perception.finished, "Perceptions hung in \(scenario.rawValue)")
    guard let native = native.outcome, let perception = perception.outcome else { return }
    Self.compare(scenario, native: native, perception: perception)
  }

  /// Runs `scenario`, or gives up after `timeLimit`: a scenario that hangs waits in tasks
  /// nobody can cancel (the scenario's own), which would hold up the whole test run.
  @MainActor
  static func run<Kind: SequenceKind>(
    _ scenario: Scenario, _ kind: Kind.Type, timeLimit: Duration = .seconds(10)
  ) async -> ScenarioOutcome? {
    await firstResult(within: timeLimit) { first in
      Task { @MainActor in first.resume(with: await scenario.run(kind)) }
    }
  }

  static func compare(_ scenario: Scenario, native: ScenarioOutcome, perception: ScenarioOutcome) {
    #expect(native.passed, "Observations: \(native.failures) in \(scenario.rawValue)")
    guard native.passed else { return }
    #expect(perception.passed, "Perceptions: \(perception.failures) in \(scenario.rawValue)")
    if !scenario.elementsDependOnScheduling {
      #expect(perception.elements == native.elements, "in \(scenario.rawValue)")
    }
  }
}

/// One run of the harness executable, built beside the test binary, with a time limit.
///
/// It waits without holding a thread: the in-process scenarios share the concurrency pool, as
/// many threads as cores, and a wait that held pool threads would keep their tasks from running
/// until their own time limit passed.
struct HarnessRun {
  /// Whether the scenario printed its outcome before the time limit.
  var finished: Bool { outcome != nil }
  /// What the harness printed, if it finished.
  var outcome: ScenarioOutcome?

  init(_ scenario: Scenario, _ kind: String, timeLimit: Duration = .seconds(10)) async throws {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let harness = directory.appendingPathComponent("ObservationsHarness")
    try #require(
      FileManager.default.isExecutableFile(atPath: harness.path),
      "build the harness first: swift build --build-tests")
    let process = Process()
    process.executableURL = harness
    process.arguments = [scenario.rawValue, kind]
    let output = Pipe()
    process.standardOutput = output
    // true: the child exited; false: it did not start; nil: the time limit passed first.
    let exited = await firstResult(within: timeLimit) { first in
      process.terminationHandler = { _ in first.resume(with: true) }
      do {
        try process.run()
      } catch {
        first.resume(with: false)
      }
    }
    guard let exited else {
      process.terminate()
      return
    }
    try #require(exited, "could not start \(harness.path)")
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    outcome = ScenarioOutcome(harnessOutput: text)
  }
}

/// The result `start` hands to the `FirstResult` it is given, or nil if `timeLimit` passes
/// first. Neither waits on a thread: the time limit is a sleeping task.
func firstResult<Value: Sendable>(
  within timeLimit: Duration, isolation: isolated (any Actor)? = #isolation,
  _ start: (FirstResult<Value?>) -> Void
) async -> Value? {
  let first = FirstResult<Value?>()
  return await withCheckedContinuation(isolation: isolation) { continuation in
    first.continuation = continuation
    start(first)
    Task {
      try? await Task.sleep(for: timeLimit)
      first.resume(with: nil)
    }
  }
}

/// Resumes a continuation with whichever result comes first.
final class FirstResult<Value: Sendable>: @unchecked Sendable {
  // Sendable because `continuation` is guarded by `lock`.
  private let lock = NSLock()
  var continuation: CheckedContinuation<Value, Never>?

  func resume(with value: Value) {
    let continuation = lock.withLock {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: value)
  }
}
