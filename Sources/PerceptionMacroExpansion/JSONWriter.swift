extension JSON {
  /// The compact JSON text of this value, as UTF-8 bytes.
  public var serialized: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(to: &output)
    return output
  }

  /// The compact JSON text of this value.
  public var text: String { String(decoding: serialized, as: UTF8.self) }

  private func write(to output: inout [UInt8]) {
    switch self {
    case .null: output += Array("null".utf8)
    case .bool(let value): output += Array((value ? "true" : "false").utf8)
    case .number(let value):
      if value.rounded() == value, abs(value) < 9e15 {
        output += Array(String(Int(value)).utf8)
      } else {
        output += Array(String(value).utf8)
      }
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        element.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      output.append(UInt8(ascii: "{"))
      for (position, pair) in pairs.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(pair.0, to: &output)
        output.append(UInt8(ascii: ":"))
        pair.1.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
