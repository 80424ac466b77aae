import Foundation
import Testing

/// `PERCEPTION_TRACE=1` writes one line per fired callback on standard error, in a plain
/// executable on both engines; without it, nothing is written.
@Suite("Trace output")
struct TraceOutputTests {
  @Test(arguments: ClientProbe.engines)
  func oneLinePerCallbackWithTracingOn(engine: String) throws {
    #if DEBUG
      let output = try ClientProbe.run(
        "trace", engine: engine, environment: ["PERCEPTION_TRACE": "1"])
      #expect(output.status == 0)
      let lines = output.standardError.split(separator: "\n")
      #expect(lines.count == 1, "\(output.standardError)")
      #expect(
        lines.first?.hasPrefix(
          "Perception trace: Counter.count willSet on main thread -> withPerceptionTracking(_:onChange:)"
        ) == true, "\(output.standardError)")
    #endif
  }

  @Test(arguments: ClientProbe.engines)
  func nothingWithTracingOff(engine: String) throws {
    let output = try ClientProbe.run("trace", engine: engine)
    #expect(output.status == 0)
    #expect(output.standardError.isEmpty, "\(output.standardError)")
  }
}
