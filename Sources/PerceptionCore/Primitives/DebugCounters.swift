import CPerceptionRuntime

/// Counts a debug counter of the runtime (see `perception_debug_counters.h`) up or down. In
/// release builds it compiles to nothing, so the hot paths that call it pay nothing.
@inline(__always)
func countForDebugging(_ counter: perception_debug_counter, _ delta: Int) {
  #if DEBUG
    perception_debug_count(counter, delta)
  #endif
}
