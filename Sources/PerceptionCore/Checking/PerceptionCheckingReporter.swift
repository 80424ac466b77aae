/// Where perception checking's reports go, and the hook tests use to collect them.
public enum PerceptionChecking {
  /// Runs `operation` with `handler` receiving the reports of the reads it makes, instead of
  /// the destinations a report goes to by default (the running test where the process links
  /// `PerceptionTestSupport`, Swift Testing's fallback event handler, an Xcode runtime issue,
  /// standard error; see <doc:CheckingReads>).
  ///
  /// The handler follows the task-local rules: it covers the synchronous work of `operation`
  /// on this thread and the tasks it creates, not other threads. Reports are deduplicated per
  /// type, property and call site within the scope, so a scope sees each site once even if
  /// the process reported it before. The handler may be called from any thread the scope's
  /// work runs on, at the moment of the read.
  ///
  /// A test target that depends on `PerceptionTestSupport` needs no handler: each report fails
  /// the running test. Without it, a test turns reports into failures by recording an issue in
  /// its handler. With Swift Testing:
  ///
  /// ```swift
  /// @Test func bodyIsTracked() {
  ///   PerceptionChecking.withReportHandler { report in
  ///     Issue.record("\(report)")
  ///   } operation: {
  ///     withPerceptionChecking { render(model) }
  ///   }
  /// }
  /// ```
  ///
  /// With XCTest, call `XCTFail("\(report)")` instead.
  public static func withReportHandler<R>(
    _ handler: @escaping @Sendable (PerceptionCheckingReport) -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    try ReportSink.$current.withValue(ReportSink(handler: handler), operation: operation)
  }

  /// Runs the asynchronous `operation` with `handler` receiving the reports of the reads it
  /// makes; see the synchronous ``withReportHandler(_:operation:)``.
  public static func withReportHandler<R>(
    _ handler: @escaping @Sendable (PerceptionCheckingReport) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await ReportSink.$current.withValue(
      ReportSink(handler: handler), operation: operation, isolation: isolation)
  }
}

/// Decides whether a read that found flags in the slot is reported, and reports it.
@usableFromInline
enum CheckingReporter {
  /// Called by a read that found the slot non-zero and no access list in it. Cold: a read
  /// that reports the same site again still costs a few task-local lookups, a lock and a set
  /// probe, and that is the point at which perception checking stops being free. On a watched
  /// thread (`ViewBodyChecking`) a read outside checked contexts also captures the stack and
  /// probes the detector's cache.
  @usableFromInline @inline(never)
  static func readOutsideTracking(
    slot: UInt, keyPath: AnyKeyPath, storage: some CheckableStorage, site: CallSite?
  ) {
    let inCheckedContext =
      slot & CheckingSlot.checked != 0
      // Only the async context's executor flag: the job may have outlived its context.
      || (slot & CheckingSlot.checkedTask != 0 && CheckedTaskContext.isActive)
    guard inCheckedContext || slot & CheckingSlot.viewBodies != 0 else { return }
    // Cheapest first: an atomic load, a type test, then task-local lookups.
    guard CheckingSwitch.shared.isEnabled,
      storage.isPerceptionCheckingEnabled,
      !_PerceptionLocals.skipPerceptionChecking,
      !_PerceptionLocals.$isInPerceptionTracking.get()
    else { return }
    var viewBody: String?
    if !inCheckedContext {
      // A watched thread: the stack decides, once per distinct stack.
      let rootType = type(of: keyPath).rootType
      guard case .inside(let name) = ViewBodyChecking.verdict(readType: rootType) else { return }
      viewBody = name
    }
    let sink = ReportSink.current ?? ReportSink.runtimeReporter
    let key = SiteKey(
      keyPath: keyPath, file: site?.fileKey ?? 0, line: site?.line ?? 0,
      column: site?.column ?? 0, viewBody: viewBody)
    guard sink.isFirstReport(of: key) else { return }
    sink.deliver(PerceptionCheckingReport(keyPath: keyPath, site: site, viewBody: viewBody), site)
  }
}

/// One reported site: the key path (which names type and property), the call site, and the
/// view body found on the stack.
struct SiteKey: Hashable, @unchecked Sendable {
  // Sendable: key paths are immutable.
  let keyPath: AnyKeyPath
  let file: UInt
  let line: UInt
  let column: UInt
  let viewBody: String?
  /// The test the report fails, for the runtime reporter's sink: once per test in a test process.
  var test: String?
}

/// A destination for reports, with the sites it has already reported.
final class ReportSink: @unchecked Sendable {
  // Sendable: `seen` is only touched under `lock`.
  /// The scope's sink, from `PerceptionChecking.withReportHandler`; nil means the runtime
  /// reporter's.
  @TaskLocal static var current: ReportSink?

  /// Hands each report to `RuntimeReporter`.
  static let runtimeReporter = ReportSink(handler: nil)

  private let handler: (@Sendable (PerceptionCheckingReport) -> Void)?
  private let lock = Lock()
  private var seen: Set<SiteKey> = []

  init(handler: (@Sendable (PerceptionCheckingReport) -> Void)?) {
    self.handler = handler
  }

  /// True the first time `key` is seen by this sink.
  func isFirstReport(of key: SiteKey) -> Bool {
    var key = key
    if handler == nil { key.test = TestSupport.recorder?.currentTest() }
    return lock.withLock { seen.insert(key).inserted }
  }

  func deliver(_ report: PerceptionCheckingReport, _ site: CallSite?) {
    // Delivery runs inside the read, still in the checked context: what a handler or a test
    // library reads (a test recording an issue may describe a model) is not reported.
    _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
      if let handler {
        handler(report)
      } else {
        let location = site.map {
          RuntimeReport.Location(fileID: $0.fileID, line: $0.line, column: $0.column)
        }
        RuntimeReporter.report(RuntimeReport(message: "\(report)", location: location))
      }
    }
  }
}
