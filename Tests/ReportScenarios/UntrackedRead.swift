import Perception
import XCTest

/// A hand-written perceptible model whose reads pass their call site, as swift-sharing's box
/// does, so that a report names the line of the read.
public final class Meter: Perceptible, @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private var level = 0

  public init() {}

  /// Reads `level`, with the caller's line as the read's call site.
  public func read(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Int {
    registrar.access(
      self, keyPath: \.level, fileID: fileID, filePath: filePath, line: line,
      column: column)
    return level
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Meter: Observable {}

/// One read of a model in a checked context, outside any tracking scope: a report. It prints
/// the read's location first, for the test that runs it to look for.
public func readOutsideTracking() {
  let meter = Meter()
  withPerceptionChecking {
    print("read at \(#fileID):\(#line + 1)")
    _ = meter.read()
  }
}

/// An XCTest case that makes that report: it fails where the process links
/// `PerceptionTestSupport` and passes where it does not.
public final class UntrackedReadCase: XCTestCase {
  public func testUntrackedRead() {
    readOutsideTracking()
  }
}
