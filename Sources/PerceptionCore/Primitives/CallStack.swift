import CPerceptionRuntime

/// The calling thread's stack, as return addresses, and what each address falls in: the
/// safe face of `perception_call_stack.h`.
enum CallStack {
  /// The most frames a capture keeps. Deep enough to reach, from a read, the engine that
  /// evaluates the view body it happens in; the buffer is 1 KiB of the caller's stack.
  static let capacity = 128

  /// Calls `body` with the return addresses of the calling thread's stack, innermost first:
  /// empty where the platform cannot capture a stack. The addresses live in a buffer on the
  /// stack, valid during `body` only.
  static func withFrames<R>(_ body: (UnsafeBufferPointer<UnsafeMutableRawPointer?>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) {
      buffer in
      let count = perception_call_stack_capture(buffer.baseAddress, buffer.count)
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// What a return address falls in.
  struct Frame: Equatable {
    /// The path of the executable or library that holds the address.
    var image: String?
    /// The nearest symbol before the address, as the linker spells it (mangled, for Swift).
    var symbol: String?

    /// The symbol as Swift spells it (`closure #1 in App.ContentView.body.getter : some`),
    /// or the symbol itself when it is not a Swift name.
    var demangledSymbol: String? {
      symbol.map(CallStack.demangle)
    }
  }

  /// Describes `address`. Slow (a symbol-table search): done once per distinct stack.
  static func describe(_ address: UnsafeRawPointer) -> Frame {
    var description = perception_stack_frame_description()
    guard perception_call_stack_describe(address, &description) else { return Frame() }
    return Frame(
      image: description.image.map { String(cString: $0) },
      symbol: description.symbol.map { String(cString: $0) })
  }

  /// `symbol` demangled by the Swift runtime, or `symbol` itself when it is not a Swift name.
  /// The runtime writes into a buffer on the stack (4 KiB, which holds any name a developer
  /// reads; a longer one is cut), so nothing is allocated here to free.
  static func demangle(_ symbol: String) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
      symbol.withCString { mangled in
        var size = buffer.count
        guard
          swift_demangle(mangled, symbol.utf8.count, buffer.baseAddress, &size, 0) != nil
        else { return symbol }
        buffer[buffer.count - 1] = 0
        return String(cString: buffer.baseAddress!)
      }
    }
  }
}
