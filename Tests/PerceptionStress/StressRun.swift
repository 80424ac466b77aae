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
  world.tearDown(in: nil)
  watchdog.stop()

  report(contexts, world: world, elapsed: elapsed, tolerated: settings.tolerated)
  return Invariant.allCases.allSatisfy {
    world.violations.count($0) == 0 || settings.tolerated.contains($0)
  }
}

private func report(
  _ contexts: [Context], world: World, elapsed: Double, tolerated: Set<Invariant>
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
    if tolerated.contains(invariant) && world.violations.count(invariant) != 0 {
      line +=
        "\n    KNOWN DEFECT, tolerated by --tolerate \(invariant): these violations do not fail "
        + "this run; drop the option to make them fail it"
    }
    print(line)
  }
}
