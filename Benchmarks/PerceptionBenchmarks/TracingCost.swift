import Perception

/// The change trace's cost (issue 20), measured beside tracing off: `perception-bench
/// --tracing`, in a build that keeps it (release with `-DDEBUG`, as `--checking`: a plain release
/// build compiles the trace out, so there it costs nothing by construction).
///
/// - A read outside any scope, and a write nobody observes: the trace adds nothing to either, so
///   on and off should agree within noise.
/// - A tracking cycle (a one-shot tracking of one read, fired by one write): with tracing off
///   its callback pays one load and a branch; with tracing on, the installing stack is captured
///   and the trace made (the installer named from the stack) and handed to a handler.
///
/// Figures only: no budget, because a timing guard could fail on noise. The trace count is
/// checked, so that a run where tracing did nothing, or traced while off, stops.
enum TracingCost {
  static func run(quick: Bool) {
    #if DEBUG
      let pairs = quick ? 21 : 81
      let model = opaque(PerceptionModel())
      let traces = TraceCounter()
      var readOff: [Double] = []
      var readOn: [Double] = []
      var writeOff: [Double] = []
      var writeOn: [Double] = []
      var cycleOff: [Double] = []
      var cycleOn: [Double] = []
      for _ in 0..<pairs {
        readOff.append(TimedReads.perOperation(reads) { TimedReads.reads(of: model, $0) })
        writeOff.append(TimedReads.perOperation(writes) { writeBatch(model, $0) })
        cycleOff.append(TimedReads.perOperation(cycles) { cycleBatch(model, $0) })
        PerceptionTracing.withTraceHandler(
          { _ in traces.add() },
          operation: {
            readOn.append(TimedReads.perOperation(reads) { TimedReads.reads(of: model, $0) })
            writeOn.append(TimedReads.perOperation(writes) { writeBatch(model, $0) })
            cycleOn.append(TimedReads.perOperation(tracedCycles) { cycleBatch(model, $0) })
          })
      }
      // Each traced cycle fires one callback; untraced ones none.
      precondition(
        traces.value == pairs * tracedCycles,
        "expected \(pairs * tracedCycles) traces, one per traced cycle; got \(traces.value)")
      var text = "| change trace | off (ns) | on (ns) | on minus off (ns) |\n|---|---:|---:|---:|\n"
      for (title, off, on) in [
        ("read outside any scope", readOff, readOn),
        ("write nobody observes", writeOff, writeOn),
        ("tracking cycle (one read, one write that fires it)", cycleOff, cycleOn),
      ] {
        let offNanos = median(off)
        let onNanos = median(on)
        text +=
          "| \(title) | \(format(offNanos, 2)) | \(format(onNanos, 2)) "
          + "| \(format(onNanos - offNanos, 2)) |\n"
      }
      print(text)
    #else
      print(
        "the change trace is compiled out of this build (it is a release build without DEBUG); "
          + "measure it with: swift run --package-path Benchmarks -c release -Xswiftc -DDEBUG "
          + "--scratch-path .build-checking perception-bench --tracing")
    #endif
  }

  #if DEBUG
    private static let reads = 1 << 20
    private static let writes = 1 << 18
    private static let cycles = 1 << 14
    /// Fewer: a traced cycle captures and names a stack.
    private static let tracedCycles = 1 << 8

    @inline(never)
    private static func writeBatch(_ model: PerceptionModel, _ count: Int) -> UInt64 {
      let start = monotonicNanos()
      for index in 0..<count { model.other = index }
      return monotonicNanos() - start
    }

    @inline(never)
    private static func cycleBatch(_ model: PerceptionModel, _ count: Int) -> UInt64 {
      let start = monotonicNanos()
      for index in 0..<count {
        withPerceptionTracking {
          blackHole(model.value)
        } onChange: {
        }
        model.value = index &+ 1
      }
      return monotonicNanos() - start
    }

    private static func median(_ values: [Double]) -> Double {
      Summary(values, operationsPerBatch: 0).median
    }
  #endif
}

/// Counts the traces a handler receives.
private final class TraceCounter: @unchecked Sendable {
  // Sendable: every callback here runs on the benchmark's one thread.
  private(set) var value = 0
  func add() { value += 1 }
}
