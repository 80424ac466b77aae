/// A read of perceptible state that no tracking scope observes, in a checked context or in a
/// SwiftUI view body on systems whose SwiftUI does not track perceptible models: what
/// perception checking reports.
///
/// Reports are deduplicated: each distinct type, property and call site is reported once per
/// process (or once per ``PerceptionChecking/withReportHandler(_:operation:)`` scope, or, where
/// the process links `PerceptionTestSupport`, once per test).
public struct PerceptionCheckingReport: Sendable, Hashable, CustomStringConvertible {
  /// The name of the type whose property was read, such as `Model`.
  public let typeName: String

  /// The name of the property that was read, such as `count`: for a `@Perceptible` class, the
  /// name the macro recorded, in any build; for a type that conforms by hand, the name its key
  /// path gives, and nil where it gives none (a key path to a computed property describes itself
  /// by the address of its getter unless the program's symbols can be found at run time).
  public let propertyName: String?

  /// The file of the read, as `#fileID` spells it, when the caller passed it (through the
  /// `access(_:keyPath:fileID:filePath:line:column:)` overload).
  public let fileID: String?

  /// The line of the read, when known.
  public let line: UInt?

  /// The column of the read, when known.
  public let column: UInt?

  /// The view body that made the read, such as `ContentView.body`, when perception checking
  /// found it on the stack: where Perception's engine runs on an Apple platform (always on
  /// iOS 13-16, macOS 10.15-13, tvOS 13-16 and watchOS 6-9), a SwiftUI body that nobody
  /// wrapped in `WithPerceptionTracking` is checked without a checked context. Nil for a read
  /// in a checked context.
  public let viewBody: String?

  /// `Type.property`, or `Type.<description of the key path>` when the property has no name
  /// here.
  public var property: String {
    "\(typeName).\(propertyName ?? keyPathDescription)"
  }

  /// What the key path says of itself, kept for reports that cannot name the property.
  let keyPathDescription: String

  /// The whole report, on one line: what was read, where, and how to fix it.
  public var description: String {
    var where_ = ""
    if let fileID, let line {
      where_ = " at \(fileID):\(line)" + (column.map { ":\($0)" } ?? "")
    }
    if let viewBody {
      return "Perception: \(property) was read\(where_) in \(viewBody), outside any tracking "
        + "scope, so the view will not update when it changes. Mark the view "
        + "@WithPerceptionTracking, or wrap the body's content in WithPerceptionTracking { ... }; "
        + "an escaping closure (a GeometryReader's, a List or ForEach row's, a sheet's) runs "
        + "outside the body's tracking: wrap its content in WithPerceptionTracking { ... } too, "
        + "or move it into a view marked @WithPerceptionTracking. If the read needs no tracking, "
        + "wrap it in _PerceptionLocals.$skipPerceptionChecking.withValue(true) { ... }."
    }
    return "Perception: \(property) was read\(where_) in a checked context, outside any "
      + "tracking scope, so a change to it will not be noticed. In a view body, mark the view "
      + "@WithPerceptionTracking or wrap the body in WithPerceptionTracking { ... }; in an "
      + "escaping closure a view runs later (a GeometryReader's, a List or ForEach row's, a "
      + "sheet's), wrap its content in WithPerceptionTracking { ... } or move it into a view "
      + "marked @WithPerceptionTracking; elsewhere, use withPerceptionTracking(_:onChange:). If "
      + "the read needs no tracking, wrap it in "
      + "_PerceptionLocals.$skipPerceptionChecking.withValue(true) { ... }."
  }

  init(keyPath: AnyKeyPath, site: CallSite?, viewBody: String? = nil) {
    let name = PropertyName(keyPath)
    typeName = name.typeName
    propertyName = name.propertyName
    keyPathDescription = name.keyPathDescription
    fileID = site.map { $0.fileID.description }
    line = site?.line
    column = site?.column
    self.viewBody = viewBody
  }
}

/// Where a read happened, as the caller's default arguments captured it.
///
/// Frozen, so that its inlinable initializer may assign the properties one by one when the
/// module is built for library evolution (Xcode's "Build Libraries for Distribution").
@frozen @usableFromInline
struct CallSite {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable
  init(fileID: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.line = line
    self.column = column
  }

  /// The file's identity without copying its name: a `#fileID` literal has one address.
  var fileKey: UInt {
    fileID.hasPointerRepresentation
      ? UInt(bitPattern: fileID.utf8Start) : UInt(fileID.unicodeScalar.value)
  }
}
