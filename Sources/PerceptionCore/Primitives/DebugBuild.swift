/// Whether this is a debug build: the one place the library asks.
///
/// What only debug builds do (perception checking, the main-thread watch, the change trace,
/// the debug counters) tests it instead of compiling in or out, so that both builds compile
/// the same code; release builds fold the constant and drop what it guards. (Not
/// `@_transparent`: folded that early, debug builds warn that code after it never runs.)
@usableFromInline
enum DebugBuild {
  /// True in debug builds (`DEBUG` defined), false in release builds.
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
