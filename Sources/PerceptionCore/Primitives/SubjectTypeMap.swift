import CPerceptionRuntime

/// The lock-free map from a subject's type to an object decided for it once
/// (`perception_key_map.h`): a C static, so a lookup pays no initialization check.
enum SubjectTypeMap {
  /// The object recorded for `type`, unretained: entries are immortal.
  @inline(__always)
  static func find<Value: AnyObject>(_ type: Any.Type, as _: Value.Type) -> Value? {
    guard let found = perception_subject_type_find(key(type)) else { return nil }
    return Unmanaged<Value>.fromOpaque(found).takeUnretainedValue()
  }

  /// Records `value` for `type` for the rest of the process, retained; under the caller's
  /// lock, and read back only as `Value`.
  static func insert<Value: AnyObject>(_ type: Any.Type, _ value: Value) {
    perception_subject_type_insert(key(type), Unmanaged.passRetained(value).toOpaque())
  }

  @inline(__always)
  private static func key(_ type: Any.Type) -> UnsafeRawPointer {
    // A type's metadata lives as long as the process.
    UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(type)))!
  }
}
