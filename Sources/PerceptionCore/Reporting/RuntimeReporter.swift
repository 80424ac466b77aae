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
