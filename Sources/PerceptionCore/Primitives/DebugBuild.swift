/// Whether this is a debug build: the one place the library asks.
///
/// What only debug builds do (perception checking, the main-thread watch, the change trace,
/// the debug counters) tests `DebugBuild.isActive` instead of compiling in or out, so that the
/// tracking machinery is the same code in both builds and both builds typecheck all of it.
/// Inlined everywhere, inlinable callers' clients included, so that in release builds the
/// optimizer sees the constant false at every test of it and removes the code behind it as dead:
/// release builds pay nothing. (Not `@_transparent`: folded that early, the test makes the
/// compiler warn in debug builds that the code after a taken branch will never be executed.)
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
