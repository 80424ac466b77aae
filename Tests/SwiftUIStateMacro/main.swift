// The test-only `@State` macro's plugin (see StateMacro.swift): the compiler's messages on
// stdin, answers on stdout, through Perception's own plugin loop.

import PerceptionMacroExpansion

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Answers go to a private copy of stdout, and stdout itself to stderr, so that a stray print
// cannot corrupt the protocol.
let output = dup(1)
_ = dup2(2, 1)

func readExactly(_ count: Int) -> [UInt8]? {
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

func writeAll(_ bytes: [UInt8]) {
  var written = 0
  while written < bytes.count {
    let result = bytes.withUnsafeBytes { raw in
      write(output, raw.baseAddress! + written, bytes.count - written)
    }
    if result < 0 && errno == EINTR { continue }
    guard result > 0 else { return }
    written += result
  }
}

PluginLoop.run(read: readExactly, write: writeAll, expand: StateMacro.expand)
