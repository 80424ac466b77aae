/// Median and quartiles of one engine's samples (ns/op, one sample per timed batch).
struct Summary: Codable {
  var median: Double
  var q1: Double
  var q3: Double
  var samples: Int
  var operationsPerBatch: Int

  init(_ values: [Double], operationsPerBatch: Int) {
    let sorted = values.sorted()
    median = Summary.quantile(sorted, 0.5)
    q1 = Summary.quantile(sorted, 0.25)
    q3 = Summary.quantile(sorted, 0.75)
    samples = sorted.count
    self.operationsPerBatch = operationsPerBatch
  }

  /// The interquartile range as a percentage of the median.
  var spreadPercent: Double {
    median > 0 ? (q3 - q1) / median * 100 : 0
  }

  /// Linear interpolation between the closest ranks.
  private static func quantile(_ sorted: [Double], _ q: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let position = q * Double(sorted.count - 1)
    let lower = Int(position)
    let upper = min(lower + 1, sorted.count - 1)
    let weight = position - Double(lower)
    return sorted[lower] * (1 - weight) + sorted[upper] * weight
  }
}
