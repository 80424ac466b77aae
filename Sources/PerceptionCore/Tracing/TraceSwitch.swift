/// Whether the change trace is on: when `PERCEPTION_TRACE` is set (to anything but `0`,
/// `false`, `no` or `off`) when first read, or while a `PerceptionTracing.withTraceHandler`
/// scope is open anywhere in the process; never in release builds. Asked when a tracking is
/// installed, never on a read or a write.
@usableFromInline
enum TraceSwitch {
  /// Bit 0: the environment was read. Bit 1: it turned tracing on. Above: open handler scopes.
  private static let settled: UInt32 = 1
  private static let fromEnvironment: UInt32 = 2
  private static let handler: UInt32 = 4

  /// Never freed: the process's one switch.
  nonisolated(unsafe) private static let word: UnsafeMutablePointer<AtomicWord> = {
    let word = UnsafeMutablePointer<AtomicWord>.allocate(capacity: 1)
    word.initializeWord(0)
    return word
  }()

  /// Inlinable, so that release builds' constant false reaches the inlined tracking paths.
  @inlinable
  static var isEnabled: Bool {
    DebugBuild.isActive && isEnabledNow()
  }

  /// `isEnabled` in debug builds, settled from the environment on first use.
  @usableFromInline
  static func isEnabledNow() -> Bool {
    var state = word.loadAcquire()
    if _slowPath(state & settled == 0) { state = settle() }
    return state & ~settled != 0
  }

  static var isOnFromEnvironment: Bool {
    isEnabled && word.loadAcquire() & fromEnvironment != 0
  }

  static func countHandler(_ delta: Int32) {
    _ = isEnabled
    update { delta > 0 ? $0 &+ handler : $0 &- handler }
  }

  private static func settle() -> UInt32 {
    let on = environmentSwitch("PERCEPTION_TRACE") ?? false
    return update { $0 | settled | (on ? fromEnvironment : 0) }
  }

  @discardableResult
  private static func update(_ change: (UInt32) -> UInt32) -> UInt32 {
    while true {
      let old = word.loadAcquire()
      let new = change(old)
      if word.compareExchange(old, new) { return new }
    }
  }
}
