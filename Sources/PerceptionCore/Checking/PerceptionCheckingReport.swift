/// What perception checking reports: a read that no tracking scope observes, in a checked
/// context or an unwrapped SwiftUI body.
public struct PerceptionCheckingReport: Sendable, Hashable, CustomStringConvertible {
  /// The name of the type whose property was read, such as `Model`.
  public let typeName: String
  /// The name of the property that was read, such as `count`, when known.
  public let propertyName: String?
  /// The file of the read, as `#fileID` spells it, when the accessor passed it.
  public let fileID: String?
  /// The line of the read, when known.
  public let line: UInt?
  /// The column of the read, when known.
  public let column: UInt?
  /// The SwiftUI view body that made the read, such as `ContentView.body`; nil for a read in a
  /// checked context.
  public let viewBody: String?

  /// `Type.property`, or `Type.<description of the key path>` when the property has no name.
  public var property: String {
    "\(typeName).\(propertyName ?? keyPathDescription)"
  }

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

/// Where a read happened; frozen, so that its inlinable init may assign each property.
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

  /// A `#fileID` literal has one address.
  var fileKey: UInt {
    fileID.hasPointerRepresentation
      ? UInt(bitPattern: fileID.utf8Start) : UInt(fileID.unicodeScalar.value)
  }
}
