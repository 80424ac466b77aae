/// How `PerceptionTestSupport` records a report as a failure of the running test. It is found
/// at run time (`perception_test_interop.h`), so that this module never links a testing library.
package protocol TestIssueRecording: AnyObject, Sendable {
  /// The test a report made now on this task or thread would fail (a unique name), or nil.
  func currentTest() -> String?

  /// Records `report` as an issue of the running test; returns whether a test took it.
  func recordIssue(_ report: RuntimeReport) -> Bool
}

/// The process's `PerceptionTestSupport`, if it links one.
enum TestSupport {
  static let recorder: (any TestIssueRecording)? =
    TestInterop.testSupportObject() as? any TestIssueRecording
}
