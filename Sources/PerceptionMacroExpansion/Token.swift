/// One token of Swift source, with the trivia around it, as byte offsets into its source.
///
/// Trivia follows swift-syntax's rule, because the expansions must reproduce how swift-syntax moves
/// trivia around: a token's trailing trivia runs up to the next newline, and everything else before a
/// token is its leading trivia.
public struct Token: Equatable, Sendable {
  /// What kind of token this is.
  public enum Kind: Equatable, Sendable {
    /// A name or keyword, including backquoted names and `$0`.
    case identifier
    /// An integer or floating-point literal.
    case number
    /// A whole string literal, including its interpolations.
    case string
    /// A `#` word such as `#if` or `#sourceLocation`.
    case pound
    /// A single punctuation or operator character, or `->`.
    case punctuation
  }

  public var kind: Kind
  /// Where the leading trivia starts.
  public var leadingStart: Int
  /// Where the token's text starts.
  public var start: Int
  /// Where the token's text ends.
  public var end: Int
  /// Where the trailing trivia ends.
  public var trailingEnd: Int
}

/// Source text split into tokens.
public struct TokenizedSource: Sendable {
  /// The UTF-8 bytes of the source.
  public let bytes: [UInt8]
  /// The tokens, in order. Trivia after the last token belongs to `endTrivia`.
  public let tokens: [Token]
  /// Where the trivia after the last token starts.
  public let endTriviaStart: Int

  /// Tokenizes `text`.
  public init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// Tokenizes UTF-8 bytes.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    var lexer = Lexer(bytes: bytes)
    var tokens: [Token] = []
    while let token = lexer.next() { tokens.append(token) }
    self.tokens = tokens
    self.endTriviaStart = tokens.last?.trailingEnd ?? 0
  }

  /// The text of the token at `index`.
  public func text(_ index: Int) -> String {
    slice(tokens[index].start, tokens[index].end)
  }

  /// The leading trivia of the token at `index`.
  public func leadingTrivia(_ index: Int) -> String {
    slice(tokens[index].leadingStart, tokens[index].start)
  }

  /// The trailing trivia of the token at `index`.
  public func trailingTrivia(_ index: Int) -> String {
    slice(tokens[index].end, tokens[index].trailingEnd)
  }

  /// The source between two byte offsets.
  public func slice(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Whether the token at `index` is the identifier or punctuation `text`.
  public func isToken(_ index: Int, _ text: String) -> Bool {
    guard index >= 0, index < tokens.count else { return false }
    let token = tokens[index]
    guard token.end - token.start == text.utf8.count else { return false }
    return bytes[token.start..<token.end].elementsEqual(text.utf8)
  }

  /// How the token at `index` changes the bracket depth: 1 for `(`, `[` or `{`, -1 for `)`, `]`
  /// or `}`, 0 for anything else.
  public func bracketDepthChange(at index: Int) -> Int {
    guard index >= 0, index < tokens.count else { return 0 }
    let token = tokens[index]
    guard token.end - token.start == 1 else { return 0 }
    switch bytes[token.start] {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return 1
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return -1
    default: return 0
    }
  }

  /// Whether the token at `index` is `(`, `[` or `{`.
  public func isOpeningBracket(_ index: Int) -> Bool {
    bracketDepthChange(at: index) == 1
  }

  /// The index of the bracket that closes the `(`, `[` or `{` at `index`, or the last token when the
  /// source ends first.
  public func matchingClose(_ index: Int) -> Int {
    var depth = 0
    var position = index
    while position < tokens.count {
      depth += bracketDepthChange(at: position)
      if depth == 0 { return position }
      position += 1
    }
    return tokens.count - 1
  }

  /// The number of newlines in the source before byte `offset`.
  public func line(of offset: Int) -> Int {
    var count = 0
    for byte in bytes[0..<min(offset, bytes.count)] where byte == 0x0A { count += 1 }
    return count
  }
}
