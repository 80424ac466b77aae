import Foundation
import Perception

/// One stress thread's own state. Only its thread touches it, except the two atomic words the
/// watchdog reads; callbacks find the context of the thread they run on with `current`.
final class Context: @unchecked Sendable {
  // Unchecked: see above.
  let index: Int
  let world: World
  var random: SplitMix64
  /// How many callbacks deep this thread is.
  var depth = 0
  /// The number of the top-level operation under way: a chain of callbacks belongs to one.
  var operation: UInt64 = 0
  var checks = [Int](repeating: 0, count: Invariant.allCases.count)
  /// Callbacks delivered after cancels made inside callbacks only, which do not wait for the
  /// callbacks running on other threads: allowed.
  var exempt = 0
  var performed = [Int](repeating: 0, count: Operation.allCases.count)
  var callbacks = 0
  /// Items only this thread reads or writes.
  var privateItems: [Item]
  /// One-shots that tracked one property of an item this thread holds, to write later.
  var pendingOneShots: [(record: OneShotRecord, item: Item, property: Int, shared: Bool)] = []
  /// willSet/didSet trackings of private items, counted exactly.
  var privateTrackings: [EventRecord] = []
  /// Continuous trackings of fresh objects, their tokens held.
  var continuousSlots: [ContinuousSlot] = []
  /// The ended continuous trackings' calls, calls after a cancel (allowed: the one under
  /// way), and trackings that cancelled themselves, for the report.
  var continuousCalls = 0
  var continuousLateCalls = 0
  var continuousSelfCancels = 0
  /// Cross-thread one-shots that another thread's write reached during their setup.
  var writtenDuringSetup = 0
  /// Operations performed, for the watchdog.
  let heartbeat = AtomicWord()
  /// The operation under way (its raw value), for the watchdog's report.
  let currentOperation = AtomicWord()

  /// Callbacks deeper than this do nothing more, so that reentrant writes end.
  static let maxDepth = 2
  static let maxPending = 8
  static let maxContinuous = 2

  init(index: Int, world: World, seed: UInt64) {
    self.index = index
    self.world = world
    random = SplitMix64(seed: seed &+ UInt64(index) &* 0x1000_0000_01b3)
    privateItems = (0..<4).map { _ in Item() }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create failed")
    return key
  }()

  /// The context of the calling thread, if it is a stress thread.
  static var current: Context? {
    pthread_getspecific(key).map { Unmanaged<Context>.fromOpaque($0).takeUnretainedValue() }
  }

  func makeCurrent() {
    pthread_setspecific(Context.key, Unmanaged.passUnretained(self).toOpaque())
  }

  func resignCurrent() {
    pthread_setspecific(Context.key, nil)
  }

  func checked(_ invariant: Invariant) {
    checks[invariant.rawValue] += 1
  }

  /// Runs a callback's own work one level deeper.
  func inCallback(_ body: (Context) -> Void) {
    callbacks += 1
    depth += 1
    body(self)
    depth -= 1
  }

  /// Runs `body` holding the lock of `property` of a shared item; returns false if it did not
  /// run. At the top level the thread holds no other lock, so it waits; inside a callback the
  /// writer that called it holds one, and waiting could deadlock with a thread that holds this
  /// one and waits for ours, so it only tries.
  @discardableResult
  func withLock(of item: Item, _ property: Int, _ body: () -> Void) -> Bool {
    let lock = item.locks[property]
    if depth == 0 {
      lock.lock()
    } else if !lock.try() {
      return false
    }
    body()
    lock.unlock()
    return true
  }

  /// Reads a random property of a random shared item; inside a tracking scope, it is tracked.
  func readShared() {
    let item = world.item(random.below(world.itemCount))
    let property = random.below(Item.propertyCount)
    withLock(of: item, property) { _ = item.value(property) }
  }

  /// Writes a new value to a random property of a random shared item.
  func writeShared() {
    let item = world.item(random.below(world.itemCount))
    let property = random.below(Item.propertyCount)
    withLock(of: item, property) {
      item.bump(property)
      checkAwaitingWrite(item, property)
    }
  }

  /// A one-shot over one property of a shared item, read under its lock. Once its setup ends,
  /// a write of the property since the read, by any thread, has returned and must have fired it
  /// (the writers hold the lock while their callbacks run); with none, it waits in the item for
  /// the next top-level write's check.
  func crossThreadOneShot() {
    let item = world.item(random.below(world.itemCount))
    let property = random.below(Item.propertyCount)
    let record = OneShotRecord(world: world)
    var versionRead = 0
    withPerceptionTracking {
      _ = withLock(of: item, property) {
        _ = item.value(property)
        versionRead = item.crossThread[property].version
      }
    } onChange: {
      record.onChange()
    }
    withLock(of: item, property) {
      let writes = item.crossThread[property].version - versionRead
      guard writes != 0 else {
        item.crossThread[property].awaitingWrite.append(record.fired)
        return
      }
      checked(.crossThreadWrite)
      writtenDuringSetup += 1
      let fired = record.fired.value
      if fired != 1 {
        world.violations.record(
          .crossThreadWrite,
          "a one-shot over \(Item.keyPath(property)) of a shared item had fired \(fired) times "
            + "at the end of its setup on thread \(index), after \(writes) writes since its read")
      }
    }
  }

  /// After a top-level write of a shared item's property, under its lock: every one-shot that
  /// waited on it has fired. Inside a callback the write that called it may still be handing
  /// its willSet to others, so only a top-level write checks.
  func checkAwaitingWrite(_ item: Item, _ property: Int) {
    guard depth == 0, !item.crossThread[property].awaitingWrite.isEmpty else { return }
    for firings in item.crossThread[property].awaitingWrite {
      checked(.crossThreadWrite)
      let fired = firings.value
      if fired != 1 {
        world.violations.record(
          .crossThreadWrite,
          "a one-shot over \(Item.keyPath(property)) of a shared item had fired \(fired) times "
            + "when thread \(index)'s write of it returned")
      }
    }
    item.crossThread[property].awaitingWrite = []
  }

  /// Writes a new value to a random property of a random private item.
  func writePrivate() {
    // Empty while `finish()` lets go of the items, whose releases call one-shots back.
    guard !privateItems.isEmpty else { return }
    privateItems[random.below(privateItems.count)].bumpCounted(random.below(Item.propertyCount))
  }

  /// Retires everything the thread still tracks and lets go of its items.
  func finish() {
    for record in privateTrackings { record.retire(in: self) }
    privateTrackings = []
    for slot in continuousSlots { end(slot) }
    continuousSlots = []
    pendingOneShots = []
    // Released after the assignment, not during it: a release calls the one-shots that
    // tracked the item, and their callbacks may write private items (exclusive access).
    let released = privateItems
    privateItems = []
    withExtendedLifetime(released) {}
  }
}
