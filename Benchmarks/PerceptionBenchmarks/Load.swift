#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The 1-minute load average, or `nil` where unavailable. The run prints it at the start and
/// the end: on a machine with other work running, the two-thread cases cannot get two cores and
/// degrade to one thread after the other, which the figures should be read against.
func loadAverage() -> Double? {
  var load = [0.0]
  return getloadavg(&load, 1) == 1 ? load[0] : nil
}
