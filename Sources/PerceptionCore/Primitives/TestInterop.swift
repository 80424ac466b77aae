import CPerceptionRuntime

/// What a report to a testing library this module does not link needs, found at run time
/// (`perception_test_interop.h`).
enum TestInterop {
  /// `PerceptionTestSupport`'s entry point's object, or nil when the process does not link it.
  static func testSupportObject() -> AnyObject? {
    guard let entry = perception_test_support_entry(), let object = entry() else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
  }

  static func symbol(named name: String) -> UnsafeMutableRawPointer? {
    perception_runtime_symbol(name)
  }

  static func now() -> (monotonic: Double, since1970: Double) {
    var monotonic = 0.0
    var since1970 = 0.0
    perception_event_clock_now(&monotonic, &since1970)
    return (monotonic, since1970)
  }
}
