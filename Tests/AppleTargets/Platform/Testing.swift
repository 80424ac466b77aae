// A stand-in for Apple's `Testing` module (Swift Testing, in Xcode from 16), for
// .ci/apple-targets.sh: what PerceptionTestSupport uses (TestIssueRecorder.swift), with the
// shapes swift-testing's public API declares, so that the package's `canImport(Testing)` branch
// is compiled for each Apple target. Only ever compiled against: `Test.current` is never set
// and recording does nothing.
//
// Source: github.com/swiftlang/swift-testing at a53b5cd4 (2026-08-21), Sources/Testing/, each
// file named on its declaration. None of these declarations has an `@available`: in
// swift-testing only newer API carries its availability macros (`_clockAPI`, `_uttypesAPI`,
// `_typedThrowsAPI`, …, cmake/modules/shared/AvailabilityDefinitions.cmake), and the
// framework Xcode ships deploys back to macOS 10.15, iOS 13, tvOS 13 and watchOS 6 (the
// `platforms` of its Package.swift until a8493531, which raised them only for builds of the
// package itself). Built for each target's own deployment target, as that framework serves it.

/// SourceAttribution/SourceLocation.swift: `public struct SourceLocation: Sendable`.
public struct SourceLocation: Sendable {
  /// `public var fileID: String { get set }`.
  public var fileID: String
  /// `public var filePath: String`.
  public var filePath: String
  /// `public var line: Int { get set }`.
  public var line: Int
  /// `public var column: Int { get set }`.
  public var column: Int

  /// `public init(fileID: String, filePath: String, line: Int, column: Int)`, which traps on a
  /// line or column below 1 and on a `fileID` without a module.
  public init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// SourceAttribution/SourceLocation.swift: `extension SourceLocation: Equatable, Hashable,
/// Comparable`.
extension SourceLocation: Hashable, Comparable {
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.fileID, lhs.line, lhs.column) < (rhs.fileID, rhs.line, rhs.column)
  }
}

/// Traits/Comment.swift: `public struct Comment: RawRepresentable, Sendable`.
public struct Comment: RawRepresentable, Sendable {
  /// `public var rawValue: String`.
  public var rawValue: String

  /// `public init(rawValue: String)`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }
}

/// Traits/Comment.swift: `extension Comment: ExpressibleByStringLiteral`.
extension Comment: ExpressibleByStringLiteral {
  public init(stringLiteral: String) {
    self.init(rawValue: stringLiteral)
  }
}

/// Test.swift: `public struct Test: Sendable`.
public struct Test: Sendable {
  /// `public var name: String`.
  public var name: String
  /// `public var sourceLocation: SourceLocation`.
  public var sourceLocation: SourceLocation

  private init(name: String, sourceLocation: SourceLocation) {
    self.name = name
    self.sourceLocation = sourceLocation
  }
}

/// Running/Runner.RuntimeState.swift: `extension Test { public static var current: Self? }`,
/// "the test that is running on the current task, if any" (a task-local value).
extension Test {
  public static var current: Self? { nil }
}

/// Test.ID.swift: `extension Test: Identifiable { public struct ID: Sendable, Equatable,
/// Hashable }`, with `public var id: ID` (Test.swift).
extension Test: Identifiable {
  public struct ID: Sendable, Equatable, Hashable {
    /// `public var moduleName: String`.
    public var moduleName: String
    /// `public var nameComponents: [String]`.
    public var nameComponents: [String]
  }

  public var id: ID {
    ID(moduleName: "", nameComponents: [name])
  }
}

/// Test.ID.swift: `extension Test.ID: CustomStringConvertible`.
extension Test.ID: CustomStringConvertible {
  public var description: String {
    ([moduleName] + nameComponents).joined(separator: ".")
  }
}

/// Issues/Issue.swift: `public struct Issue: Sendable`.
public struct Issue: Sendable {
  /// `public enum Severity: Sendable` (Swift 6.3, Xcode 26.4, by its `@Metadata`), with
  /// `extension Issue.Severity: Comparable, CustomStringConvertible`.
  public enum Severity: Sendable, Comparable {
    /// `case warning`.
    case warning
    /// `case error`.
    case error
  }

  /// `public var severity: Severity`.
  public var severity: Severity
  /// `public var comments: [Comment]`.
  public var comments: [Comment]
  /// `public var sourceLocation: SourceLocation? { get set }`.
  public var sourceLocation: SourceLocation?
}

/// Issues/Issue+Recording.swift: the two `record` functions for a comment. The one without a
/// severity is the only one before Swift 6.3 (Xcode 26.4), which added the other and made this
/// one a deprecated, disfavoured overload; a call that passes no severity compiles against
/// either release. Swift Testing's default `sourceLocation` is `#_sourceLocation`, its own macro,
/// which this stand-in spells with the literals the macro expands to.
extension Issue {
  @_disfavoredOverload
  @available(*, deprecated, message: "Use record(_:severity:sourceLocation:) instead.")
  @discardableResult public static func record(
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = SourceLocation(
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  ) -> Self {
    record(comment, severity: .error, sourceLocation: sourceLocation)
  }

  @discardableResult public static func record(
    _ comment: Comment? = nil,
    severity: Severity = .error,
    sourceLocation: SourceLocation = SourceLocation(
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  ) -> Self {
    Issue(severity: severity, comments: comment.map { [$0] } ?? [], sourceLocation: sourceLocation)
  }
}
