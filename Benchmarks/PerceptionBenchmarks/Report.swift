#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Heap figures for the three classes, measured once per run.
struct HeapReport {
  var plain: HeapFigures?
  var native: HeapFigures?
  var perception: HeapFigures?
}

/// Formats `value` with `digits` decimals (no Foundation).
func format(_ value: Double, _ digits: Int = 1) -> String {
  guard value.isFinite else { return "n/a" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  // Pad or trim to exactly `digits` decimals; `rounded` never prints in exponent form here.
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits {
      text += String(repeating: "0", count: digits - decimals)
    } else if decimals > digits {
      text = String(text[..<text.index(dot, offsetBy: digits == 0 ? 0 : digits + 1)])
    }
  }
  return text
}

/// The Markdown table of timed cases.
func table(_ results: [CaseResult]) -> String {
  var lines = [
    "| case | native ns/op | perception ns/op | ratio | spread native | spread perception |",
    "|---|---:|---:|---:|---:|---:|",
  ]
  for result in results {
    let native = result.native.map { format($0.median) } ?? "n/a"
    let ratio = result.ratio.map { format($0, 2) } ?? "n/a"
    let mark = result.isGuarded ? "" : " (not guarded)"
    let spreadNative = result.native.map { format($0.spreadPercent) + "%" } ?? "n/a"
    lines.append(
      "| \(result.testCase.title)\(mark) | \(native) | \(format(result.perception.median)) "
        + "| \(ratio) | \(spreadNative) | \(format(result.perception.spreadPercent))% |")
  }
  return lines.joined(separator: "\n")
}

/// The Markdown table of heap figures.
func heapTable(_ heap: HeapReport) -> String {
  func row(_ name: String, _ figures: HeapFigures?) -> String {
    guard let figures else { return "| \(name) | n/a | n/a |" }
    return "| \(name) | \(format(figures.bytes)) | \(format(figures.allocations, 2)) |"
  }
  return [
    "| unobserved object | heap bytes | heap allocations |",
    "|---|---:|---:|",
    row("plain class, no registrar (floor)", heap.plain),
    row("native `@Observable`", heap.native),
    row("Perception", heap.perception),
  ].joined(separator: "\n")
}

/// The same figures as JSON, for tools.
func json(
  _ results: [CaseResult], heap: HeapReport, mode: String, settings: Settings,
  load: (start: Double?, end: Double?), failures: [String]
) -> String {
  func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return "\(value)"
  }
  func string(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }
  func summary(_ summary: Summary?) -> String {
    guard let summary else { return "null" }
    return "{\"median_ns\": \(number(summary.median)), \"q1_ns\": \(number(summary.q1)), "
      + "\"q3_ns\": \(number(summary.q3)), \"spread_percent\": \(number(summary.spreadPercent)), "
      + "\"samples\": \(summary.samples), \"operations_per_batch\": \(summary.operationsPerBatch)}"
  }
  func heapFigures(_ figures: HeapFigures?) -> String {
    guard let figures else { return "null" }
    return "{\"bytes\": \(number(figures.bytes)), \"allocations\": \(number(figures.allocations))}"
  }
  let cases = results.map { result in
    "    {\"id\": \(string(result.testCase.id)), \"title\": \(string(result.testCase.title)), "
      + "\"guarded\": \(result.isGuarded), \"ratio\": \(number(result.ratio)),\n"
      + "     \"native\": \(summary(result.native)),\n"
      + "     \"perception\": \(summary(result.perception))}"
  }
  return """
    {
      "mode": \(string(mode)),
      "batch_ns": \(settings.batchNanos),
      "pairs": \(settings.pairs),
      "guard_threshold": \(guardThreshold),
      "load_average": {"start": \(number(load.start)), "end": \(number(load.end))},
      "cases": [
    \(cases.joined(separator: ",\n"))
      ],
      "heap_per_object": {"plain": \(heapFigures(heap.plain)), \
    "native": \(heapFigures(heap.native)), "perception": \(heapFigures(heap.perception))},
      "failures": [\(failures.map(string).joined(separator: ", "))]
    }

    """
}

/// Writes `text` to `path`; returns false on failure.
func write(_ text: String, to path: String) -> Bool {
  guard let file = fopen(path, "w") else { return false }
  defer { fclose(file) }
  return fputs(text, file) >= 0
}
