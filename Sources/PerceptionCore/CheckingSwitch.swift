import CPerceptionRuntime

/// Whether perception checking reports reads of perceptible state that no tracking scope
/// observes, in checked contexts (see ``withPerceptionChecking(_:)``).
///
/// On by default in debug builds, unless the environment variable `PERCEPTION_CHECKING` is
/// `0` (or `false`, `no`, `off`) when it is first read. In release builds it is always false,
/// and setting it does nothing: checking is compiled out there.
///
/// Safe to read and set from any thread. Turning it off while a checked context is open
/// silences that context's later reads.
public var isPerceptionCheckingEnabled: Bool {
  get { CheckingSwitch.shared.isEnabled }
  set { CheckingSwitch.shared.isEnabled = newValue }
}

/// The global switch's state, behind a lock: it is read when a checked context opens and when
/// a read is about to be reported, never on a quiet read.
final class CheckingSwitch: @unchecked Sendable {
  static let shared = CheckingSwitch()

  private let lock = Lock()
  /// nil until first read, so that the environment is consulted once, lazily.
  private var state: Bool?

  var isEnabled: Bool {
    get {
      #if DEBUG
        return lock.withLock {
          if let state { return state }
          let initial = CheckingSwitch.environmentAllowsChecking
          state = initial
          return initial
        }
      #else
        return false
      #endif
    }
    set {
      #if DEBUG
        lock.withLock { state = newValue }
      #endif
    }
  }

  /// False when `PERCEPTION_CHECKING` turns checking off.
  static var environmentAllowsChecking: Bool {
    guard let raw = perception_environment_value("PERCEPTION_CHECKING") else { return true }
    switch String(cString: raw).lowercased() {
    case "0", "false", "no", "off": return false
    default: return true
    }
  }
}
