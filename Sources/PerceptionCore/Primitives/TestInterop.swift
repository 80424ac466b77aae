import CPerceptionRuntime

/// What the runtime finds at run time to hand a report to a testing library it does not link,
/// and the clock readings an event carries: the safe face of `perception_test_interop.h`.
enum TestInterop {
  /// The object that `PerceptionTestSupport`'s entry point returns, or nil when the process
  /// does not link that library. Looks the entry point up on each call.
  static func testSupportObject() -> AnyObject? {
    guard let entry = perception_test_support_entry(), let object = entry() else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
  }

  /// The address of the C symbol `name` in a loaded image, or nil.
  static func symbol(named name: String) -> UnsafeMutableRawPointer? {
    perception_runtime_symbol(name)
  }

  /// Now, in seconds: on a monotonic clock, and on the wall clock since 1970.
  static func now() -> (monotonic: Double, since1970: Double) {
    var monotonic = 0.0
    var since1970 = 0.0
    perception_event_clock_now(&monotonic, &since1970)
    return (monotonic, since1970)
  }
}
