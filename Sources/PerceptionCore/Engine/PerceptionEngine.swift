/// The machinery that runs every registrar and every tracking call of a process: Perception's
/// own runtime, or Swift's Observation.
///
/// One engine runs a whole process, chosen once:
/// - By default, Apple platforms run on Swift's Observation wherever it exists (iOS 17,
///   macOS 14, tvOS 17, watchOS 10 and later), so a `@Perceptible` model is an `@Observable`
///   one to SwiftUI, and on Perception's runtime below those versions. Every other platform,
///   Linux included, runs on Perception's runtime, for its speed and its exactly-once
///   guarantees.
/// - The environment variable `PERCEPTION_ENGINE=native` or `PERCEPTION_ENGINE=perception`
///   overrides that default.
/// - ``select(_:)`` overrides both, when called before anything perceptible runs.
///
/// The choice settles the first time an engine is used: when the first ``PerceptionRegistrar``
/// is created or the first tracking call runs. From then on it cannot change, so objects and
/// observers of two engines never mix.
///
/// ```swift
/// @main
/// struct Tool {
///   static func main() {
///     // At launch, before the first perceptible object or tracking call.
///     PerceptionEngine.select(.perception)
///     print("running on", PerceptionEngine.current)  // "running on perception"
///   }
/// }
/// ```
public enum PerceptionEngine: Sendable, Hashable, CustomStringConvertible {
  /// Perception's runtime, on the C primitives of `CPerceptionRuntime`.
  case perception
  /// Swift's Observation: each registrar wraps an `ObservationRegistrar`, and tracking calls
  /// run `withObservationTracking`.
  case native

  /// The engine this process runs on. Reading it settles the choice.
  public static var current: PerceptionEngine {
    let word = EngineWord.current
    if word.isSettled {
      return PerceptionEngine(word)
    }
    return settle()
  }

  /// Chooses the engine for the whole process.
  ///
  /// Call it once, at launch, before the first perceptible object is created and before the
  /// first tracking call. Choosing again the engine already chosen does nothing; choosing
  /// another one is a precondition failure, once the engine has run because objects made for
  /// one engine cannot be observed by the other, and before that because two parts of the
  /// program disagree about the engine and one of them would silently lose.
  public static func select(_ engine: PerceptionEngine) {
    perceptionPrecondition(
      engine.isAvailable,
      "Perception: the native engine needs Swift's Observation (iOS 17, macOS 14, tvOS 17, "
        + "watchOS 10 or later); select .perception on this system, or check "
        + "PerceptionEngine.native.isAvailable first.")
    while true {
      let word = EngineWord.current
      if word.isSettled {
        let running = PerceptionEngine(word)
        perceptionPrecondition(
          running == engine,
          "Perception: PerceptionEngine.select(.\(engine)) was called after the \(running) "
            + "engine started running (a PerceptionRegistrar, a tracking call or a read of "
            + "PerceptionEngine.current already settled it). Select the engine once at launch, "
            + "before any perceptible object is created, or set the environment variable "
            + "PERCEPTION_ENGINE=\(engine) instead.")
        return
      }
      let chosen = word.kind
      perceptionPrecondition(
        chosen == 0 || chosen == engine.kind,
        "Perception: PerceptionEngine.select(.\(engine)) was called after "
          + "PerceptionEngine.select(.\(PerceptionEngine(word))); one process runs one "
          + "engine. Select it once, in one place, at launch.")
      if chosen == engine.kind || word.replace(with: engine.kind) { return }
    }
  }

  /// Whether this engine can run on this system: the native engine needs Swift's Observation.
  public var isAvailable: Bool {
    switch self {
    case .perception:
      return true
    case .native:
      #if canImport(Observation)
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
      #endif
      return false
    }
  }

  /// `native` or `perception`, as `PERCEPTION_ENGINE` spells it.
  public var description: String {
    switch self {
    case .perception: return "perception"
    case .native: return "native"
    }
  }

  /// `EngineWord.current.isNative` for code that may run before anything settled the choice
  /// (a registrar's creation, a tracking call): settles it when nothing has yet.
  @inlinable
  static var isNative: Bool {
    let word = EngineWord.current
    if _fastPath(word.isSettled) {
      return word.isNative
    }
    return current == .native
  }

  private init(_ word: EngineWord) {
    self = word.kind == EngineWord.native ? .native : .perception
  }

  private var kind: UInt32 {
    self == .native ? EngineWord.native : EngineWord.perception
  }

  /// Settles the choice: the engine `select(_:)` chose, else the environment's, else the
  /// platform's default.
  @usableFromInline @inline(never)
  static func settle() -> PerceptionEngine {
    while true {
      let word = EngineWord.current
      if word.isSettled {
        return PerceptionEngine(word)
      }
      let chosen = word.kind
      let kind = chosen != 0 ? chosen : (environmentChoice ?? platformDefault).kind
      if word.replace(with: kind | EngineWord.settled) {
        return PerceptionEngine(EngineWord(rawValue: kind))
      }
    }
  }

  /// The engine `PERCEPTION_ENGINE` names, or nil when it is unset or empty.
  static var environmentChoice: PerceptionEngine? {
    guard let value = Platform.environmentValue("PERCEPTION_ENGINE") else { return nil }
    switch value.lowercased() {
    case "":
      return nil
    case "native":
      perceptionPrecondition(
        PerceptionEngine.native.isAvailable,
        "Perception: PERCEPTION_ENGINE=native needs Swift's Observation (iOS 17, macOS 14, "
          + "tvOS 17, watchOS 10 or later); unset it or set PERCEPTION_ENGINE=perception.")
      return .native
    case "perception":
      return .perception
    default:
      perceptionFatalError(
        "Perception: PERCEPTION_ENGINE is '\(value)'; set it to 'native' or 'perception', or "
          + "unset it to use the platform's default.")
    }
  }

  /// Native Observation on Apple platforms that have it; Perception's runtime elsewhere.
  static var platformDefault: PerceptionEngine {
    Platform.isApple && PerceptionEngine.native.isAvailable ? .native : .perception
  }
}
