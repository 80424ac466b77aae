#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Monotonic time in nanoseconds. `ContinuousClock` would need availability checks on the
/// package's oldest Apple platforms, so this reads the OS clock directly.
@inline(__always)
func monotonicNanos() -> UInt64 {
  #if canImport(Darwin)
    return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
  #else
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  #endif
}
