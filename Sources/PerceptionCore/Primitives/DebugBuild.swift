/// The one place the library asks: debug-only work tests it, so both builds compile the same
/// code. Not `@_transparent`: folded that early, debug builds warn of code that never runs.
@usableFromInline
enum DebugBuild {
  @inlinable
  static var isActive: Bool {
    @inline(__always) get {
      #if DEBUG
        return true
      #else
        return false
      #endif
    }
  }
}
