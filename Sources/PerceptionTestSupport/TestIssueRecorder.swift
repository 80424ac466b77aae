internal import PerceptionCore

#if canImport(Testing)
  import Testing
#endif

/// Records a report in the running test: Swift Testing's test on this task, else the XCTest
/// case running in the process.
final class TestIssueRecorder: TestIssueRecording {
  static let shared = TestIssueRecorder()

  func currentTest() -> String? {
    #if canImport(Testing)
      if let test = Test.current { return "Swift Testing: \(test.id)" }
    #endif
    #if canImport(XCTest)
      return XCTestWitness.shared.currentTestName.map { "XCTest: \($0)" }
    #else
      return nil
    #endif
  }

  func recordIssue(_ report: RuntimeReport) -> Bool {
    #if canImport(Testing)
      if let test = Test.current {
        // Without a location, the issue is the test's own.
        let location =
          report.location.map {
            // Only `#fileID` is known; it stands for the path too.
            SourceLocation(
              fileID: "\($0.fileID)", filePath: "\($0.fileID)", line: Int($0.line),
              column: Int($0.column))
          } ?? test.sourceLocation
        Issue.record(Comment(rawValue: report.message), sourceLocation: location)
        return true
      }
    #endif
    #if canImport(XCTest)
      return XCTestWitness.shared.recordFailure(report)
    #else
      return false
    #endif
  }
}
