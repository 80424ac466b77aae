/// The atomic state of one tracking's observer on both engines (`Observer`, a native one-shot
/// tracking's `OnChangeOnce`): its stage, a willSet + didSet tracking's phase, and its readers,
/// the threads delivering a callback.
///
/// - `installing`: the installer alone makes registrations; events are delivered already (a
///   thread mutating a registrar registered so far must hear of it before storing the value).
/// - `finishedWhileInstalling`: fired or cancelled meanwhile; `arm()` then cancels them.
/// - `active`: installed, delivering. `finished`: fired or cancelled, ignoring events.
///
/// Leaving `installing` or `active` is a compare-exchange: of two threads mutating at once
/// exactly one fires a one-shot callback, and a mutation inside the callback finds it finished.
/// A reader joins only while unfinished, in the compare-exchange that checks so, and leaves once
/// its callback returns: after a canceller finishes the observer no callback starts, and
/// `waitForReaders()` returns once the running ones have (as .NET's
/// `CancellationTokenRegistration.Dispose`). A thread inside a Perception callback never waits,
/// so no callback waits for itself and no two for each other. Exactly one thread releases the
/// callbacks: the finisher if no reader holds them (`claim()` says so), else the last reader
/// out, before leaving, so that a waiting cancel returns only once they are released.
///
/// A waiting thread sleeps (`ReaderWait`): it sets the waiter bit, and the last reader out of a
/// word with that bit wakes it. A word has the bit only once finished, when no reader joins: it
/// is never cleared.
struct ObserverState {
  /// A finished stage has the low bit set (`finishedBit`): finishing sets it.
  enum Stage: UInt32 {
    case installing, finishedWhileInstalling, active, finished
  }

  /// Where a willSet + didSet options tracking is in its one mutation: while one thread is
  /// `deliveringWillSet`, other events are ignored; when `awaitingDidSet`, the next finishes it.
  enum Phase: UInt32 {
    case idle, deliveringWillSet, awaitingDidSet
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
  var isFinished: Bool { word.loadAcquire() & Self.finishedBit != 0 }

  /// In phase `idle`: no willSet delivered or being delivered.
  var isIdle: Bool { Self.phase(of: word.loadAcquire()) == .idle }

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
    update { $0 & Self.finishedBit != 0 ? nil : $0 | Self.finishedBit }.map {
      (Self.stage(of: $0), Self.readers(of: $0) == 0)
    }
  }

  /// `claim()` for a word that never has a reader nor a phase: one compare-exchange.
  @inline(__always)
  func claimUnshared() -> Bool {
    word.compareExchange(Stage.active.rawValue, Stage.finished.rawValue)
  }

  /// `claim()`, taking a reader's place too; `alone` lets the caller take the callbacks and
  /// leave with `leaveReaderHavingTakenCallbacks()`. Nil also when in `phase`, if given.
  @inline(__always)
  func claimAsReader(unlessInPhase phase: Phase? = nil) -> (from: Stage, alone: Bool)? {
    update {
      if $0 & Self.finishedBit != 0 { return nil }
      if let phase, Self.phase(of: $0) == phase { return nil }
      return ($0 | Self.finishedBit) + Self.reader
    }.map { (Self.stage(of: $0), Self.readers(of: $0) == 0) }
  }

  /// Takes a reader's place, unless the observer has finished; leave with `leaveReader`.
  @inline(__always)
  func enterReader() -> Bool {
    update { $0 & Self.finishedBit != 0 ? nil : $0 + Self.reader } != nil
  }

  /// Takes a reader's place and moves phase `from` to `to`; false if finished or in another.
  @inline(__always)
  func enterReader(movingPhaseFrom from: Phase, to: Phase) -> Bool {
    update {
      guard $0 & Self.finishedBit == 0, Self.phase(of: $0) == from else { return nil }
      return Self.replacingPhase(of: $0, with: to) + Self.reader
    } != nil
  }

  /// Gives up this thread's reader place, moving phase `from` to `to` if unfinished and in `from`.
  @inline(__always)
  func leaveReader(movingPhaseFrom from: Phase, to: Phase, releasing release: () -> Void) {
    // Left unfinished, the word had no waiter to wake.
    let moved = update {
      if $0 & Self.finishedBit != 0 { return nil }
      return (Self.phase(of: $0) == from ? Self.replacingPhase(of: $0, with: to) : $0) - Self.reader
    }
    if moved == nil { leaveReader(releasing: release) }
  }

  /// Gives up this thread's reader place. The last reader out of a finished observer first
  /// calls `release`, as inside a callback: releasing what they captured may run user code.
  @inline(__always)
  func leaveReader(releasing release: () -> Void) {
    var released = false
    let left = exchange {
      if !released && Self.readers(of: $0) == 1 && $0 & Self.finishedBit != 0 {
        // No reader can join a finished observer: nobody else can reach the callbacks. Only a
        // waiter's bit can change the word now, and a retry must not release them again.
        released = true
        Self.insideCallback(release)
      }
      return $0 - Self.reader
    }
    Self.wakeWaiters(ifLeft: left)
  }

  @inline(__always)
  func leaveReaderHavingTakenCallbacks() {
    Self.wakeWaiters(ifLeft: word.subtract(Self.reader))
  }

  /// Unless this thread is inside a Perception callback, sleeps until no reader is left. Only
  /// once finished: no reader joins then, so the count only falls.
  func waitForReaders() {
    guard ThreadLocal.callbackDepth == 0, Self.readers(of: word.loadAcquire()) != 0 else { return }
    ReaderWait.sleep(on: word, readerMask: Self.readerMask, waiterBit: Self.waiter)
  }

  /// Runs `body`, user code called for an observer, counted in this thread's callback depth.
  static func insideCallback(_ body: () -> Void) {
    let depth = ThreadLocal.callbackDepth
    ThreadLocal.callbackDepth = depth + 1
    defer { ThreadLocal.callbackDepth = depth }
    body()
  }

  /// `update` for a transform that always gives a word: the word it replaced.
  @inline(__always)
  private func exchange(_ transform: (UInt32) -> UInt32) -> UInt32 {
    update { transform($0) }!
  }

  @inline(__always)
  private func update(_ transform: (UInt32) -> UInt32?) -> UInt32? {
    while true {
      let current = word.loadAcquire()
      guard let desired = transform(current) else { return nil }
      if word.compareExchange(current, desired) { return current }
    }
  }

  // The word: the stage in bits 0-1, the phase in bits 2-3, the waiter bit 4 (a thread sleeps
  // or slept in `waitForReaders()`), the number of readers above.
  private static let stageMask: UInt32 = 3
  private static let finishedBit: UInt32 = 1
  private static let phaseShift: UInt32 = 2
  private static let phaseMask: UInt32 = 3 << phaseShift
  private static let waiter: UInt32 = 16
  private static let reader: UInt32 = 32
  private static let readerMask: UInt32 = ~(reader - 1)

  /// After the exchange that left `word` (the value it replaced): wakes the waiters if the last
  /// reader left a word they wait on. The word may be gone by then: the waiters are not woken
  /// through it.
  @inline(__always)
  private static func wakeWaiters(ifLeft word: UInt32) {
    // The rare bit first: a reader leaving a word nobody waits on tests one bit.
    if word & waiter != 0 && readers(of: word) == 1 { ReaderWait.wakeWaiters() }
  }

  // A switch rather than `Stage(rawValue:)!`, which stays a call.
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
