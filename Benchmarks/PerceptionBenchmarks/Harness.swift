/// Runs `operations` operations of a case against one engine and returns the nanoseconds the
/// timed part took. Setup that is not part of the operation (installing fan-out observers, say)
/// happens inside the batch but outside the timed part.
typealias Batch = (_ operations: Int) -> UInt64

/// One benchmark case: the same work against both engines.
struct Case {
  /// Stable identifier for the JSON output and `--filter`.
  var id: String
  /// What the table shows.
  var title: String
  /// The most operations one batch may run (pools of pre-observed objects bound it).
  var maxOperations: Int = 1 << 24
  /// Whether the process decides the figure on the native engine: its hash seed, where the case
  /// looks several key paths up in one of Observation's dictionaries and which of them share a
  /// bucket (a comparison of some 400 instructions each) changes with the seed, on either side;
  /// or its memory, where the case's time falls in one of two modes per process. So the run
  /// measures these cases on the native engine in `Settings.medianProcesses` processes and
  /// reports the median (`ProcessMedians.swift`).
  var processDependent: Bool = false
  /// `nil` where native Observation is not available.
  var native: Batch?
  var perception: Batch
}

/// How long and how often each case is measured.
struct Settings {
  /// What one timed batch should take, per engine.
  var batchNanos: UInt64
  /// Interleaved native/Perception pairs per case.
  var pairs: Int
  /// Untimed batches per engine before measuring, to warm caches, branch predictors and pools.
  var warmupBatches: Int
  /// Processes (hash seeds, memory layouts, schedules) that measure each process-dependent case
  /// on the native engine: the native-engine pass and this many minus one more. Odd, so the
  /// median is one process's.
  var medianProcesses: Int

  static let quick = Settings(
    batchNanos: 1_000_000, pairs: 101, warmupBatches: 3, medianProcesses: 5)
  static let full = Settings(
    batchNanos: 2_000_000, pairs: 301, warmupBatches: 5, medianProcesses: 7)
}

/// Both engines' summaries for one case.
struct CaseResult {
  var testCase: Case
  var native: Summary?
  var perception: Summary

  /// Perception's median over native's. Above 1 means Perception is slower.
  var ratio: Double? {
    guard let native, native.median > 0 else { return nil }
    return perception.median / native.median
  }
}

/// Finds how many operations fill one batch of `settings.batchNanos`.
private func calibrate(_ batch: Batch, maxOperations: Int, settings: Settings) -> Int {
  var operations = 1
  while true {
    // The fastest of three: one batch that lost the CPU to another process would otherwise
    // make every later batch far too short, and then fixed costs (waking threads) dominate.
    let elapsed = max((0..<3).map { _ in batch(operations) }.min()!, 1)
    if operations >= maxOperations { return maxOperations }
    if elapsed >= settings.batchNanos / 4 {
      let scaled = Double(operations) * Double(settings.batchNanos) / Double(elapsed)
      return min(max(Int(scaled), 1), maxOperations)
    }
    // Grow fast while the batch is far too short, then approach the target.
    operations = min(operations * (elapsed < settings.batchNanos / 64 ? 8 : 2), maxOperations)
  }
}

/// Measures one case: calibrate each engine, warm up, then alternate native and Perception batch
/// by batch (ABBA order, so neither engine always runs right after the other) and summarize.
/// Interleaving means a burst of load from other processes hits both engines alike; the median
/// discards the bursts.
func measure(_ testCase: Case, settings: Settings) -> CaseResult {
  let pairs = settings.pairs
  let perceptionOps = calibrate(
    testCase.perception, maxOperations: testCase.maxOperations, settings: settings)
  let nativeOps = testCase.native.map {
    calibrate($0, maxOperations: testCase.maxOperations, settings: settings)
  }

  for _ in 0..<settings.warmupBatches {
    if let native = testCase.native, let nativeOps { _ = native(nativeOps) }
    _ = testCase.perception(perceptionOps)
  }

  var nativeSamples: [Double] = []
  var perceptionSamples: [Double] = []
  nativeSamples.reserveCapacity(pairs)
  perceptionSamples.reserveCapacity(pairs)
  func runNative() {
    guard let native = testCase.native, let nativeOps else { return }
    nativeSamples.append(Double(native(nativeOps)) / Double(nativeOps))
  }
  func runPerception() {
    perceptionSamples.append(Double(testCase.perception(perceptionOps)) / Double(perceptionOps))
  }
  for pair in 0..<pairs {
    if pair.isMultiple(of: 2) {
      runNative()
      runPerception()
    } else {
      runPerception()
      runNative()
    }
  }

  return CaseResult(
    testCase: testCase,
    native: nativeOps.map { Summary(nativeSamples, operationsPerBatch: $0) },
    perception: Summary(perceptionSamples, operationsPerBatch: perceptionOps))
}

/// Times `body` and returns the elapsed nanoseconds.
@inline(__always)
func timed(_ body: () -> Void) -> UInt64 {
  let start = monotonicNanos()
  body()
  return monotonicNanos() &- start
}
