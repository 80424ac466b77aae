/// The plugin's message loop: length-prefixed JSON messages in, answers out.
///
/// Each message is an unsigned 64-bit little-endian byte count and that many bytes of JSON. A count
/// of zero is the compiler's "stop". The loop takes its input and output as functions, so that it
/// runs the same on stdin/stdout and in tests.
public enum PluginLoop {
  /// Messages longer than this are refused: no real request comes near it, and reading it would
  /// only exhaust memory.
  public static let maximumMessageLength = 1 << 30

  /// Runs until the input ends, a zero-length message arrives, or the input is broken.
  ///
  /// - Parameters:
  ///   - read: Returns exactly `count` bytes, or nil when the input ends first.
  ///   - write: Writes bytes to the output.
  public static func run(read: (Int) -> [UInt8]?, write: ([UInt8]) -> Void) {
    run(read: read, write: write, expand: MacroExpander.expand)
  }

  /// Runs the loop with another macro expander: a test-only macro's (Tests/SwiftUIStateMacro),
  /// which speaks the same protocol.
  package static func run(
    read: (Int) -> [UInt8]?, write: ([UInt8]) -> Void,
    expand: (ExpansionRequest) -> ExpansionResult
  ) {
    while let header = read(8), header.count == 8 {
      var length: UInt64 = 0
      for (position, byte) in header.enumerated() { length |= UInt64(byte) << (8 * position) }
      if length == 0 { return }
      guard length <= UInt64(maximumMessageLength) else {
        // The stream cannot be resynchronized past a message that will not be read: answer, stop.
        send(
          PluginMessages.failure("Perception's macro plugin refused a message of \(length) bytes"),
          write)
        return
      }
      guard let payload = read(Int(length)), payload.count == Int(length) else { return }
      send(PluginMessages.respond(to: payload, expand: expand), write)
    }
  }

  static func send(_ message: JSON, _ write: ([UInt8]) -> Void) {
    let body = message.serialized
    var frame: [UInt8] = []
    frame.reserveCapacity(body.count + 8)
    let length = UInt64(body.count)
    for position in 0..<8 { frame.append(UInt8(truncatingIfNeeded: length >> (8 * position))) }
    frame += body
    write(frame)
  }

  /// Frames a message for the loop's input, as the compiler does.
  public static func frame(_ text: String) -> [UInt8] {
    let body = Array(text.utf8)
    let length = UInt64(body.count)
    return (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + body
  }
}
