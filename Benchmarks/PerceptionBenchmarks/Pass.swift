import Perception

/// What one process measured. A process runs one `PerceptionEngine` (the choice is made once per
/// process), so a run is two passes: this process measures Perception on its runtime, and a
/// child process (`NativeEnginePass.swift`) measures Perception on the native engine and hands
/// its report back as JSON. Each pass interleaves Perception with plain native `@Observable`
/// batch by batch, so each pass's ratio compares figures taken under the same load.
struct PassReport: Codable {
  /// The engine Perception ran on: `perception` or `native`.
  var engine: String
  var cases: [CaseFigures]
  var heap: HeapReport
  /// Cases whose callbacks did not fire as expected.
  var failures: [String]
}

/// One case's figures from one pass.
struct CaseFigures: Codable {
  var id: String
  /// Plain native `@Observable`; `nil` where Observation is not available.
  var native: Summary?
  /// Perception, on the pass's engine.
  var perception: Summary
  /// The throughput case's writes per element received, per side; nil for other cases.
  var writesPerElement: WritesPerElement?
  /// For a process-dependent case on the native engine, once the parent has run its extra
  /// processes: each process's ratio (Perception over native), sorted. The figures above are
  /// then those of the process whose ratio is the median (`ProcessMedians.swift`).
  var processRatios: [Double]? = nil

  /// Perception's median over native's. Above 1 means Perception is slower.
  var ratio: Double? {
    guard let native, native.median > 0 else { return nil }
    return perception.median / native.median
  }
}

/// Measures `cases` with Perception on `engine`, the engine this process runs. The figures
/// guard nothing, as a timing guard fails on noise: the budgets are held in instructions
/// (`Benchmarks/count-instructions.sh --budget`). A pass fails only where a case's callbacks
/// did not fire as it expects.
func runPass(
  _ cases: [Case], on engine: PerceptionEngine, settings: Settings, heap: HeapReport
) -> PassReport {
  var figures: [CaseFigures] = []
  for testCase in cases {
    _ = WritesPerElement.take()
    let result = measure(testCase, settings: settings)
    let native = result.native.map { format($0.median) } ?? "n/a"
    print(
      "  \(testCase.id): native \(native) ns, perception on \(name(engine)) "
        + "\(format(result.perception.median)) ns")
    let writes = WritesPerElement.take()
    if let writes { print("    writes per element: \(describe(writes))") }
    figures.append(
      CaseFigures(
        id: testCase.id, native: result.native, perception: result.perception,
        writesPerElement: writes))
  }
  let failures = checkFailures.map { "\($0) (Perception on \(name(engine)))" }
  return PassReport(engine: "\(engine)", cases: figures, heap: heap, failures: failures)
}

/// How the output names an engine: "its runtime" or "the native engine".
func name(_ engine: PerceptionEngine) -> String {
  engine == .perception ? "its runtime" : "the native engine"
}

/// `ratio` as a signed percentage over native: 1.031 is `+3.1%`.
func overheadPercent(_ ratio: Double) -> String {
  // Rounded first, and `+ 0` turns a -0.0 into 0.0, so -0.04% prints as +0.0%, not -0.0%.
  let percent = ((ratio - 1) * 1000).rounded() / 10 + 0
  return (percent >= 0 ? "+" : "") + format(percent) + "%"
}
