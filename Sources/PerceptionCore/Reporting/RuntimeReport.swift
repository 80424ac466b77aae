/// A report the library makes while running, which `RuntimeReporter` delivers.
package struct RuntimeReport: Sendable {
  /// The whole report, on one line.
  package var message: String

  /// Where the code it reports on is, when known.
  package var location: Location?

  /// A source location, as `#fileID`, `#line` and `#column` spell it.
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

  /// The category of an Xcode runtime issue: the reported code's module, or this library's.
  var category: String {
    guard let location else { return "Perception" }
    return String("\(location.fileID)".prefix { $0 != "/" })
  }
}
