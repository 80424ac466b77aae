/// What `PerceptionTestSupport` does for the reporter: records a report as a failure of the
/// running test, Swift Testing's or XCTest's. The library is found at run time, through its
/// C entry point (`perception_test_interop.h`), so that this module never links a testing
/// library.
package protocol TestIssueRecording: AnyObject, Sendable {
  /// The test that a report made now, on this task or thread, would fail, by a name unique in
  /// the process; nil when none is known. Reports are deduplicated per test with it.
  func currentTest() -> String?

  /// Records `report` as an issue of the test running on this task or thread, and returns
  /// whether a test took it.
  func recordIssue(_ report: RuntimeReport) -> Bool
}

/// The process's `PerceptionTestSupport`, if it links one.
enum TestSupport {
  /// Looked up once per process, on the first report.
  static let recorder: (any TestIssueRecording)? =
    TestInterop.testSupportObject() as? any TestIssueRecording
}
