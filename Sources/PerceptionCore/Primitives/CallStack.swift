import CPerceptionRuntime

/// The calling thread's return addresses, and what each falls in (`perception_call_stack.h`).
enum CallStack {
  /// Deep enough to reach, from a read, the engine evaluating its view body; 1 KiB of stack.
  static let capacity = 128

  /// Innermost first, valid during `body` only; empty where no stack can be captured.
  static func withFrames<R>(_ body: (UnsafeBufferPointer<UnsafeMutableRawPointer?>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) {
      buffer in
      let count = perception_call_stack_capture(buffer.baseAddress, buffer.count)
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// What an address falls in: its image's path and the nearest symbol, as the linker spells it.
  struct Frame: Equatable {
    var image: String?
    var symbol: String?

    var demangledSymbol: String? {
      symbol.map(CallStack.demangle)
    }
  }

  /// Slow (a symbol-table search): done once per distinct stack.
  static func describe(_ address: UnsafeRawPointer) -> Frame {
    var description = perception_stack_frame_description()
    guard perception_call_stack_describe(address, &description) else { return Frame() }
    return Frame(
      image: description.image.map { String(cString: $0) },
      symbol: description.symbol.map { String(cString: $0) })
  }
}
