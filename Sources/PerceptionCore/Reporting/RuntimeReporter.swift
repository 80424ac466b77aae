/// Where run-time reports go, unless a `PerceptionChecking.withReportHandler` scope takes them:
/// the running test, where the process links `PerceptionTestSupport`; else Swift Testing's
/// fallback event handler, if installed; else an Xcode runtime issue and standard error. The
/// change trace does not come here: it is output its user asked for, not a warning.
enum RuntimeReporter {
  static func report(_ report: RuntimeReport) {
    if let recorder = TestSupport.recorder {
      // The support library decides: posting to the fallback handler too could record twice.
      if recorder.recordIssue(report) { return }
    } else if FallbackEventHandler.post(report) {
      return
    }
    RuntimeIssue.post(report.message, category: report.category)
    Platform.writeToStandardError(report.message + "\n")
  }
}

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
