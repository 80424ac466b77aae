/// A JSON value, as exchanged with the compiler in plugin messages.
///
/// The plugin reads and writes its messages with this small codec instead of Foundation, so that the
/// plugin builds in seconds and links nothing but the standard library.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  /// Keys keep their order, so that written messages are stable.
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The value for `key` when this is an object.
  public subscript(key: String) -> JSON? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  /// The string, when this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as an integer, when this is a number with no fraction.
  public var intValue: Int? {
    guard case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 else {
      return nil
    }
    return Int(value)
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }
}
