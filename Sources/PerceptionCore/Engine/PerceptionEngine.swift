import CPerceptionRuntime

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
    let word = perception_engine_load()
    if word & PERCEPTION_ENGINE_SETTLED != 0 {
      return PerceptionEngine(kind: word)
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
      let word = perception_engine_load()
      if word & PERCEPTION_ENGINE_SETTLED != 0 {
        let running = PerceptionEngine(kind: word)
        perceptionPrecondition(
          running == engine,
          "Perception: PerceptionEngine.select(.\(engine)) was called after the \(running) "
            + "engine started running (a PerceptionRegistrar, a tracking call or a read of "
            + "PerceptionEngine.current already settled it). Select the engine once at launch, "
            + "before any perceptible object is created, or set the environment variable "
            + "PERCEPTION_ENGINE=\(engine) instead.")
        return
      }
      let chosen = word & PERCEPTION_ENGINE_KIND_MASK
      perceptionPrecondition(
        chosen == 0 || chosen == engine.kind,
        "Perception: PerceptionEngine.select(.\(engine)) was called after "
          + "PerceptionEngine.select(.\(PerceptionEngine(kind: word))); one process runs one "
          + "engine. Select it once, in one place, at launch.")
      if chosen == engine.kind || perception_engine_compare_exchange(word, engine.kind) { return }
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

  /// Whether the settled engine is the native one: the hot paths' one test. Settles the choice
  /// when nothing has yet.
  @inlinable
  static var isNative: Bool {
    let word = perception_engine_load()
    if _fastPath(word & PERCEPTION_ENGINE_SETTLED != 0) {
      return word == PERCEPTION_ENGINE_NATIVE | PERCEPTION_ENGINE_SETTLED
    }
    return current == .native
  }

  private init(kind word: UInt32) {
    self = word & PERCEPTION_ENGINE_KIND_MASK == PERCEPTION_ENGINE_NATIVE ? .native : .perception
  }

  private var kind: UInt32 {
    self == .native ? PERCEPTION_ENGINE_NATIVE : PERCEPTION_ENGINE_PERCEPTION
  }

  /// Settles the choice: the engine `select(_:)` chose, else the environment's, else the
  /// platform's default.
  @usableFromInline @inline(never)
  static func settle() -> PerceptionEngine {
    while true {
      let word = perception_engine_load()
      if word & PERCEPTION_ENGINE_SETTLED != 0 {
        return PerceptionEngine(kind: word)
      }
      let chosen = word & PERCEPTION_ENGINE_KIND_MASK
      let kind = chosen != 0 ? chosen : (environmentChoice ?? platformDefault).kind
      if perception_engine_compare_exchange(word, kind | PERCEPTION_ENGINE_SETTLED) {
        return PerceptionEngine(kind: kind)
      }
    }
  }

  /// The engine `PERCEPTION_ENGINE` names, or nil when it is unset or empty.
  static var environmentChoice: PerceptionEngine? {
    guard let raw = perception_environment_value("PERCEPTION_ENGINE") else { return nil }
    let value = String(cString: raw)
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
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      return PerceptionEngine.native.isAvailable ? .native : .perception
    #else
      return .perception
    #endif
  }
}
