import Foundation
import PerceptionCore
import Testing

@Suite(
  "Perception checking switches",
  .enabled(if: isDebugBuild, "checking is compiled out of release builds"))
struct CheckingSwitchTests {
  @Test func checkingIsOnByDefaultInDebugBuilds() async {
    await #expect(processExitsWith: .success) {
      unsetenv("PERCEPTION_CHECKING")
      guard isPerceptionCheckingEnabled else { exit(2) }
    }
  }

  @Test func theGlobalSwitchTurnsCheckingOffAndOn() async {
    // In a process of its own, because the switch is global.
    await #expect(processExitsWith: .success) {
      unsetenv("PERCEPTION_CHECKING")
      let gauge = Gauge()
      let log = ReportLog()
      PerceptionChecking.withReportHandler {
        log.append($0)
      } operation: {
        isPerceptionCheckingEnabled = false
        withPerceptionChecking { _ = gauge.read(line: 1) }
        withPerceptionChecking {
          isPerceptionCheckingEnabled = true
          // A context opened while checking was off stays unchecked.
          _ = gauge.read(line: 2)
        }
        withPerceptionChecking {
          _ = gauge.read(line: 3)
          isPerceptionCheckingEnabled = false
          _ = gauge.read(line: 4)
        }
      }
      guard log.all.compactMap(\.line) == [3] else { exit(3) }
    }
  }

  @Test func theEnvironmentVariableTurnsCheckingOff() async {
    await #expect(processExitsWith: .success) {
      setenv("PERCEPTION_CHECKING", "0", 1)
      guard !isPerceptionCheckingEnabled else { exit(2) }
      let gauge = Gauge()
      let log = ReportLog()
      PerceptionChecking.withReportHandler {
        log.append($0)
      } operation: {
        withPerceptionChecking { _ = gauge.read() }
      }
      guard log.all.isEmpty else { exit(3) }
    }
  }

  @Test func reportsGoToStandardErrorOncePerSite() async throws {
    let result = try await #require(
      processExitsWith: .success, observing: [\.standardErrorContent]
    ) {
      unsetenv("PERCEPTION_CHECKING")
      let gauge = Gauge()
      withPerceptionChecking {
        for _ in 0..<3 { _ = gauge.read(line: 1) }
        _ = gauge.read(line: 2)
      }
    }
    let lines = String(decoding: result.standardErrorContent, as: UTF8.self)
      .split(separator: "\n")
      .filter { $0.hasPrefix("Perception: Gauge.level was read") }
    #expect(lines.count == 2)
    #expect(lines.first?.contains(":1:") == true)
  }
}
