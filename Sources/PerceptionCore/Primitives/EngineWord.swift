import CPerceptionRuntime

/// The process's engine word (`perception_engine.h`): the engine, and whether it is settled.
/// The load is relaxed: a registrar or a scope exists only after the settling, which its
/// holder saw; code that may run before it reads `currentSettled` (in Engine).
@frozen @usableFromInline
struct EngineWord {
  @usableFromInline
  let rawValue: UInt32

  @inlinable @inline(__always)
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  @inlinable
  static var current: EngineWord {
    @inline(__always) get { EngineWord(rawValue: perception_engine_load()) }
  }

  /// Whether the settled engine is Swift's Observation.
  @inlinable
  var isNative: Bool {
    @inline(__always) get { rawValue == PERCEPTION_ENGINE_NATIVE | PERCEPTION_ENGINE_SETTLED }
  }

  /// Whether the settled engine is Perception's runtime.
  @inlinable
  var isPerception: Bool {
    @inline(__always) get { rawValue == PERCEPTION_ENGINE_PERCEPTION | PERCEPTION_ENGINE_SETTLED }
  }

  @inlinable
  var isSettled: Bool {
    @inline(__always) get { rawValue & PERCEPTION_ENGINE_SETTLED != 0 }
  }

  /// `perception`, `native`, or 0 when none is chosen yet.
  var kind: UInt32 { rawValue & UInt32(PERCEPTION_ENGINE_KIND_MASK) }

  @inlinable
  static var perception: UInt32 { UInt32(PERCEPTION_ENGINE_PERCEPTION) }
  @inlinable
  static var native: UInt32 { UInt32(PERCEPTION_ENGINE_NATIVE) }
  @inlinable
  static var settled: UInt32 { UInt32(PERCEPTION_ENGINE_SETTLED) }

  func replace(with desired: UInt32) -> Bool {
    perception_engine_compare_exchange(rawValue, desired)
  }
}
