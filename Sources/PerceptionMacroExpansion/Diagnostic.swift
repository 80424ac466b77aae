/// A diagnostic for the compiler to show, positioned by file offsets.
public struct Diagnostic: Equatable, Sendable {
  public enum Severity: String, Sendable {
    case error, warning, note, remark
  }

  public var message: String
  public var severity: Severity
  public var fileName: String
  /// The UTF-8 offset in the file where the diagnostic points.
  public var offset: Int
  /// The highlighted range, as file offsets.
  public var highlight: Range<Int>?

  public init(
    message: String, severity: Severity = .error, fileName: String, offset: Int,
    highlight: Range<Int>? = nil
  ) {
    self.message = message
    self.severity = severity
    self.fileName = fileName
    self.offset = offset
    self.highlight = highlight
  }

  /// An error at an attribute, highlighting it without its trivia, as swift-syntax positions them.
  package static func error(_ message: String, at attribute: SyntaxSnippet) -> Diagnostic {
    let source = TokenizedSource(attribute.source)
    guard let first = source.tokens.first, let last = source.tokens.last else {
      return Diagnostic(message: message, fileName: attribute.fileName, offset: attribute.offset)
    }
    let start = attribute.offset + first.start
    return Diagnostic(
      message: message, fileName: attribute.fileName, offset: start,
      highlight: start..<(attribute.offset + last.end))
  }

  /// An error at tokens of a snippet, highlighting them.
  static func error(
    _ message: String, in snippet: SyntaxSnippet, _ source: TokenizedSource,
    tokens: ClosedRange<Int>
  ) -> Diagnostic {
    let start = snippet.offset + source.tokens[tokens.lowerBound].start
    return Diagnostic(
      message: message, fileName: snippet.fileName, offset: start,
      highlight: start..<(snippet.offset + source.tokens[tokens.upperBound].end))
  }
}
