/// Splits Swift source into tokens, exactly enough for the macros: it knows comments, every kind of
/// string literal (multi-line, raw, with nested interpolations), and where one token ends.
struct Lexer {
  let bytes: [UInt8]
  var index = 0
  /// Interpolations nest strings in strings; past this depth the rest is taken as plain text, so that
  /// hostile input cannot exhaust the stack.
  static let maximumNesting = 128

  init(bytes: [UInt8]) { self.bytes = bytes }

  private func byte(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  static func isIdentifierHead(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24
      || byte >= 0x80
  }

  static func isIdentifierBody(_ byte: UInt8) -> Bool {
    isIdentifierHead(byte) || (byte >= 0x30 && byte <= 0x39)
  }

  /// The next token, or nil at the end of the source.
  mutating func next() -> Token? {
    let leadingStart = index
    skipTrivia(stopAtNewline: false)
    guard index < bytes.count else {
      index = leadingStart
      return nil
    }
    let start = index
    let kind = scanToken(nesting: 0)
    let end = index
    skipTrivia(stopAtNewline: true)
    return Token(kind: kind, leadingStart: leadingStart, start: start, end: end, trailingEnd: index)
  }

  /// Skips whitespace and comments. Trailing trivia stops before a newline.
  mutating func skipTrivia(stopAtNewline: Bool) {
    while let current = byte(0) {
      switch current {
      case 0x20, 0x09, 0x0B, 0x0C:
        index += 1
      case 0x0A, 0x0D:
        if stopAtNewline { return }
        index += 1
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
        while let next = byte(0), next != 0x0A, next != 0x0D { index += 1 }
      case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
        skipBlockComment()
      default:
        return
      }
    }
  }

  /// Block comments nest in Swift.
  private mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if byte(0) == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if byte(0) == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        index += 1
      }
    }
  }

  /// Scans one token starting at `index`, which is not trivia.
  mutating func scanToken(nesting: Int) -> Token.Kind {
    let current = bytes[index]
    if Self.isIdentifierHead(current) {
      while let next = byte(0), Self.isIdentifierBody(next) { index += 1 }
      return .identifier
    }
    if current >= 0x30 && current <= 0x39 {
      while let next = byte(0) {
        if Self.isIdentifierBody(next) {
          index += 1
        } else if next == UInt8(ascii: "."), let after = byte(1), after >= 0x30, after <= 0x39 {
          index += 1
        } else {
          break
        }
      }
      return .number
    }
    switch current {
    case UInt8(ascii: "`"):
      index += 1
      while let next = byte(0), next != UInt8(ascii: "`"), next != 0x0A { index += 1 }
      if byte(0) == UInt8(ascii: "`") { index += 1 }
      return .identifier
    case UInt8(ascii: "\""):
      scanString(hashes: 0, nesting: nesting)
      return .string
    case UInt8(ascii: "#"):
      var hashes = 0
      while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
      if byte(hashes) == UInt8(ascii: "\"") {
        index += hashes
        scanString(hashes: hashes, nesting: nesting)
        return .string
      }
      index += 1
      if let next = byte(0), Self.isIdentifierHead(next) {
        while let next = byte(0), Self.isIdentifierBody(next) { index += 1 }
        return .pound
      }
      return .punctuation
    case UInt8(ascii: "-") where byte(1) == UInt8(ascii: ">"):
      index += 2
      return .punctuation
    default:
      index += 1
      return .punctuation
    }
  }

  /// Scans a string literal from its opening quote, after any `#`s of a raw string.
  private mutating func scanString(hashes: Int, nesting: Int) {
    let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    while let current = byte(0) {
      if current == UInt8(ascii: "\\") && hashesFollow(at: index + 1, count: hashes) {
        index += 1 + hashes
        if byte(0) == UInt8(ascii: "(") {
          index += 1
          scanInterpolation(nesting: nesting + 1)
        } else if byte(0) != nil {
          index += 1
        }
      } else if current == UInt8(ascii: "\"") {
        let quotes = multiline ? 3 : 1
        if (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") })
          && hashesFollow(at: index + quotes, count: hashes)
        {
          index += quotes + hashes
          return
        }
        index += 1
      } else if !multiline && (current == 0x0A || current == 0x0D) {
        return  // An unterminated literal ends at the end of its line.
      } else {
        index += 1
      }
    }
  }

  private func hashesFollow(at position: Int, count: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    return (0..<count).allSatisfy { bytes[position + $0] == UInt8(ascii: "#") }
  }

  /// Scans the tokens of an interpolation, after its `(`, up to and including the matching `)`.
  private mutating func scanInterpolation(nesting: Int) {
    var depth = 1
    while index < bytes.count {
      skipTrivia(stopAtNewline: false)
      guard let current = byte(0) else { return }
      if current == UInt8(ascii: "(") {
        depth += 1
      } else if current == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      }
      if nesting >= Self.maximumNesting && current == UInt8(ascii: "\"") {
        index += 1
      } else {
        _ = scanToken(nesting: nesting)
      }
    }
  }
}
