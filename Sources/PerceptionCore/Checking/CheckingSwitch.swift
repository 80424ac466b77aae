/// Whether perception checking reports reads of perceptible state that no tracking scope
/// observes, in checked contexts (see ``withPerceptionChecking(_:)``).
///
/// On by default in debug builds, unless the environment variable `PERCEPTION_CHECKING` is
/// `0` (or `false`, `no`, `off`) when it is first read. Always false in release builds, where
/// checking is compiled out. Safe from any thread; turning it off silences the later reads of
/// open checked contexts.
///
/// Deprecated where SwiftUI observes perceptible models itself, as swift-perception marks it.
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

/// The switch's state, one atomic word: it is read as each checked context opens and before
/// each report.
final class CheckingSwitch: @unchecked Sendable {
  // Sendable: the word is only accessed atomically.
  static let shared = CheckingSwitch()

  /// Not yet read: the environment is consulted once, lazily.
  private static let unsettled: UInt32 = 0
  private static let off: UInt32 = 1
  private static let on: UInt32 = 2

  /// Never freed: the process's one switch.
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

/// An on/off environment variable: nil when unset or empty, false when `0`, `false`, `no` or
/// `off`, true otherwise.
func environmentSwitch(_ name: String) -> Bool? {
  guard let raw = Platform.environmentValue(name), !raw.isEmpty else { return nil }
  return !["0", "false", "no", "off"].contains(raw.lowercased())
}
