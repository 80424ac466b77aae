import Perception

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Perception checking's budget (issue 8), measured beside checking switched off, in a build that
/// keeps checking (release with `-DDEBUG`: a plain release build compiles checking out, so there
/// is nothing to measure there).
///
/// - A read outside any scope and any checked context costs no more with checking on.
/// - A read in a checked context that reports, after its site's first report, costs under 1 µs
///   (swift-perception's stack walk was measured at 0.08 s per access, its issue #160).
/// - A tracked read in a checked context costs no more than a tracked read outside one.
///
/// `Benchmarks/count-instructions.sh --checking` holds the budget in instructions, counting each
/// batch with `perception-bench --checking --operations N --filter ID`; `perception-bench
/// --checking` times the same batches, for figures only, as a timing guard would fail on noise.
enum CheckingBudget {
  /// One batch of reads of one property: what the budget compares, timed or counted.
  enum Batch: String, CaseIterable {
    case readCheckingOn = "checking-read-on"
    case readCheckingOff = "checking-read-off"
    case reportingRead = "checking-reporting-read"
    case trackedReadInContext = "checking-tracked-read-in-context"
    case trackedReadOutside = "checking-tracked-read-outside"

    /// Reads per timed batch: batches of ~0.5-3 ms.
    var timedReads: Int {
      switch self {
      case .readCheckingOn, .readCheckingOff: 1 << 20
      case .reportingRead: 1 << 13
      case .trackedReadInContext, .trackedReadOutside: 1 << 18
      }
    }
  }

  #if DEBUG
    /// Runs `reads` reads of `batch`, and returns the nanoseconds they took. A reporting batch is
    /// its own handler scope, so it reports its site exactly once, before the timed reads.
    @inline(never)
    static func run(
      _ batch: Batch, reads: Int, of model: PerceptionModel, reports: ReportCounter
    ) -> UInt64 {
      switch batch {
      case .readCheckingOn, .readCheckingOff:
        isPerceptionCheckingEnabled = batch == .readCheckingOn
        defer { isPerceptionCheckingEnabled = true }
        return TimedReads.reads(of: model, reads)
      case .reportingRead:
        return PerceptionChecking.withReportHandler(
          { _ in reports.add() },
          operation: {
            withPerceptionChecking {
              blackHole(model.value)
              return TimedReads.reads(of: model, reads)
            }
          })
      case .trackedReadInContext:
        return withPerceptionChecking { trackedBatch(model, reads: reads) }
      case .trackedReadOutside:
        return trackedBatch(model, reads: reads)
      }
    }
  #endif

  /// `--checking --operations N`: runs the batch whose id is `filter` once with `operations`
  /// reads, untimed, then exits: for counting its instructions with callgrind.
  static func runFixed(filter: String?, operations: Int) -> Never {
    #if DEBUG
      guard let batch = Batch(rawValue: filter ?? "") else {
        print(
          "--checking --operations needs --filter with one of: "
            + Batch.allCases.map(\.rawValue).joined(separator: ", "))
        exit(2)
      }
      let reports = ReportCounter()
      _ = run(batch, reads: operations, of: opaque(PerceptionModel()), reports: reports)
      precondition(
        batch != .reportingRead || reports.value == 1,
        "expected one report from the reporting batch; got \(reports.value)")
      exit(0)
    #else
      compiledOut()
    #endif
  }

  /// Times each batch, interleaved, and prints the figures (no budget: the budget is held in
  /// instructions).
  static func run(quick: Bool) {
    #if DEBUG
      let pairs = quick ? 41 : 151
      let model = opaque(PerceptionModel())
      let reports = ReportCounter()
      var nanos: [Batch: [Double]] = [:]
      for _ in 0..<pairs {
        for batch in Batch.allCases {
          nanos[batch, default: []].append(
            TimedReads.perOperation(batch.timedReads) {
              run(batch, reads: $0, of: model, reports: reports)
            })
        }
      }
      // Each reporting batch reports its site once: anything else means checking did not run,
      // or did not deduplicate.
      precondition(
        reports.value == pairs, "expected \(pairs) reports, one per batch; got \(reports.value)")
      let figure = { (batch: Batch) in Summary(nanos[batch]!, operationsPerBatch: 0).median }
      let on = figure(.readCheckingOn)
      let off = figure(.readCheckingOff)
      let inContext = figure(.trackedReadInContext)
      let outside = figure(.trackedReadOutside)
      print(
        """
        | perception checking | ns | |
        |---|---:|---|
        | read outside scopes and contexts: checking on minus off | \(format(on - off, 2)) \
        | \(format(on, 2)) ns on, \(format(off, 2)) ns off |
        | read in a checked context, site already reported \
        | \(format(figure(.reportingRead), 2)) | swift-perception: 0.08 s per access (its issue #160) |
        | tracked read: in a checked context minus outside | \(format(inContext - outside, 2)) \
        | \(format(inContext, 2)) ns in, \(format(outside, 2)) ns outside |

        """)
    #else
      compiledOut()
    #endif
  }

  #if DEBUG
    /// One tracking scope over `reads` reads of one property: the scope is timed too, and
    /// amortized over the reads.
    @inline(never)
    private static func trackedBatch(_ model: PerceptionModel, reads: Int) -> UInt64 {
      let start = monotonicNanos()
      let total = withPerceptionTracking {
        var total = 0
        for _ in 0..<reads { total &+= model.value }
        return total
      } onChange: {
      }
      let elapsed = monotonicNanos() - start
      blackHole(total)
      return elapsed
    }
  #else
    private static func compiledOut() -> Never {
      print(
        "perception checking is compiled out of this build (it is a release build without "
          + "DEBUG); measure it with: swift run --package-path Benchmarks -c release "
          + "-Xswiftc -DDEBUG --scratch-path .build-checking perception-bench --checking")
      exit(2)
    }
  #endif
}

/// Counts the reports a handler receives.
final class ReportCounter: @unchecked Sendable {
  // Sendable: a handler runs inside the read that reports, and every read here is made on
  // the benchmark's one thread.
  private(set) var value = 0
  func add() { value += 1 }
}
