/// An error in a JSON text.
public struct JSONError: Error, Equatable, Sendable {
  /// What was wrong, and where.
  public var message: String
}

extension JSON {
  /// Parses a complete JSON text from UTF-8 bytes.
  ///
  /// Nesting is limited so that hostile input cannot exhaust the stack.
  public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("trailing characters") }
    return value
  }

  /// Parses a complete JSON text.
  public static func parse(_ text: String) throws(JSONError) -> JSON {
    try parse(Array(text.utf8))
  }
}

private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  static let maximumDepth = 512

  init(bytes: [UInt8]) { self.bytes = bytes }

  func error(_ message: String) -> JSONError {
    JSONError(message: "\(message) at byte \(index)")
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func expect(_ literal: String) throws(JSONError) {
    for byte in literal.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw error("expected \(literal)") }
      index += 1
    }
  }

  mutating func parseValue(depth: Int) throws(JSONError) -> JSON {
    guard depth < Self.maximumDepth else { throw error("nesting too deep") }
    guard index < bytes.count else { throw error("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    default: return try parseNumber()
    }
  }

  mutating func parseObject(depth: Int) throws(JSONError) -> JSON {
    index += 1
    var pairs: [(String, JSON)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(pairs)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key")
      }
      let key = try parseString()
      skipWhitespace()
      try expect(":")
      skipWhitespace()
      pairs.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(pairs)
      } else {
        throw error("expected , or }")
      }
    }
  }

  mutating func parseArray(depth: Int) throws(JSONError) -> JSON {
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected , or ]")
      }
    }
  }

  mutating func parseHex4() throws(JSONError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("bad hex digit")
      }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }

  mutating func parseString() throws(JSONError) -> String {
    index += 1
    // Each message carries whole declarations, mostly free of escapes: copy each run of plain
    // bytes at once rather than byte by byte.
    var output: [UInt8] = []
    while true {
      let runStart = index
      index = endOfPlainRun(from: index)
      guard index < bytes.count else { throw error("unterminated string") }
      if bytes[index] == UInt8(ascii: "\"") {
        defer { index += 1 }
        if output.isEmpty {
          return String(decoding: bytes[runStart..<index], as: UTF8.self)
        }
        output.append(contentsOf: bytes[runStart..<index])
        return String(decoding: output, as: UTF8.self)
      }
      output.append(contentsOf: bytes[runStart..<index])
      index += 1
      try appendEscape(to: &output)
    }
  }

  /// The index of the first quote or backslash at or after `start`, or the end of the bytes.
  func endOfPlainRun(from start: Int) -> Int {
    // Through a raw pointer, whose subscript is transparent, so that the plugin's debug build
    // (the one `swift build` uses) scans as fast as a loop can.
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return start }
      var index = start
      while index < buffer.count, base[index] != UInt8(ascii: "\""),
        base[index] != UInt8(ascii: "\\")
      {
        index += 1
      }
      return index
    }
  }

  /// Appends the character of the escape sequence after a backslash.
  mutating func appendEscape(to output: inout [UInt8]) throws(JSONError) {
    guard index < bytes.count else { throw error("unterminated escape") }
    let escape = bytes[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
        bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      {
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      output.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
    default: throw error("bad escape")
    }
  }

  mutating func parseNumber() throws(JSONError) -> JSON {
    let start = index
    while index < bytes.count,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
        || bytes[index] == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    {
      index += 1
    }
    guard start < index, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else {
      throw error("unexpected character")
    }
    return .number(value)
  }
}
