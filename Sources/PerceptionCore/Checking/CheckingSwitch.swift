/// Whether perception checking reports untracked reads (see ``withPerceptionChecking(_:)``):
/// in debug builds, on unless `PERCEPTION_CHECKING` is `0`, `false`, `no` or `off`.
@available(
  iOS, deprecated: 17, message: "'isPerceptionCheckingEnabled' is no longer needed in iOS 17+."
)
@available(
  macOS, deprecated: 14, message: "'isPerceptionCheckingEnabled' is no longer needed in macOS 14+."
)
@available(
  tvOS, deprecated: 17, message: "'isPerceptionCheckingEnabled' is no longer needed in tvOS 17+."
)
@available(
  watchOS, deprecated: 10,
  message: "'isPerceptionCheckingEnabled' is no longer needed in watchOS 10+."
)
public var isPerceptionCheckingEnabled: Bool {
  get { CheckingSwitch.shared.isEnabled }
  set { CheckingSwitch.shared.isEnabled = newValue }
}

/// One atomic word (so `@unchecked Sendable`), read as each checked context opens and before
/// each report; `unsettled` until the environment is read.
final class CheckingSwitch: @unchecked Sendable {
  static let shared = CheckingSwitch()

  private static let unsettled: UInt32 = 0
  private static let off: UInt32 = 1
  private static let on: UInt32 = 2

  private let word: UnsafeMutablePointer<AtomicWord>

  private init() {
    word = .allocate(capacity: 1)
    word.initializeWord(CheckingSwitch.unsettled)
  }

  var isEnabled: Bool {
    get {
      guard DebugBuild.isActive else { return false }
      let state = word.loadAcquire()
      if _fastPath(state != CheckingSwitch.unsettled) { return state == CheckingSwitch.on }
      let initial =
        (environmentSwitch("PERCEPTION_CHECKING") ?? true) ? CheckingSwitch.on : CheckingSwitch.off
      // A concurrent setter wins over the environment's default.
      _ = word.compareExchange(CheckingSwitch.unsettled, initial)
      return word.loadAcquire() == CheckingSwitch.on
    }
    set {
      guard DebugBuild.isActive else { return }
      word.storeRelease(newValue ? CheckingSwitch.on : CheckingSwitch.off)
    }
  }
}

/// Nil when unset or empty, false when `0`, `false`, `no` or `off`, else true.
func environmentSwitch(_ name: String) -> Bool? {
  guard let raw = Platform.environmentValue(name), !raw.isEmpty else { return nil }
  return !["0", "false", "no", "off"].contains(raw.lowercased())
}
