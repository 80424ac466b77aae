import CPerceptionRuntime

// Interop entry: the Swift runtime's demangler, for the names in reports.
// - Depends on: `swift_demangle`, which the Swift runtime (libswiftCore) exports on every
//   platform but declares in no SDK header; `perception_call_stack.h` declares it with the
//   signature of its definition in the runtime's `stdlib/public/runtime/Demangle.cpp`, which
//   says it is "exported for Xcode support and is used by the sanitizers", and that flags
//   other than 0 are a fatal error. Checked with Swift 6.3.1 on Linux.
// - Missing (the symbol gone: the link fails, no quiet case; a name it cannot demangle, or
//   `PERCEPTION_INTEROP=0`): the symbol is given as the linker spells it. The view-body watcher
//   is already off with the switch (`SwiftUIViewBodies.swift`), and the change trace names no
//   installing function (`TraceOrigin.isLibraryFrame` treats a mangled `$s…` frame as the
//   runtime's), so its lines name the tracking API only.
// - Tested: `TraceTests` and `ViewBodyCheckingTests` (any platform) demangle; on Linux,
//   `ChildProcessTests.theDemanglerRunsUnlessInteropIsOff` runs `PerceptionReportControl
//   demangle` with the switch unset and off.

extension CallStack {
  /// `symbol` demangled, or itself. Written into 4 KiB of stack (a longer name is cut): nothing
  /// to free.
  static func demangle(_ symbol: String) -> String {
    guard InteropSwitch.isEnabled else { return symbol }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
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
