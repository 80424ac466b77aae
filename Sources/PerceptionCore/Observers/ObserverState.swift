/// The atomic state of one tracking's observer, on both engines (`Observer`, and the
/// `OnChangeOnce` of a native one-shot tracking): whether it still delivers, where a willSet +
/// didSet tracking is in its one mutation, and how many threads are delivering a callback.
///
/// Its stages:
/// - `installing`: registrations are being made. Events are delivered already (a thread
///   mutating a registrar registered so far must hear of it before its new value is stored),
///   but only the installing thread touches the registrations.
/// - `finishedWhileInstalling`: fired or cancelled during installation; `arm()` tells the
///   installer to cancel what it registered.
/// - `active`: installed; events are delivered.
/// - `finished`: fired or cancelled; events are ignored.
///
/// Leaving `installing` or `active` is a compare-exchange, so of two threads that mutate at
/// once exactly one fires a one-shot callback, and a mutation inside the callback finds the
/// observer finished instead of calling it again.
///
/// The word also counts readers, the threads delivering a callback. A reader joins only while
/// the observer is unfinished, in the compare-exchange that checks so, and leaves once its
/// callback returned; so once a canceller has finished the observer, no callback can start, and
/// `waitForReaders()` returns when the running ones have (as .NET's
/// `CancellationTokenRegistration.Dispose` does). A thread inside a Perception callback never
/// waits, which rules out a callback waiting for itself and two waiting for each other.
///
/// Exactly one thread releases the callbacks: the finisher if no reader holds them (`claim()`
/// says so), else the last reader out, before it leaves, so that a waiting cancel returns only
/// once they are released.
struct ObserverState {
  /// A finished stage has the low bit set.
  enum Stage: UInt32 {
    case installing, finishedWhileInstalling, active, finished

    @inline(__always)
    var isFinished: Bool { rawValue & 1 != 0 }

    /// The finished stage an observer in this stage moves to.
    var finishing: Stage { self == .installing ? .finishedWhileInstalling : .finished }
  }

  /// Where a willSet + didSet options tracking is in delivering its one mutation.
  enum Phase: UInt32 {
    /// No willSet delivered yet.
    case idle
    /// One thread is delivering the willSet; other events are ignored meanwhile.
    case deliveringWillSet
    /// The next didSet finishes the tracking.
    case awaitingDidSet
  }

  /// In memory that never moves (an observer's header).
  private let word: UnsafeMutablePointer<AtomicWord>

  init(_ word: UnsafeMutablePointer<AtomicWord>) {
    self.word = word
  }

  /// Sets `stage`, phase `idle` and no reader, before any other thread can see the word.
  @inline(__always)
  func initialize(_ stage: Stage) {
    word.initializeWord(stage.rawValue)
  }

  @inline(__always)
  var isFinished: Bool { Self.stage(of: word.loadAcquire()).isFinished }

  /// Ends installation: `active` unless it finished meanwhile, which it returns.
  @inline(__always)
  func arm() -> Bool {
    let old = update {
      Self.replacingStage(of: $0, with: Self.stage(of: $0) == .installing ? .active : .finished)
    }
    return Self.stage(of: old!) != .installing
  }

  /// Finishes the observer, for exactly one caller: the stage it left, and whether it had no
  /// reader (then the caller releases the callbacks); nil if it had finished already.
  @inline(__always)
  func claim() -> (from: Stage, hadNoReader: Bool)? {
    update { Self.stage(of: $0).isFinished ? nil : Self.finishing($0) }.map {
      (Self.stage(of: $0), Self.readers(of: $0) == 0)
    }
  }

  /// `claim()` for a word that never has a reader nor a phase: one compare-exchange.
  @inline(__always)
  func claimUnshared() -> Bool {
    word.compareExchange(Stage.active.rawValue, Stage.finished.rawValue)
  }

  /// Finishes the observer, as `claim()`, taking a reader's place in the same step: the stage
  /// it left, and whether the caller is its only reader (then it may take the callbacks rather
  /// than copy them, and leave with `leaveReaderHavingTakenCallbacks()`); nil if it had
  /// finished, or is not in `phase` when one is given.
  @inline(__always)
  func claimAsReader(inPhase phase: Phase? = nil) -> (from: Stage, alone: Bool)? {
    update {
      if Self.stage(of: $0).isFinished { return nil }
      if let phase, Self.phase(of: $0) != phase { return nil }
      return Self.finishing($0) + Self.reader
    }.map { (Self.stage(of: $0), Self.readers(of: $0) == 0) }
  }

  /// Takes a reader's place, unless the observer has finished; leave with `leaveReader`.
  @inline(__always)
  func enterReader() -> Bool {
    update { Self.stage(of: $0).isFinished ? nil : $0 + Self.reader } != nil
  }

  /// Takes a reader's place and moves from phase `from` to `to`, in one step; false if
  /// finished or in another phase.
  @inline(__always)
  func enterReader(movingPhaseFrom from: Phase, to: Phase) -> Bool {
    update {
      guard !Self.stage(of: $0).isFinished, Self.phase(of: $0) == from else { return nil }
      return Self.replacingPhase(of: $0, with: to) + Self.reader
    } != nil
  }

  /// Gives up this thread's reader place, and in the same step moves from phase `from` to `to`
  /// if the observer is unfinished and still in `from`.
  @inline(__always)
  func leaveReader(movingPhaseFrom from: Phase, to: Phase, releasing release: () -> Void) {
    let moved = update {
      // Finished meanwhile (cancelled): leave as any reader does.
      if Self.stage(of: $0).isFinished { return nil }
      return (Self.phase(of: $0) == from ? Self.replacingPhase(of: $0, with: to) : $0) - Self.reader
    }
    if moved == nil { leaveReader(releasing: release) }
  }

  /// Gives up this thread's reader place. The last reader out of a finished observer first
  /// calls `release`, counted as inside a callback (releasing what the callbacks captured may
  /// run user code that cancels).
  @inline(__always)
  func leaveReader(releasing release: () -> Void) {
    _ = update {
      if Self.readers(of: $0) == 1 && Self.stage(of: $0).isFinished {
        // No reader can join a finished observer: nobody else can reach the callbacks.
        Self.insideCallback(release)
      }
      return $0 - Self.reader
    }
  }

  /// Gives up the place of a finished observer's one reader, which released the callbacks.
  @inline(__always)
  func leaveReaderHavingTakenCallbacks() {
    _ = update { $0 - Self.reader }
  }

  /// Unless this thread is inside a Perception callback, waits until the observer, which has
  /// finished, has no reader.
  func waitForReaders() {
    guard ThreadLocal.callbackDepth == 0 else { return }
    var checks = 0
    while Self.readers(of: word.loadAcquire()) != 0 {
      // Most callbacks are short: spin a while before yielding, as on a busy machine a
      // yielding thread may not run again for a whole time slice.
      checks += 1
      if checks > 1000 { CurrentThread.yield() }
    }
  }

  /// Runs `body`, user code called for an observer, counted in this thread's callback depth.
  static func insideCallback(_ body: () -> Void) {
    let depth = ThreadLocal.callbackDepth
    ThreadLocal.callbackDepth = depth + 1
    defer { ThreadLocal.callbackDepth = depth }
    body()
  }

  /// Replaces the word with `transform` of it, atomically; returns the word replaced, or nil
  /// where `transform` returned nil.
  @inline(__always)
  private func update(_ transform: (UInt32) -> UInt32?) -> UInt32? {
    while true {
      let current = word.loadAcquire()
      guard let desired = transform(current) else { return nil }
      if word.compareExchange(current, desired) { return current }
    }
  }

  // The word: the stage in bits 0-1, the phase in bits 2-3, the number of readers above.
  private static let stageMask: UInt32 = 3
  private static let phaseShift: UInt32 = 2
  private static let phaseMask: UInt32 = 3 << phaseShift
  private static let reader: UInt32 = 16

  // A switch rather than `Stage(rawValue:)!`, which the optimizer leaves a call.
  @inline(__always)
  private static func stage(of word: UInt32) -> Stage {
    switch word & stageMask {
    case 0: .installing
    case 1: .finishedWhileInstalling
    case 2: .active
    default: .finished
    }
  }

  private static func phase(of word: UInt32) -> Phase {
    Phase(rawValue: (word & phaseMask) >> phaseShift)!
  }

  private static func readers(of word: UInt32) -> UInt32 {
    word / reader
  }

  private static func finishing(_ word: UInt32) -> UInt32 {
    replacingStage(of: word, with: stage(of: word).finishing)
  }

  private static func replacingStage(of word: UInt32, with stage: Stage) -> UInt32 {
    (word & ~stageMask) | stage.rawValue
  }

  private static func replacingPhase(of word: UInt32, with phase: Phase) -> UInt32 {
    (word & ~phaseMask) | (phase.rawValue << phaseShift)
  }
}
