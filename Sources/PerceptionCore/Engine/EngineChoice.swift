/// What a process chose of its engine: which engine, and on Perception's runtime whether
/// tracking observes `@Observable` models too, each part either chosen in code
/// (`PerceptionEngine.select`) or left to the environment and the platform's default, which
/// fill it in when the choice settles.
///
/// Read from and written to the engine word, whose bits say the same: the kind, and before
/// settling `observableModelsChosen` with `perceptibleOnly`; once settled, the kind and
/// `perceptibleOnly` alone, so that the tracking paths' tests stay one compare of the word.
struct EngineChoice {
  /// Nil until chosen.
  var engine: PerceptionEngine?
  /// Nil until chosen: whether Perception's runtime observes `@Observable` models.
  var observingObservableModels: Bool?

  init(engine: PerceptionEngine?, observingObservableModels: Bool?) {
    self.engine = engine
    self.observingObservableModels = observingObservableModels
  }

  /// The choice an unsettled word holds.
  init(unsettled word: EngineWord) {
    engine = word.kind == 0 ? nil : PerceptionEngine(word)
    observingObservableModels =
      word.rawValue & EngineWord.observableModelsChosen == 0
      ? nil : word.rawValue & EngineWord.perceptibleOnly == 0
  }

  /// The choice a settled word holds: every part chosen.
  init(settled word: EngineWord) {
    engine = PerceptionEngine(word)
    observingObservableModels = word.rawValue & EngineWord.perceptibleOnly == 0
  }

  /// The settled word for this choice, its open parts filled in from the environment
  /// (`PERCEPTION_ENGINE`, `PERCEPTION_OBSERVABLE_MODELS`) and the platform's default.
  /// `PERCEPTION_OBSERVABLE_MODELS=ignore` leaves the native engine as it is (it observes
  /// every model, as Observation does), so that one environment serves both engines' runs.
  var settledWord: UInt32 {
    let engine = engine ?? PerceptionEngine.environmentChoice ?? PerceptionEngine.platformDefault
    guard engine == .perception else { return engine.kind | EngineWord.settled }
    let observing =
      observingObservableModels ?? !PerceptionEngine.environmentIgnoresObservableModels
    return engine.kind | (observing ? 0 : EngineWord.perceptibleOnly) | EngineWord.settled
  }

  /// Whether this request, from `select`, asks for nothing the settled `word` does not run.
  func agrees(withSettled word: EngineWord) -> Bool {
    let running = EngineChoice(settled: word)
    return engine == running.engine
      && (observingObservableModels == nil
        || observingObservableModels == running.observingObservableModels)
  }

  /// The unsettled word with this request, from `select`, added; nil if the two disagree.
  func merged(intoUnsettled word: EngineWord) -> UInt32? {
    let chosen = EngineChoice(unsettled: word)
    if let engine, let other = chosen.engine, engine != other { return nil }
    if let observing = observingObservableModels, let other = chosen.observingObservableModels,
      observing != other
    {
      return nil
    }
    var merged = (engine ?? chosen.engine).map(\.kind) ?? 0
    if let observing = observingObservableModels ?? chosen.observingObservableModels {
      merged |= EngineWord.observableModelsChosen | (observing ? 0 : EngineWord.perceptibleOnly)
    }
    return merged
  }

  /// How `PerceptionEngine.select` is called for this choice.
  var spelling: String {
    let engine = engine.map { ".\($0)" } ?? "nil"
    guard let observing = observingObservableModels else { return "select(\(engine))" }
    return "select(\(engine), observingObservableModels: \(observing))"
  }

  /// The engine, said as the precondition messages say it.
  var description: String {
    let engine = engine.map { "\($0)" } ?? "unchosen"
    guard observingObservableModels == false else { return "\(engine) engine" }
    return "\(engine) engine, observing @Perceptible models alone,"
  }
}
