import CPerceptionRuntime

/// Counts a debug counter of the runtime (see `perception_debug_counters.h`) up or down. In
/// release builds it compiles to nothing, so the hot paths that call it pay nothing.
@inline(__always)
func countForDebugging(_ counter: DebugCounter, _ delta: Int) {
  if DebugBuild.isActive { perception_debug_count(counter.counter, delta) }
}

/// The runtime's debug counters that Swift counts.
enum DebugCounter {
  /// Swift `Observer` objects.
  case observers

  /// How many there are now, in debug builds (`isCounting`); 0 in release builds.
  var value: Int { perception_debug_counter_value(counter) }

  /// Whether this build counts (debug builds).
  static var isCounting: Bool { perception_debug_counters_enabled() }

  var counter: perception_debug_counter {
    switch self {
    case .observers: return PERCEPTION_DEBUG_OBSERVERS
    }
  }
}
