/// The timed batches that perception checking's budget and the change trace's figures share:
/// a batch times itself, and its figure is nanoseconds per operation.
enum TimedReads {
  /// Runs `batch` over `count` operations and returns nanoseconds per operation.
  static func perOperation(_ count: Int, _ batch: (Int) -> UInt64) -> Double {
    Double(batch(count)) / Double(count)
  }

  /// Times `count` reads of one property, outside any tracking scope.
  @inline(never)
  static func reads(of model: PerceptionModel, _ count: Int) -> UInt64 {
    let start = monotonicNanos()
    var total = 0
    for _ in 0..<count { total &+= model.value }
    let elapsed = monotonicNanos() - start
    blackHole(total)
    return elapsed
  }
}
