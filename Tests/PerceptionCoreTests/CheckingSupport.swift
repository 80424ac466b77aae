import Foundation

@testable import PerceptionCore

/// A perceptible object whose one property is stored, so that its key path names it on every
/// platform (a computed property's key path does not, on Linux), and whose reads can pass
/// their call site, as the deprecated `access(_:keyPath:fileID:filePath:line:column:)` does.
final class Gauge: Perceptible, @unchecked Sendable {
  let registrar: PerceptionRegistrar
  var level = 0

  init(isPerceptionCheckingEnabled: Bool = true) {
    registrar = PerceptionRegistrar(isPerceptionCheckingEnabled: isPerceptionCheckingEnabled)
  }

  /// Reads `level` through the registrar, without a call site.
  var trackedLevel: Int {
    registrar.access(self, keyPath: \.level)
    return level
  }

  /// Reads `level` through the registrar, naming the caller's line as the call site.
  func read(fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> Int {
    registrar.access(
      self, keyPath: \.level, fileID: fileID, filePath: #filePath, line: line, column: column)
    return level
  }

  /// Changes `level`, announcing it to its observers.
  func set(_ value: Int) {
    registrar.withMutation(of: self, keyPath: \.level) { level = value }
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Gauge: Observable {}

/// A thread-safe list of the reports a handler received.
final class ReportLog: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [PerceptionCheckingReport] = []

  func append(_ report: PerceptionCheckingReport) {
    lock.withLock { reports.append(report) }
  }

  var all: [PerceptionCheckingReport] { lock.withLock { reports } }
  var properties: [String] { all.map(\.property) }
}

/// Runs `body` with perception checking's reports collected, and returns them.
func checkingReports(_ body: () -> Void) -> [PerceptionCheckingReport] {
  let log = ReportLog()
  PerceptionChecking.withReportHandler({ log.append($0) }, operation: body)
  return log.all
}

/// Whether this test binary is a debug build: perception checking is compiled out of release
/// builds, so its suites run in debug builds only (CI runs the tests in both).
let isDebugBuild: Bool = {
  #if DEBUG
    return true
  #else
    return false
  #endif
}()
