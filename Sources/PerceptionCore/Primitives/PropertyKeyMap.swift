import CPerceptionRuntime

/// The lock-free map from a key path object to its canonical one (`perception_key_map.h`).
enum PropertyKeyMap {
  @inline(__always)
  static func find(_ key: UnsafeRawPointer) -> UnsafeRawPointer? {
    perception_property_key_find(key)
  }

  /// Under the caller's lock.
  static func insert(_ key: UnsafeRawPointer, canonical: UnsafeRawPointer) {
    perception_property_key_insert(key, canonical)
  }
}
