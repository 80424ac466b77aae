/// A report the library makes while running: what `RuntimeReporter` delivers, and what
/// `PerceptionTestSupport` records as a failure of the running test.
package struct RuntimeReport: Sendable {
  /// The whole report, on one line.
  package var message: String

  /// Where the code it reports on is, as `#fileID`, `#line` and `#column` spell it, when known.
  package var location: Location?

  /// A source location in the caller's terms.
  package struct Location: Sendable {
    /// The file, `Module/File.swift`.
    package var fileID: StaticString
    /// The line, from 1.
    package var line: UInt
    /// The column, from 1.
    package var column: UInt
  }

  /// A report of `message` about the code at `location`.
  package init(message: String, location: Location? = nil) {
    self.message = message
    self.location = location
  }

  /// The category of an Xcode runtime issue: the module of the code it reports on, or this
  /// library's.
  var category: String {
    guard let location else { return "Perception" }
    return String("\(location.fileID)".prefix { $0 != "/" })
  }
}
