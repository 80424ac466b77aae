import Foundation
import Testing

@testable import PerceptionCore

/// A perceptible object whose reads name their caller's line as the call site.
final class Dial: Perceptible, @unchecked Sendable {
  let registrar = PerceptionRegistrar()
  var level = 0

  /// Reads `level` through the registrar, with the caller's line as the call site.
  func read(fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> Int {
    registrar.access(
      self, keyPath: \.level, fileID: fileID, filePath: #filePath, line: line, column: column)
    return level
  }

  /// Reads `level` through the registrar, without a call site, as a macro-made getter does.
  var untrackedLevel: Int {
    registrar.access(self, keyPath: \.level)
    return level
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Dial: Observable {}

/// A list that any thread may append to.
final class LockedList<Element>: @unchecked Sendable {
  // Sendable: `elements` is only touched under `lock`.
  private let lock = NSLock()
  private var elements: [Element] = []

  func append(_ element: Element) {
    lock.withLock { elements.append(element) }
  }

  var all: [Element] { lock.withLock { elements } }
}

/// Runs `body` expecting the issues it records, and returns them.
func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) -> [Issue] {
  let issues = LockedList<Issue>()
  withKnownIssue(sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    issues.append(issue)
    return true
  }
  return issues.all
}

/// The text an issue's comments hold.
func text(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Perception checking is compiled out of release builds: these suites run in debug builds.
let isDebugBuild: Bool = {
  #if DEBUG
    return true
  #else
    return false
  #endif
}()
