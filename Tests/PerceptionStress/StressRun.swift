import Foundation
import Perception

/// How a stress run is bounded and seeded.
struct StressSettings {
  var threads = 8
  /// Operations per thread, when `seconds` is nil.
  var operations = 20_000
  var seconds: Double?
  var seed: UInt64 = 1
  var watchdogSeconds = 10.0
  var sharedItems = 16
  var keptTrackings = 64
  /// `Perceptions` iterators over shared properties, checked at the end.
  var perceptionsWatches = 4
  /// How long an iterator may take to be scheduled and reach the final value at the end.
  var perceptionsSettleSeconds = 20.0
  /// Invariants whose violations are reported but do not fail the run: known defects, named
  /// on the command line (CI names them in .ci/stress.sh), never silently.
  var tolerated: Set<Invariant> = []
}

/// The multi-threaded stress: runs the threads, then reports and checks. Returns whether every
/// invariant held.
func runStress(_ settings: StressSettings) -> Bool {
  let world = World(items: settings.sharedItems, trackings: settings.keptTrackings)
  let contexts = (0..<settings.threads).map {
    Context(index: $0, world: world, seed: settings.seed)
  }
  print(
    "perception-stress: engine \(PerceptionEngine.current), \(settings.threads) threads, "
      + "seed \(settings.seed), "
      + (settings.seconds.map { "\($0) s" } ?? "\(settings.operations) operations per thread"))

  let watchdog = Watchdog(
    timeout: settings.watchdogSeconds,
    progress: { contexts.reduce(0) { $0 + UInt64($1.heartbeat.value) } },
    describe: {
      contexts.map {
        "thread \($0.index): \($0.heartbeat.value) operations, in "
          + "\(Operation(rawValue: Int($0.currentOperation.value))!)"
      }.joined(separator: "\n")
    })

  var watches = (0..<settings.perceptionsWatches).map {
    PerceptionsWatch(item: world.item($0 % settings.sharedItems), property: $0 % Item.propertyCount)
  }
  for watch in watches { watch.start() }

  let start = Date()
  let deadline = settings.seconds.map { start.addingTimeInterval($0) }
  let done = DispatchSemaphore(value: 0)
  for context in contexts {
    let thread = Thread {
      context.makeCurrent()
      if let deadline {
        while Date() < deadline {
          for _ in 0..<64 { context.performNext() }
        }
      } else {
        for _ in 0..<settings.operations { context.performNext() }
      }
      context.finish()
      context.resignCurrent()
      done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
  for _ in contexts { done.wait() }
  let elapsed = Date().timeIntervalSince(start)
  watchdog.stop()
  // The writers have stopped: every iterator ends on its property's final value.
  for watch in watches {
    let (reached, final, last) = watch.reachesFinalValue(within: settings.perceptionsSettleSeconds)
    if !reached {
      world.violations.record(
        .perceptionsLastElement,
        "a Perceptions iterator over \(Item.keyPath(watch.property)) ended on "
          + "\(last.map { "\($0)" } ?? "no element"), the property's final value being \(final)")
    }
    watch.stop()
  }
  // Each holds its item: gone before what is alive is counted.
  let watchCount = watches.count
  watches = []
  world.tearDown(in: nil)

  report(
    contexts, world: world, elapsed: elapsed, watches: watchCount, tolerated: settings.tolerated)
  return Invariant.allCases.allSatisfy {
    world.violations.count($0) == 0 || settings.tolerated.contains($0)
  }
}

private func report(
  _ contexts: [Context], world: World, elapsed: Double, watches: Int, tolerated: Set<Invariant>
) {
  let operations = contexts.reduce(0) { $0 + $1.performed.reduce(0, +) }
  let callbacks = contexts.reduce(0) { $0 + $1.callbacks }
  let rate = Int(Double(operations) / max(elapsed, 1e-9))
  print(
    "operations: \(operations) in \(String(format: "%.2f", elapsed)) s (\(rate)/s), "
      + "callbacks: \(callbacks)")
  let perKind = Operation.allCases.map { kind in
    "\(kind) \(contexts.reduce(0) { $0 + $1.performed[kind.rawValue] })"
  }
  print("  " + perKind.joined(separator: ", "))

  let counted = LiveCounts.checkNothingAlive(world.violations)
  print("invariants (checked / violations):")
  for invariant in Invariant.allCases {
    var checks = contexts.reduce(0) { $0 + $1.checks[invariant.rawValue] }
    if invariant == .nothingLeftAlive { checks = counted ? 3 : 0 }
    if invariant == .perceptionsLastElement { checks = watches }
    var line =
      "  \(invariant.title): \(checks) / \(world.violations.count(invariant))"
    if invariant == .noCallbackAfterCancel {
      let exempt = contexts.reduce(0) { $0 + $1.exempt }
      line += " (and \(exempt) after a cancel made inside a callback, which does not wait: allowed)"
    }
    if invariant == .continuousAfterCancel {
      line +=
        " (\(contexts.reduce(0) { $0 + $1.continuousCalls }) calls, "
        + "\(contexts.reduce(0) { $0 + $1.continuousSelfCancels }) cancelled in their closure, "
        + "\(contexts.reduce(0) { $0 + $1.continuousLateCalls }) already under way at a cancel)"
    }
    if invariant == .crossThreadWrite {
      line +=
        " (\(contexts.reduce(0) { $0 + $1.writtenDuringSetup }) at the end of a setup that "
        + "another thread's write reached)"
    }
    if tolerated.contains(invariant) && world.violations.count(invariant) != 0 {
      line +=
        "\n    KNOWN DEFECT, tolerated by --tolerate \(invariant): these violations do not fail "
        + "this run; drop the option to make them fail it"
    }
    print(line)
  }
}

// In this file rather than its own: with one file more, a clean build of this target (Swift
// 6.3.1, batch mode) failed to see `Item`'s `@Perceptible` conformance from OptionsRecord.swift.

/// A `Perceptions` iterator over one property of a shared item, on a task of its own, keeping
/// the last element it received: once the writers stop, it must reach the property's final
/// value (`Invariant.perceptionsLastElement`).
final class PerceptionsWatch: @unchecked Sendable {
  // Unchecked: `task` is touched by the thread that runs the stress only.
  let item: Item
  let property: Int
  private let seen = Seen()
  private var task: Task<Void, Never>?

  private final class WeakItem: Sendable {
    weak let item: Item?
    init(_ item: Item) { self.item = item }
  }

  /// What the iterator's task shares: its last element, under `lock`, and its end.
  private final class Seen: @unchecked Sendable {
    // Unchecked: `last` is guarded by `lock`.
    let lock = NSLock()
    var last: Int?
    let ended = DispatchSemaphore(value: 0)
  }

  init(item: Item, property: Int) {
    self.item = item
    self.property = property
  }

  func start() {
    let property = property
    let seen = seen
    // The task holds the item weakly: once the watch lets go of it, nothing the iterator made is
    // left alive with it, when `nothingLeftAlive` counts.
    let weakItem = WeakItem(item)
    task = Task.detached {
      // A shared item's property is read under its lock, as every stress thread reads it.
      let values = Perceptions { () -> Int? in
        guard let item = weakItem.item else { return nil }
        return item.locks[property].withLock { item.value(property) }
      }
      for await value in values {
        seen.lock.withLock { seen.last = value }
      }
      seen.ended.signal()
    }
  }

  /// Whether the last element reaches the property's current value within `seconds`: the
  /// wait for the iterator's task to be scheduled and run, not a delay in what it receives.
  func reachesFinalValue(within seconds: Double) -> (reached: Bool, final: Int, last: Int?) {
    let final = item.locks[property].withLock { item.value(property) }
    let deadline = Date().addingTimeInterval(seconds)
    while seen.lock.withLock({ seen.last }) != final && Date() < deadline { usleep(1000) }
    let last = seen.lock.withLock { seen.last }
    return (last == final, final, last)
  }

  /// Cancels the iterator's task and waits for its loop to end.
  func stop() {
    task?.cancel()
    seen.ended.wait()
  }
}
