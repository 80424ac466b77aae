import Foundation
import Perception

/// The smallest reproduction of a callback starting after its `cancel()` returned on another
/// thread: one item, one willSet tracking, a writer and a canceller.
///
/// Each round, the writer installs a tracking of `item.a` and writes it once, which hands the
/// tracking to the canceller; then it keeps writing while the canceller calls `cancel()` and,
/// once that returns, raises a flag. A willSet that starts and sees the flag is late. The
/// window is the few instructions between the observer's state check and the call, so it takes
/// many rounds; the count is what the fix of `Observer.receive` must bring to 0.
func runLateCallbackRepro(rounds: Int) -> Bool {
  print("perception-stress --late-callback-repro: engine \(PerceptionEngine.current)")
  let item = Item()
  let late = Counter()
  let handOff = TrackingHandOff()
  let canceller = Thread {
    for round in 1...rounds {
      let tracking = handOff.waitForTracking(round: round)
      tracking.cancel()
      handOff.cancelReturned.store(UInt32(truncatingIfNeeded: round))
    }
  }
  canceller.start()
  let began = Date()
  for round in 1...rounds {
    let cancelled = handOff.cancelReturned
    let roundNumber = UInt32(truncatingIfNeeded: round)
    withPerceptionTracking {
      _ = item.a
    } willSet: { tracking in
      if cancelled.value == roundNumber { late.increment() }
      handOff.offer(tracking, round: round)
    }
    // Writes until a little after the cancel returned, each one a chance to be late.
    var after = 0
    while after < 4 {
      item.a &+= 1
      if cancelled.value == roundNumber { after += 1 }
    }
  }
  let elapsed = Date().timeIntervalSince(began)
  print(
    "rounds: \(rounds) in \(String(format: "%.2f", elapsed)) s; willSet callbacks that started "
      + "after cancel() returned on the other thread: \(late.value)")
  return late.value == 0
}

/// Hands each round's tracking from the writer to the canceller.
final class TrackingHandOff: @unchecked Sendable {
  // Unchecked: `tracking` is guarded by `lock`; the words are atomic.
  private let lock = NSCondition()
  private var tracking: (round: Int, tracking: PerceptionTracking)?
  /// The last round whose cancel() returned.
  let cancelReturned = AtomicWord()

  func offer(_ tracking: PerceptionTracking, round: Int) {
    lock.withLock {
      if self.tracking?.round != round {
        self.tracking = (round, tracking)
        lock.signal()
      }
    }
  }

  func waitForTracking(round: Int) -> PerceptionTracking {
    lock.withLock {
      while self.tracking?.round != round { lock.wait() }
      return self.tracking!.tracking
    }
  }
}
