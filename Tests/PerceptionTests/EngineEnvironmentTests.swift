import Foundation
import Testing

/// `PERCEPTION_ENGINE` is configuration, not a misuse at a call site: a value the library cannot
/// take is reported once, on standard error in a plain executable, and the process runs to the
/// end on the default engine (Linux's: the native one). `native` where Observation is missing
/// cannot be run here: Linux has it.
@Suite("The engine's environment variable")
struct EngineEnvironmentTests {
  @Test(arguments: ["fast", " native", "NATIVE-ish"])
  func aValueThatNamesNoEngineIsReportedOnceAndIgnored(value: String) throws {
    let output = try ClientProbe.run("engine", engine: value)
    #expect(output.status == 0, "\(output.standardError)")
    #expect(output.standardOutput == "engine: native\n")
    let lines = output.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(output.standardError)")
    #expect(
      lines.first?.hasPrefix("Perception: PERCEPTION_ENGINE is '\(value)', which names no engine")
        == true, "\(output.standardError)")
  }

  @Test(arguments: ["perception", "native", "Perception", ""])
  func aValueThatNamesAnEngineIsTaken(value: String) throws {
    let output = try ClientProbe.run("engine", engine: value)
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty, "\(output.standardError)")
    let expected = value.lowercased() == "perception" ? "perception" : "native"
    #expect(output.standardOutput == "engine: \(expected)\n")
  }
}
