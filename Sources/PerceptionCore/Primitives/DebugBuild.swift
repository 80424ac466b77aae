import CPerceptionRuntime

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

/// Counts a debug counter (`perception_debug_counters.h`); nothing in release builds.
@inline(__always)
func countForDebugging(_ counter: DebugCounter, _ delta: Int) {
  if DebugBuild.isActive { perception_debug_count(counter.counter, delta) }
}

/// The runtime's debug counters that Swift counts; 0 in release builds.
enum DebugCounter {
  case observers

  var value: Int { perception_debug_counter_value(counter) }

  static var isCounting: Bool { perception_debug_counters_enabled() }

  var counter: perception_debug_counter {
    switch self {
    case .observers: return PERCEPTION_DEBUG_OBSERVERS
    }
  }
}
