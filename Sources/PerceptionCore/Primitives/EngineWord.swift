import CPerceptionRuntime

/// The process-wide engine word (`perception_engine.h`): which engine runs every registrar and
/// tracking call, and whether that choice is settled.
///
/// The load is relaxed: a registrar or a tracking scope exists only after the choice was
/// settled, and whoever holds one saw the settling happen before. Code that may run before
/// anything settled the choice reads `currentSettled` (in Engine).
@frozen @usableFromInline
struct EngineWord {
  @usableFromInline
  let rawValue: UInt32

  @inlinable @inline(__always)
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The word as it is now.
  @inlinable
  static var current: EngineWord {
    @inline(__always) get { EngineWord(rawValue: perception_engine_load()) }
  }

  /// Whether the settled engine is Swift's Observation: one compare of the whole word.
  @inlinable
  var isNative: Bool {
    @inline(__always) get { rawValue == EngineWord.native | EngineWord.settled }
  }

  /// Whether the settled engine is Perception's runtime: one compare of the whole word.
  @inlinable
  var isPerception: Bool {
    @inline(__always) get { rawValue == EngineWord.perception | EngineWord.settled }
  }

  /// Whether the choice can no longer change.
  @inlinable
  var isSettled: Bool {
    @inline(__always) get { rawValue & EngineWord.settled != 0 }
  }

  /// The engine chosen, `perception` or `native`, or 0 when none is yet.
  var kind: UInt32 { rawValue & UInt32(PERCEPTION_ENGINE_KIND_MASK) }

  @inlinable
  static var perception: UInt32 { UInt32(PERCEPTION_ENGINE_PERCEPTION) }
  @inlinable
  static var native: UInt32 { UInt32(PERCEPTION_ENGINE_NATIVE) }
  @inlinable
  static var settled: UInt32 { UInt32(PERCEPTION_ENGINE_SETTLED) }

  /// Replaces the word `self` with `desired`; returns whether it did.
  func replace(with desired: UInt32) -> Bool {
    perception_engine_compare_exchange(rawValue, desired)
  }
}
