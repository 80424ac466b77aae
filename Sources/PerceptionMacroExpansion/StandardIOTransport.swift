#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A plugin's connection to the compiler: messages on stdin, answers on stdout, and nothing
/// else ever written to stdout.
package enum StandardIOTransport {
  /// Runs the plugin loop over the process's standard input and output, until the compiler's
  /// message of length 0, expanding with `expand` (Perception's macros by default).
  package static func run(
    expand: (ExpansionRequest) -> ExpansionResult = MacroExpander.expand
  ) {
    // Answers go to a private copy of stdout, and stdout itself to stderr, so that a stray
    // print cannot corrupt the protocol.
    let output = dup(1)
    _ = dup2(2, 1)
    PluginLoop.run(
      read: readExactly, write: { bytes in writeAll(bytes, to: output) }, expand: expand)
  }

  /// Reads exactly `count` bytes from stdin, or nil at its end.
  private static func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let result = buffer.withUnsafeMutableBytes { raw in
        read(0, raw.baseAddress! + filled, count - filled)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return nil }
      filled += result
    }
    return buffer
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress! + written, bytes.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }
}
