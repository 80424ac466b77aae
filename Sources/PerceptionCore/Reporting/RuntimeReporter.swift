/// The one place the library's run-time reports go through (perception checking's, and any
/// warning the library makes while running), unless a `PerceptionChecking.withReportHandler`
/// scope takes them. Each report goes, in order, to:
/// 1. the running test, as a failure, where the process links `PerceptionTestSupport`;
/// 2. else Swift Testing's fallback event handler, where one is installed, as an
///    "issue recorded" event;
/// 3. else, on Apple platforms, an Xcode runtime issue, and standard error, one line.
///
/// The change trace (`PerceptionTracing`) does not come here: a trace is output its user asked
/// for, not a warning, and is written to standard error as it is.
enum RuntimeReporter {
  /// Delivers `report`. Cold: it runs once per reported site.
  static func report(_ report: RuntimeReport) {
    if let recorder = TestSupport.recorder {
      // Where the support library is linked it decides; posting to the fallback handler as
      // well could record the report twice.
      if recorder.recordIssue(report) { return }
    } else if FallbackEventHandler.post(report) {
      return
    }
    RuntimeIssue.post(report.message, category: report.category)
    // One write of the whole line, so that lines from two threads do not interleave.
    Platform.writeToStandardError(report.message + "\n")
  }
}
