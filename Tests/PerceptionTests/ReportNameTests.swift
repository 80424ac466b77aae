import Foundation
import Testing

/// Perception checking's reports name the property in an executable whose symbols cannot be
/// found at run time, where a key path to a computed property describes itself by address.
@Suite("Report names in a plain executable")
struct ReportNameTests {
  @Test(arguments: ClientProbe.engines)
  func reportNamesTheProperty(engine: String) throws {
    #if DEBUG
      let output = try ClientProbe.run("report", engine: engine)
      #expect(output.status == 0)
      // The premise: here the key path cannot name the property itself.
      #expect(output.standardOutput.contains("key path: \\Counter.<computed 0x"))
      let lines = output.standardError.split(separator: "\n")
      #expect(lines.count == 1, "\(output.standardError)")
      #expect(
        lines.first?.hasPrefix("Perception: Counter.count was read in a checked context") == true,
        "\(output.standardError)")
    #endif
  }
}
