import Foundation
import Perception

/// What one `withContinuousPerception(options:apply:)` tracking's closure saw. The closure runs
/// on the global executor (the stress threads have no isolation), so everything is atomic.
final class ContinuousRecord: @unchecked Sendable {
  // Unchecked: the counters are atomic, the rest immutable.
  let calls = AtomicWord()
  /// Calls that started after the token's `cancel()` (or drop) returned on a stress thread:
  /// at most the one that had already taken its event, as the thread is not the closure's
  /// isolation.
  let lateCalls = AtomicWord()
  /// Set right after the token was cancelled or dropped.
  let cancelled = AtomicWord()
  /// Set right after the closure's own `event.cancel()` returned, on its isolation: no call
  /// may start after it.
  let cancelledInApply = AtomicWord()
  let callsAfterSelfCancel = AtomicWord()
  /// Calls whose event was of the wrong kind: `.initial` other than first, or not first, or
  /// a kind the options do not name, or with a wrong `matches`.
  let wrongEvents = AtomicWord()
  let options: PerceptionTracking.Options
  let cancelsItself: Bool

  init(options: PerceptionTracking.Options, cancelsItself: Bool) {
    self.options = options
    self.cancelsItself = cancelsItself
  }

  /// Its closure's bookkeeping; `item` is the object it reads.
  func apply(_ event: borrowing PerceptionTracking.Event, reading item: Item) {
    if cancelled.value != 0 { lateCalls.increment() }
    if cancelledInApply.value != 0 { callsAfterSelfCancel.increment() }
    let call = calls.increment()
    let kind = event.kind
    let rightKind =
      call == 1
      ? kind == .initial
      : kind == .willSet && options.contains(.willSet)
        || kind == .didSet
          && options.contains(.didSet)
    let rightMatch = (kind == .initial) != event.matches(\Item.a) && !event.matches(\Item.b)
    if !rightKind || !rightMatch { wrongEvents.increment() }
    item.locks[0].withLock { _ = item.a }
    if cancelsItself && call > 1 {
      event.cancel()
      cancelledInApply.store(1)
    }
  }
}

/// Signals when the closure that captures it is released.
final class ReleaseSignal: @unchecked Sendable {
  // Unchecked: a semaphore is thread-safe.
  let semaphore = DispatchSemaphore(value: 0)
  deinit { semaphore.signal() }
}

/// One continuous tracking a stress thread holds: the token, the object its closure reads
/// (only through its locks: the closure runs on other threads), and what it saw.
final class ContinuousSlot {
  var token: PerceptionTracking.Token?
  let item: Item
  let record: ContinuousRecord
  let released: DispatchSemaphore

  init(options: PerceptionTracking.Options, cancelsItself: Bool) {
    let item = Item()
    let record = ContinuousRecord(options: options, cancelsItself: cancelsItself)
    let signal = ReleaseSignal()
    self.item = item
    self.record = record
    released = signal.semaphore
    token = withContinuousPerception(options: options) { event in
      withExtendedLifetime(signal) { record.apply(event, reading: item) }
    }
  }
}

extension Context {
  /// Starts a continuous tracking, writes the object of one, or ends one; a thread holds at
  /// most two.
  func stepContinuous() {
    if continuousSlots.count < Context.maxContinuous {
      let options: PerceptionTracking.Options =
        [[.willSet], [.didSet], [.willSet, .didSet]][random.below(3)]
      continuousSlots.append(
        ContinuousSlot(options: options, cancelsItself: random.chance(1, in: 4)))
    } else if random.chance(2, in: 3) {
      let slot = continuousSlots[random.below(continuousSlots.count)]
      slot.item.locks[0].withLock { slot.item.bump(0) }
    } else {
      end(continuousSlots.remove(at: random.below(continuousSlots.count)))
    }
  }

  /// Cancels or drops the token, writes the object, and waits until the closure is released:
  /// then checks what the closure saw.
  func end(_ slot: ContinuousSlot) {
    if random.chance(1, in: 2) {
      slot.token.take()!.cancel()
    } else {
      slot.token = nil
    }
    let record = slot.record
    record.cancelled.store(1)
    slot.item.locks[0].withLock { slot.item.bump(0) }
    checked(.continuousAfterCancel)
    // A safety net only: the closure is released by the cancel, or by the call in flight
    // when it returns.
    let released = slot.released.wait(timeout: .now() + 10) == .success
    continuousCalls += Int(record.calls.value)
    continuousLateCalls += Int(record.lateCalls.value)
    continuousSelfCancels += Int(record.cancelledInApply.value)
    var problems: [String] = []
    if !released { problems.append("its closure still alive 10 s after the cancel") }
    if record.lateCalls.value > 1 {
      problems.append("\(record.lateCalls.value) calls started after the cancel returned")
    }
    if record.callsAfterSelfCancel.value != 0 {
      problems.append(
        "\(record.callsAfterSelfCancel.value) calls after its own event.cancel() returned")
    }
    if record.wrongEvents.value != 0 {
      problems.append("\(record.wrongEvents.value) events of a wrong kind or match")
    }
    guard !problems.isEmpty else { return }
    world.violations.record(
      .continuousAfterCancel,
      "a continuous tracking (\(describe(record.options))) ended by thread \(index) had "
        + problems.joined(separator: ", "))
  }
}
