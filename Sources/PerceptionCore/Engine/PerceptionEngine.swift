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
/// - ``select(_:observingObservableModels:)`` overrides both, when called before anything
///   perceptible runs.
///
/// Tracking sees `@Observable` models as well as `@Perceptible` ones wherever Swift's
/// Observation exists, on either engine, as swift-perception's does: on Perception's runtime,
/// each tracking scope runs inside Observation's tracking too. A process that reads no
/// `@Observable` model in a tracking call can choose Perception's runtime for `@Perceptible`
/// models alone (``select(_:observingObservableModels:)`` with `false`, or
/// `PERCEPTION_OBSERVABLE_MODELS=ignore`), whose scopes cost a tenth as much; see
/// ``observesObservableModels``.
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

  /// Chooses the engine for the whole process, and on Perception's runtime whether tracking
  /// observes `@Observable` models too.
  ///
  /// Call it once, at launch, before the first perceptible object is created and before the
  /// first tracking call. Choosing again what is already chosen does nothing; choosing
  /// anything else is a precondition failure, once the engine has run because objects made for
  /// one engine cannot be observed by the other, and before that because two parts of the
  /// program disagree about the engine and one of them would silently lose.
  ///
  /// - Parameters:
  ///   - engine: The engine.
  ///   - observingObservableModels: Whether tracking calls on Perception's runtime observe the
  ///     `@Observable` models they read, as they do by default wherever Observation exists;
  ///     nil leaves it to `PERCEPTION_OBSERVABLE_MODELS` and the default. Pass `false` only
  ///     with `.perception`, in a process whose tracking calls read `@Perceptible` models
  ///     alone: a change to an `@Observable` model they read then goes unseen, and each
  ///     tracking scope costs a tenth of what it costs with Observation's tracking around it.
  public static func select(
    _ engine: PerceptionEngine, observingObservableModels: Bool? = nil
  ) {
    perceptionPrecondition(
      engine.isAvailable,
      "Perception: the native engine needs Swift's Observation (iOS 17, macOS 14, tvOS 17, "
        + "watchOS 10 or later); select .perception on this system, or check "
        + "PerceptionEngine.native.isAvailable first.")
    perceptionPrecondition(
      engine == .perception || observingObservableModels != false,
      "Perception: the native engine observes @Observable models as Observation does; "
        + "select(.native, observingObservableModels: false) asks for what it cannot do. "
        + "Select .perception to track @Perceptible models alone.")
    let request = EngineChoice(engine: engine, observingObservableModels: observingObservableModels)
    while true {
      let word = EngineWord.current
      if word.isSettled {
        perceptionPrecondition(
          request.agrees(withSettled: word),
          "Perception: PerceptionEngine.\(request.spelling) was called after the "
            + "\(EngineChoice(settled: word).description) started running (a "
            + "PerceptionRegistrar, a tracking call or a read of PerceptionEngine.current "
            + "already settled it). Select the engine once at launch, before any perceptible "
            + "object is created, or set the environment variable PERCEPTION_ENGINE=\(engine) "
            + "instead.")
        return
      }
      guard let merged = request.merged(intoUnsettled: word) else {
        perceptionFatalError(
          "Perception: PerceptionEngine.\(request.spelling) was called after "
            + "PerceptionEngine.\(EngineChoice(unsettled: word).spelling); one process runs one "
            + "engine. Select it once, in one place, at launch.")
      }
      if merged == word.rawValue || word.replace(with: merged) { return }
    }
  }

  /// Whether tracking calls observe the `@Observable` models they read, as well as
  /// `@Perceptible` ones: on the native engine, always; on Perception's runtime, wherever
  /// Swift's Observation exists (Linux, iOS 17, macOS 14, tvOS 17, watchOS 10 and later),
  /// unless the process chose otherwise. Reading it settles the choice.
  public static var observesObservableModels: Bool {
    // Reading `current` settles the word.
    if current == .native { return true }
    guard !EngineWord.current.isPerceptibleOnly else { return false }
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
    #endif
    return false
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

  init(_ word: EngineWord) {
    self = word.kind == EngineWord.native ? .native : .perception
  }

  var kind: UInt32 {
    self == .native ? EngineWord.native : EngineWord.perception
  }

  /// Settles the choice: the engine `select(_:observingObservableModels:)` chose, else the environment's, else the
  /// platform's default.
  @usableFromInline @inline(never)
  static func settle() -> PerceptionEngine {
    while true {
      let word = EngineWord.current
      if word.isSettled {
        return PerceptionEngine(word)
      }
      let settled = EngineChoice(unsettled: word).settledWord
      if word.replace(with: settled) {
        return PerceptionEngine(EngineWord(rawValue: settled))
      }
    }
  }

  /// Whether `PERCEPTION_OBSERVABLE_MODELS` says `ignore`; false when it is unset, empty or
  /// `observe`.
  static var environmentIgnoresObservableModels: Bool {
    guard let value = Platform.environmentValue("PERCEPTION_OBSERVABLE_MODELS") else {
      return false
    }
    switch value.lowercased() {
    case "", "observe":
      return false
    case "ignore":
      return true
    default:
      perceptionFatalError(
        "Perception: PERCEPTION_OBSERVABLE_MODELS is '\(value)'; set it to 'ignore' (tracking on "
          + "Perception's runtime observes @Perceptible models alone) or 'observe', or unset it.")
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
