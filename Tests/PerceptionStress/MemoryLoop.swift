import Foundation
import Perception

/// How many cycles of each kind the memory loop runs, and how much resident memory it may
/// keep.
struct MemorySettings {
  var trackFire = 1_000_000
  var installCancel = 1_000_000
  var createRelease = 100_000
  /// Cycles of each kind run before the starting figure is taken, so that the allocator's
  /// caches and the runtime's first tables are in place.
  var warmUp = 10_000
  /// The most the final resident memory may exceed the starting one.
  var boundBytes = 1 << 20
}

/// The memory loop: track/fire, install/cancel and create/observe/release cycles, one kind
/// after the other on this thread. Returns whether resident memory came back within the bound,
/// every callback ran as expected, and (where counted) nothing is left alive.
func runMemoryLoop(_ settings: MemorySettings) -> Bool {
  print("perception-stress --memory: engine \(PerceptionEngine.current)")
  let cycles = MemoryCycles()
  let progress = Counter()
  let watchdog = Watchdog(
    timeout: 10, progress: { UInt64(progress.value) },
    describe: { "the memory loop, after \(progress.value) batches" })
  defer { watchdog.stop() }
  cycles.run(settings.warmUp, cycles.trackFire)
  cycles.run(settings.warmUp, cycles.installCancel)
  cycles.run(settings.warmUp, cycles.createRelease)
  cycles.reset()
  // The first reading and the clock allocate once for good; the starting figure comes after.
  let began = Date()
  _ = residentBytes()
  let start = residentBytes()
  var peak = start ?? 0

  for (count, cycle) in [
    (settings.trackFire, cycles.trackFire), (settings.installCancel, cycles.installCancel),
    (settings.createRelease, cycles.createRelease),
  ] {
    var done = 0
    while done < count {
      let batch = min(4096, count - done)
      cycles.run(batch, cycle)
      done += batch
      progress.increment()
      peak = max(peak, residentBytes() ?? 0)
    }
  }
  let elapsed = Date().timeIntervalSince(began)
  cycles.release()
  let final = residentBytes()

  var ok = true
  func expect(_ condition: Bool, _ message: String) {
    if !condition {
      print("FAIL: \(message)")
      ok = false
    }
  }
  print(
    "cycles: \(settings.trackFire) track/fire, \(settings.installCancel) install/cancel, "
      + "\(settings.createRelease) create/observe/release in \(String(format: "%.2f", elapsed)) s")
  expect(
    cycles.fired.value == settings.trackFire,
    "\(cycles.fired.value) onChange calls for \(settings.trackFire) track/fire cycles")
  expect(
    cycles.willSets.value == settings.installCancel,
    "\(cycles.willSets.value) willSet calls for \(settings.installCancel) install/cancel cycles")
  expect(
    cycles.didSets.value == 0,
    "\(cycles.didSets.value) didSet calls after their tracking cancelled itself in willSet")
  // A release is a change, where the engine reports releases to a one-shot (not the native
  // engine below the 27 releases: see PerceptionEngine.onChangeHearsReleases).
  let expectedReleases = PerceptionEngine.onChangeHearsReleases ? settings.createRelease : 0
  expect(
    cycles.released.value == expectedReleases,
    "\(cycles.released.value) one-shot onChange calls for \(settings.createRelease) objects "
      + "released while tracked (expected \(expectedReleases))")
  expect(
    cycles.unexpected.value == 0,
    "\(cycles.unexpected.value) willSet/didSet calls for objects released without a write")
  if let start, let final {
    let mib = { (bytes: Int) in String(format: "%.2f MiB", Double(bytes) / 1_048_576) }
    print(
      "resident memory: start \(mib(start)), peak \(mib(peak)), final \(mib(final)) "
        + "(final - start = \(mib(final - start)), bound \(mib(settings.boundBytes)))")
    expect(final - start <= settings.boundBytes, "resident memory grew past the bound")
  } else {
    print("resident memory: not measured on this system")
  }
  if LiveCounts.available {
    let counts = LiveCounts.now
    print("live at end: \(counts)")
    expect(counts == .zero, "still alive at the end: \(counts)")
  }
  print(ok ? "result: PASS" : "result: FAIL")
  return ok
}

/// The three cycles and what their callbacks counted.
final class MemoryCycles: @unchecked Sendable {
  // Unchecked: the counters are atomic; the items are used by one thread.
  private var item: Item? = Item()
  let fired = Counter()
  let willSets = Counter()
  let didSets = Counter()
  let released = Counter()
  let unexpected = Counter()

  func run(_ count: Int, _ cycle: () -> Void) {
    for _ in 0..<count { cycle() }
  }

  func reset() {
    for counter in [fired, willSets, didSets, released, unexpected] { counter.reset() }
  }

  func release() { item = nil }

  /// A one-shot over one property, fired by writing it.
  func trackFire() {
    let item = item!
    let fired = fired
    withPerceptionTracking {
      _ = item.a
    } onChange: {
      fired.increment()
    }
    item.a &+= 1
  }

  /// A willSet/didSet tracking that cancels itself in its first willSet.
  func installCancel() {
    let item = item!
    let willSets = willSets
    let didSets = didSets
    withPerceptionTracking {
      _ = item.b
    } willSet: { tracking in
      tracking.cancel()
      willSets.increment()
    } didSet: { _ in
      didSets.increment()
    }
    item.b &+= 1
  }

  /// An object observed by a one-shot and a willSet/didSet tracking, released unwritten: the
  /// one-shot runs once, as for a change; willSet and didSet do not run.
  func createRelease() {
    let object = Item()
    let (released, unexpected) = (released, unexpected)
    withPerceptionTracking {
      _ = object.a
      _ = object.b
    } onChange: {
      released.increment()
    }
    withPerceptionTracking {
      _ = object.c
    } willSet: { _ in
      unexpected.increment()
    } didSet: { _ in
      unexpected.increment()
    }
  }
}

/// A counter safe from any thread.
final class Counter: @unchecked Sendable {
  // Unchecked: the word is atomic.
  private let word = AtomicWord()
  var value: Int { Int(word.value) }
  func increment() { word.increment() }
  func reset() { word.store(0) }
}
