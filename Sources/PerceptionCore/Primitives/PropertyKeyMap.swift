import CPerceptionRuntime

/// The runtime's lock-free map from a key path object to its canonical one
/// (`perception_key_map.h`).
enum PropertyKeyMap {
  /// The canonical key of the object at `key`, or nil when the map does not hold it.
  @inline(__always)
  static func find(_ key: UnsafeRawPointer) -> UnsafeRawPointer? {
    perception_property_key_find(key)
  }

  /// Maps the object at `key` to `canonical`. Under the caller's lock.
  static func insert(_ key: UnsafeRawPointer, canonical: UnsafeRawPointer) {
    perception_property_key_insert(key, canonical)
  }
}
