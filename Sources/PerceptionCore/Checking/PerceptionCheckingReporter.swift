/// Where perception checking's reports go, and the hook tests use to collect them.
public enum PerceptionChecking {
  /// Runs `operation` with `handler` receiving the reports of the reads it makes, instead of
  /// their default destinations (see <doc:CheckingReads>).
  ///
  /// The handler is task-local: it covers `operation`'s work on this thread and the tasks it
  /// creates. It sees each type, property and call site once, even if the process reported it
  /// before, and is called at the moment of the read, on the thread that made it.
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
  /// Called by a read that found the slot non-zero and no access list in it.
  @usableFromInline @inline(never)
  static func readOutsideTracking(
    slot: UInt, keyPath: AnyKeyPath, checksReads: @autoclosure () -> Bool, site: CallSite?
  ) {
    let inCheckedContext =
      slot & CheckingSlot.checked != 0
      // Only the async context's executor flag: the job may have outlived its context.
      || (slot & CheckingSlot.checkedTask != 0 && CheckedTaskContext.isActive)
    guard inCheckedContext || slot & CheckingSlot.viewBodies != 0 else { return }
    // Cheapest first.
    guard CheckingSwitch.shared.isEnabled,
      checksReads(),
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

/// One reported site: the key path (type and property), the call site, and the view body.
struct SiteKey: Hashable, @unchecked Sendable {
  // Sendable: key paths are immutable.
  let keyPath: AnyKeyPath
  let file: UInt
  let line: UInt
  let column: UInt
  let viewBody: String?
  /// For the runtime reporter's sink: a site is reported once per test in a test process.
  var test: String?
}

/// A destination for reports, with the sites it has already reported.
final class ReportSink: @unchecked Sendable {
  // Sendable: `seen` is only touched under `lock`.
  /// Nil outside `PerceptionChecking.withReportHandler`: the runtime reporter's sink.
  @TaskLocal static var current: ReportSink?

  static let runtimeReporter = ReportSink(handler: nil)

  private let handler: (@Sendable (PerceptionCheckingReport) -> Void)?
  private let lock = Lock()
  private var seen: Set<SiteKey> = []

  init(handler: (@Sendable (PerceptionCheckingReport) -> Void)?) {
    self.handler = handler
  }

  func isFirstReport(of key: SiteKey) -> Bool {
    var key = key
    if handler == nil { key.test = TestSupport.recorder?.currentTest() }
    return lock.withLock { seen.insert(key).inserted }
  }

  func deliver(_ report: PerceptionCheckingReport, _ site: CallSite?) {
    // Delivery runs inside the read, in the checked context: what a handler or a test library
    // reads (an issue may describe a model) is not reported.
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
