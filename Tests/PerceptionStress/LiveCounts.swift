import CPerceptionRuntime
import Foundation
import Perception

/// The runtime's debug counters: observers, observer tables and registrations alive now.
struct LiveCounts: Equatable, CustomStringConvertible {
  var observers: Int
  var tables: Int
  var registrations: Int

  /// Whether they mean anything: the runtime counts in debug builds, and only its own engine
  /// makes observers and tables.
  static var available: Bool {
    perception_debug_counters_enabled() && PerceptionEngine.current == .perception
  }

  static var now: LiveCounts {
    LiveCounts(
      observers: perception_debug_counter_value(PERCEPTION_DEBUG_OBSERVERS),
      tables: perception_debug_counter_value(PERCEPTION_DEBUG_TABLES),
      registrations: perception_debug_counter_value(PERCEPTION_DEBUG_REGISTRATIONS))
  }

  static let zero = LiveCounts(observers: 0, tables: 0, registrations: 0)

  var description: String {
    "observers \(observers), tables \(tables), registrations \(registrations)"
  }

  /// Prints the counts now and records a violation unless all are zero; says why when they
  /// cannot be checked.
  static func checkNothingAlive(_ violations: Violations) -> Bool {
    guard available else {
      print(
        "live at end: not counted (\(perception_debug_counters_enabled() ? "the native engine" : "a release build"))"
      )
      return false
    }
    let counts = now
    print("live at end: \(counts)")
    if counts != .zero {
      violations.record(.nothingLeftAlive, "still alive at the end: \(counts)")
    }
    return true
  }
}

/// The resident memory of this process, in bytes, from /proc/self/statm; nil where there is
/// none.
func residentBytes() -> Int? {
  #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return nil
  #endif
}
