/// What runs every registrar and tracking call of a process: Perception's own runtime, or
/// Swift's Observation. One engine runs a whole process, chosen once:
/// - By default, Observation wherever it exists (iOS 17, macOS 14, tvOS 17, watchOS 10 and
///   later, Linux, and every other platform whose toolchain ships it), as swift-perception
///   defers to it; Perception's runtime where it does not.
/// - The environment variable `PERCEPTION_ENGINE=native` or `=perception` overrides that; any
///   other value, or `native` where Observation is missing, is reported once and ignored.
/// - ``select(_:)`` overrides both, when called before anything perceptible runs.
///
/// The choice settles for good when the first ``PerceptionRegistrar`` is made or tracking call
/// runs, so objects and observers of two engines never mix. Perception's runtime observes
/// `@Perceptible` models alone: a read of an `@Observable` model in its tracking is not tracked.
public enum PerceptionEngine: Sendable, Hashable, CustomStringConvertible {
  /// Perception's runtime, on the C primitives of `CPerceptionRuntime`.
  case perception
  /// Swift's Observation, behind every registrar and tracking call.
  case native

  /// The engine this process runs on. Reading it settles the choice.
  public static var current: PerceptionEngine {
    PerceptionEngine(EngineWord.currentSettled)
  }

  /// Chooses the engine for the whole process: call it once, at launch, before the first
  /// perceptible object and tracking call. Choosing again what is chosen does nothing; anything
  /// else is a precondition failure, as objects made for one engine cannot be observed by the
  /// other, and two parts of a program that disagree about the engine must not silently lose.
  public static func select(_ engine: PerceptionEngine) {
    perceptionPrecondition(
      engine.isAvailable,
      "Perception: the native engine needs Swift's Observation (iOS 17, macOS 14, tvOS 17, "
        + "watchOS 10 or later); select .perception on this system, or check "
        + "PerceptionEngine.native.isAvailable first.")
    while true {
      let word = EngineWord.current
      if word.kind == engine.kind { return }
      perceptionPrecondition(
        !word.isSettled,
        "Perception: PerceptionEngine.select(.\(engine)) was called after the "
          + "\(PerceptionEngine(word)) engine started running (a PerceptionRegistrar, a "
          + "tracking call or a read of PerceptionEngine.current already settled it). Select "
          + "the engine once at launch, before any perceptible object is created, or set the "
          + "environment variable PERCEPTION_ENGINE=\(engine) instead.")
      perceptionPrecondition(
        word.kind == 0,
        "Perception: PerceptionEngine.select(.\(engine)) was called after "
          + "PerceptionEngine.select(.\(PerceptionEngine(word))); one process runs one engine. "
          + "Select it once, in one place, at launch.")
      if word.replace(with: engine.kind) { return }
    }
  }

  /// Whether this engine can run on this system: the native engine needs Swift's Observation.
  public var isAvailable: Bool {
    guard self == .native else { return true }
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) { return true }
    #endif
    return false
  }

  /// `native` or `perception`, as `PERCEPTION_ENGINE` spells it.
  public var description: String { self == .native ? "native" : "perception" }

  /// Whether the native engine runs; settles the choice if nothing has yet.
  @inlinable
  static var isNative: Bool {
    EngineWord.currentSettled.isNative
  }

  init(_ word: EngineWord) {
    self = word.kind == EngineWord.native ? .native : .perception
  }

  var kind: UInt32 {
    self == .native ? EngineWord.native : EngineWord.perception
  }

  /// The engine the environment chose, else the platform's default.
  static var settling: PerceptionEngine {
    environment.choice ?? platformDefault
  }

  static var platformDefault: PerceptionEngine {
    PerceptionEngine.native.isAvailable ? .native : .perception
  }

  /// `PERCEPTION_ENGINE`, read once: the engine it names, or why it names none the process can
  /// run. A value it cannot take is not a misuse at a call site, so it is reported (by the
  /// settling that uses it) and the process runs on the default, as if it were unset.
  static let environment: (choice: PerceptionEngine?, problem: String?) = {
    guard let value = Platform.environmentValue("PERCEPTION_ENGINE") else { return (nil, nil) }
    switch value.lowercased() {
    case "":
      return (nil, nil)
    case "native" where PerceptionEngine.native.isAvailable:
      return (.native, nil)
    case "native":
      return (
        nil,
        "Perception: PERCEPTION_ENGINE=native needs Swift's Observation (iOS 17, macOS 14, "
          + "tvOS 17, watchOS 10 or later); running on Perception's runtime, this system's "
          + "default. Unset it or set PERCEPTION_ENGINE=perception."
      )
    case "perception":
      return (.perception, nil)
    default:
      return (
        nil,
        "Perception: PERCEPTION_ENGINE is '\(value)', which names no engine; running on "
          + "\(platformDefault), this system's default. Set it to 'native' or 'perception', or "
          + "unset it."
      )
    }
  }()
}

extension EngineWord {
  @inlinable
  static var currentSettled: EngineWord {
    @inline(__always) get {
      let word = current
      return _fastPath(word.isSettled) ? word : settle()
    }
  }

  /// Settles the engine `select(_:)` chose, else `PerceptionEngine.settling`; the thread that
  /// settles the environment's choice reports a `PERCEPTION_ENGINE` it could not take.
  @usableFromInline @inline(never)
  static func settle() -> EngineWord {
    while true {
      let word = current
      if word.isSettled { return word }
      let kind = word.kind == 0 ? PerceptionEngine.settling.kind : word.kind
      if word.replace(with: kind | settled) {
        if word.kind == 0, let problem = PerceptionEngine.environment.problem {
          RuntimeReporter.report(RuntimeReport(message: problem))
        }
        return EngineWord(rawValue: kind | settled)
      }
    }
  }
}
