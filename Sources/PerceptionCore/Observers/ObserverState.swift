/// The atomic state of one tracking's observer: whether it still delivers, where a
/// willSet + didSet tracking is in its one mutation, and how many threads are delivering a
/// callback right now. Every observer of both engines keeps its state in one such word: the
/// `Observer` of Perception's runtime and of the native engine's willSet/didSet and options
/// trackings, and the `OnChangeOnce` around a one-shot tracking on the native engine.
///
/// The state goes through these values:
/// - `installing`: its registrations are being made. Events are delivered already (a thread
///   mutating a registrar registered so far must hear about it, on its own thread, before its
///   new value is stored), but only the installing thread touches the registrations.
/// - `finishedWhileInstalling`: fired (one-shot) or cancelled during installation; `arm()`
///   tells the installer to cancel the registrations made.
/// - `active`: installed; events are delivered.
/// - `finished`: fired (one-shot) or cancelled; events are ignored.
///
/// Leaving `installing` or `active` is a compare-exchange, so of two threads that mutate at
/// once exactly one fires a one-shot callback, and a mutation made inside the callback finds
/// the observer already finished instead of calling it again.
///
/// The word also counts the readers: the threads delivering a callback. A reader takes its
/// place only while the observer is unfinished, in the same compare-exchange that checks so,
/// and holds it until the callback has returned. (The one thread that finishes a one-shot
/// tracking becomes a reader in the compare-exchange that finishes it.) So a cancelling
/// thread, once it has finished the observer, knows that no new callback can start, and
/// `waitForReaders()` waits for the readers to leave: when it returns, no callback is running
/// either (the model of .NET's `CancellationTokenRegistration.Dispose`). It does not wait on a
/// thread that is itself inside a Perception callback (the per-thread callback depth), which
/// rules out a callback waiting for itself and two callbacks on two threads waiting for each
/// other.
///
/// The callbacks themselves live with the observer; this word says who may touch them.
/// Finishing lets go of them at once if no reader holds them (`claim()` says so); otherwise
/// the last reader out does, before it leaves (`leaveReader(releasing:)`), so that a waiting
/// cancel returns only once they are released. Exactly one thread clears them.
///
/// A willSet + didSet options tracking also keeps a `Phase` in the word, so that one
/// mutation's pair is delivered once even when several threads mutate.
struct ObserverState {
  /// In this order: a finished stage has the low bit set.
  enum Stage: UInt32 {
    case installing, finishedWhileInstalling, active, finished

    /// `finishedWhileInstalling` or `finished`: the stages with the low bit set.
    @inline(__always)
    var isFinished: Bool { rawValue & 1 != 0 }
  }

  /// Where a willSet + didSet options tracking is in delivering its one mutation.
  enum Phase: UInt32 {
    /// No willSet delivered yet.
    case idle
    /// One thread is delivering the willSet; other events are ignored meanwhile.
    case deliveringWillSet
    /// The willSet was delivered; the next didSet finishes the tracking.
    case awaitingDidSet
  }

  /// The word, in memory that never moves (an observer's header).
  private let word: UnsafeMutablePointer<AtomicWord>

  /// The state kept in `word`.
  init(_ word: UnsafeMutablePointer<AtomicWord>) {
    self.word = word
  }

  /// Sets the word to `stage`, in phase `idle`, with no readers, before any other thread can
  /// see it.
  @inline(__always)
  func initialize(_ stage: Stage) {
    word.initializeWord(stage.rawValue)
  }

  /// Whether it has fired (one-shot) or been cancelled: it will deliver nothing more.
  @inline(__always)
  var isFinished: Bool { Self.stage(of: load()).isFinished }

  /// Ends installation: `active` unless it finished meanwhile. Returns whether it did finish
  /// meanwhile, so that the installer cancels what it registered.
  @inline(__always)
  func arm() -> Bool {
    while true {
      let current = load()
      let finished = Self.stage(of: current) != .installing
      let stage: Stage = finished ? .finished : .active
      if compareExchange(current, Self.replacingStage(of: current, with: stage)) {
        return finished
      }
    }
  }

  /// Finishes the observer, for exactly one caller: returns the stage it finished from
  /// (`installing` or `active`) and whether it had no reader, in which case the caller lets go
  /// of the callbacks (otherwise the last reader out does); or nil if it had already finished.
  @inline(__always)
  func claim() -> (from: Stage, hadNoReader: Bool)? {
    while true {
      let current = load()
      let stage = Self.stage(of: current)
      if stage.isFinished { return nil }
      if compareExchange(current, Self.replacingStage(of: current, with: Self.finishing(stage))) {
        return (stage, Self.readers(of: current) == 0)
      }
    }
  }

  /// `claim()` for an observer that never has a reader nor a phase (`OnChangeOnce`): one
  /// compare-exchange from `active`. Returns whether this caller finished it.
  @inline(__always)
  func claimUnshared() -> Bool {
    compareExchange(Stage.active.rawValue, Stage.finished.rawValue)
  }

  /// Finishes the observer, as `claim()`, and takes a reader's place in the same step, so that
  /// a cancel elsewhere waits for the callback the caller is about to make. Returns the stage
  /// it finished from, and whether the caller is its only reader; or nil if it had already
  /// finished, or if `phase` is given and the observer is not in it. Give the place up with
  /// `leaveReader(releasing:)`.
  ///
  /// The only reader of an observer it finished is the last reader out, so it may take the
  /// callbacks rather than copy them (then `leaveReaderHavingTakenCallbacks()`): no reader can
  /// join a finished observer, and whoever else finishes it leaves them to the readers.
  @inline(__always)
  func claimAsReader(inPhase phase: Phase? = nil) -> (from: Stage, alone: Bool)? {
    while true {
      let current = load()
      let stage = Self.stage(of: current)
      if stage.isFinished { return nil }
      if let phase, Self.phase(of: current) != phase { return nil }
      let finished = Self.replacingStage(of: current, with: Self.finishing(stage))
      if compareExchange(current, finished + Self.reader) {
        return (stage, Self.readers(of: current) == 0)
      }
    }
  }

  /// Takes a reader's place, if the observer has not finished; false if it has. A reader may
  /// read the callbacks and call them, and must then give the place up with
  /// `leaveReader(releasing:)`.
  @inline(__always)
  func enterReader() -> Bool {
    while true {
      let current = load()
      if Self.stage(of: current).isFinished { return false }
      if compareExchange(current, current + Self.reader) { return true }
    }
  }

  /// Takes a reader's place and moves the observer from phase `from` to `to`, in one step;
  /// false if it has finished or is in another phase. Give the place up with
  /// `leaveReader(movingPhaseFrom:to:releasing:)` or `leaveReader(releasing:)`.
  @inline(__always)
  func enterReader(movingPhaseFrom from: Phase, to: Phase) -> Bool {
    while true {
      let current = load()
      if Self.stage(of: current).isFinished || Self.phase(of: current) != from { return false }
      if compareExchange(current, Self.replacingPhase(of: current, with: to) + Self.reader) {
        return true
      }
    }
  }

  /// Gives up this thread's reader place, as `leaveReader(releasing:)`, and in the same step
  /// moves the observer from phase `from` to `to` if it is unfinished and still in `from`.
  @inline(__always)
  func leaveReader(movingPhaseFrom from: Phase, to: Phase, releasing release: () -> Void) {
    while true {
      let current = load()
      if Self.stage(of: current).isFinished {
        // Finished while this reader delivered (cancelled): leave as any reader does.
        leaveReader(releasing: release)
        return
      }
      let moved =
        Self.phase(of: current) == from ? Self.replacingPhase(of: current, with: to) : current
      if compareExchange(current, moved - Self.reader) { return }
    }
  }

  /// Gives up this thread's reader place. The last reader out of a finished observer calls
  /// `release` first, while still a reader, to let go of the callbacks, so that a cancel
  /// waiting for the readers returns only once they are released.
  @inline(__always)
  func leaveReader(releasing release: () -> Void) {
    while true {
      let current = load()
      if Self.readers(of: current) == 1 && Self.stage(of: current).isFinished {
        // Nobody else can reach the callbacks now: no reader can join a finished observer,
        // and whoever finished it left them to the readers. Releasing them may run user code
        // (what they captured goes away), counted as inside a callback so that a cancel it
        // makes does not wait for this very reader.
        Self.insideCallback(release)
      }
      if compareExchange(current, current - Self.reader) { return }
    }
  }

  /// Gives up the reader place of the one reader of an observer it finished, which took the
  /// callbacks out and let go of them already (see `claimAsReader(inPhase:)`).
  @inline(__always)
  func leaveReaderHavingTakenCallbacks() {
    while true {
      let current = load()
      if compareExchange(current, current - Self.reader) { return }
    }
  }

  /// Unless this thread is inside a Perception callback, waits until the observer has no
  /// reader. Call it only once the observer has finished: then no reader can come, so the
  /// wait ends as soon as the callbacks running now return.
  func waitForReaders() {
    // Inside a callback, waiting could deadlock: with itself (a callback cancelling its own
    // tracking) or with a callback on another thread that cancels this thread's tracking.
    guard ThreadLocal.callbackDepth == 0 else { return }
    var checks = 0
    while Self.readers(of: load()) != 0 {
      // Most callbacks are short: check again for a while before yielding, because on a
      // busy machine a yielding thread may not run again for a whole time slice.
      checks += 1
      if checks > Self.checksBeforeYielding { CurrentThread.yield() }
    }
  }

  /// How many times `waitForReaders()` checks before it starts yielding: a few microseconds.
  static let checksBeforeYielding = 1000

  /// Runs `body`, a call of user code on behalf of an observer, counted in this thread's
  /// callback depth, where a cancel does not wait.
  static func insideCallback(_ body: () -> Void) {
    let depth = ThreadLocal.callbackDepth
    ThreadLocal.callbackDepth = depth + 1
    defer { ThreadLocal.callbackDepth = depth }
    body()
  }

  // The word: the stage in bits 0-1, the phase in bits 2-3, and above them the number of
  // readers.

  private static let stageMask: UInt32 = 3
  private static let phaseShift: UInt32 = 2
  private static let phaseMask: UInt32 = 3 << phaseShift
  private static let reader: UInt32 = 16

  @inline(__always)
  private func load() -> UInt32 {
    word.loadAcquire()
  }

  @inline(__always)
  private func compareExchange(_ expected: UInt32, _ desired: UInt32) -> Bool {
    word.compareExchange(expected, desired)
  }

  /// The finished stage an observer in `stage` moves to.
  private static func finishing(_ stage: Stage) -> Stage {
    stage == .installing ? .finishedWhileInstalling : .finished
  }

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

  private static func replacingStage(of word: UInt32, with stage: Stage) -> UInt32 {
    (word & ~stageMask) | stage.rawValue
  }

  private static func replacingPhase(of word: UInt32, with phase: Phase) -> UInt32 {
    (word & ~phaseMask) | (phase.rawValue << phaseShift)
  }
}
