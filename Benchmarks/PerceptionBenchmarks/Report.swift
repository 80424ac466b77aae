#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Heap figures per class, measured once per process: the Perception-runtime process measures
/// the first three, the native-engine process the last.
struct HeapReport: Codable {
  var plain: HeapFigures?
  var native: HeapFigures?
  var perception: HeapFigures?
  var perceptionOnNativeEngine: HeapFigures?
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

/// The Markdown table of timed cases: each pass's native and Perception figures side by side.
/// A pass that did not run shows n/a.
func table(_ cases: [Case], perception: PassReport?, nativeEngine: PassReport?) -> String {
  var lines = [
    "| case | native ns/op | perception ns/op | ratio | native ns/op (2nd process) "
      + "| perception on native engine ns/op | overhead | spread |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ]
  func figures(_ pass: PassReport?, _ id: String) -> CaseFigures? {
    pass?.cases.first { $0.id == id }
  }
  func median(_ summary: Summary?) -> String {
    summary.map { format($0.median) } ?? "n/a"
  }
  func spread(_ summary: Summary?) -> String {
    summary.map { format($0.spreadPercent) } ?? "n/a"
  }
  for testCase in cases {
    let own = figures(perception, testCase.id)
    let native = figures(nativeEngine, testCase.id)
    let ratio = own?.ratio.map { format($0, 2) } ?? "n/a"
    var overhead = native?.ratio.map(overheadPercent) ?? "n/a"
    if native?.processRatios != nil { overhead += " ‡" }
    let spreads = [own?.native, own?.perception, native?.native, native?.perception].map(spread)
    lines.append(
      "| \(testCase.title) | \(median(own?.native)) | \(median(own?.perception)) "
        + "| \(ratio) | \(median(native?.native)) | \(median(native?.perception)) "
        + "| \(overhead) | \(spreads.joined(separator: " / "))% |")
  }
  return lines.joined(separator: "\n")
}

/// The process-dependent cases' overhead in each native-engine process, for the lines under the
/// table; nil if none ran in more than one process.
func processNote(_ cases: [Case], nativeEngine: PassReport?) -> String? {
  let lines = cases.compactMap { testCase -> String? in
    guard let figures = nativeEngine?.cases.first(where: { $0.id == testCase.id }),
      let ratios = figures.processRatios, let first = ratios.first, let last = ratios.last
    else { return nil }
    return "  \(testCase.title): \(figures.ratio.map(overheadPercent) ?? "n/a") "
      + "(\(overheadPercent(first)) to \(overheadPercent(last)); each: "
      + ratios.map(overheadPercent).joined(separator: ", ") + ")"
  }
  guard !lines.isEmpty else { return nil }
  return
    "‡ the median over native-engine processes (hash seeds, memory, scheduling) of the overhead, the "
    + "median process's figures in the row; range and each process:\n"
    + lines.joined(separator: "\n")
}

/// The throughput case's writes per element on both passes, for the lines under the table; nil
/// if it did not run.
func writesPerElementNote(perception: PassReport?, nativeEngine: PassReport?) -> String? {
  func figures(_ pass: PassReport?) -> WritesPerElement? {
    pass?.cases.lazy.compactMap(\.writesPerElement).first
  }
  let own = figures(perception)
  let native = figures(nativeEngine)
  guard own != nil || native != nil else { return nil }
  return "`Perceptions` throughput, writes per element received: "
    + (own.map(describe) ?? "n/a") + "; 2nd process: " + (native.map(describe) ?? "n/a")
}

/// `native N, perception M` for one pass's writes per element.
func describe(_ writes: WritesPerElement) -> String {
  "native \(writes.native.map { format($0) } ?? "n/a"), "
    + "perception \(writes.perception.map { format($0) } ?? "n/a")"
}

/// What the table's columns and marks mean.
func tableLegend() -> String {
  """
  ratio: perception / native, Perception on its runtime. overhead: perception on the native \
  engine over the native figure of the same (2nd) process. spread: interquartile range over \
  median, in the column order. ‡: the process decides the overhead (its hash seed, for \
  Observation's dictionaries keyed by key path, its memory or its threads' scheduling), so it \
  is the median over several native-engine processes. Timed figures guard nothing: CI holds \
  the budgets in instructions (Benchmarks/count-instructions.sh --budget).
  """
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
    row("Perception on its runtime", heap.perception),
    row("Perception on the native engine", heap.perceptionOnNativeEngine),
  ].joined(separator: "\n")
}

/// The same figures as JSON, for tools. Each case keeps the Perception-runtime pass's figures
/// at the top level (`native`, `perception`, `ratio`), and the native-engine pass's
/// under `native_engine`; for a process-dependent case, those of the median native-engine process,
/// with every process's overhead, sorted, in `processes_overhead_percent` (null for other
/// cases).
func json(
  _ cases: [Case], perception: PassReport?, nativeEngine: PassReport?, heap: HeapReport,
  mode: String, settings: Settings, load: (start: Double?, end: Double?), failures: [String]
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
  func nativeEngineFigures(_ figures: CaseFigures?) -> String {
    guard let figures else { return "null" }
    let seeds = figures.processRatios.map { ratios in
      "[" + ratios.map { number(($0 - 1) * 100) }.joined(separator: ", ") + "]"
    }
    return "{\"overhead_percent\": \(number(figures.ratio.map { ($0 - 1) * 100 })), "
      + "\"processes_overhead_percent\": \(seeds ?? "null"),\n"
      + "       \"native\": \(summary(figures.native)),\n"
      + "       \"perception\": \(summary(figures.perception))}"
  }
  func writesPerElement(_ figures: WritesPerElement?) -> String {
    guard let figures else { return "null" }
    return "{\"native\": \(number(figures.native)), \"perception\": \(number(figures.perception))}"
  }
  let rows = cases.map { testCase in
    let own = perception?.cases.first { $0.id == testCase.id }
    let native = nativeEngine?.cases.first { $0.id == testCase.id }
    return "    {\"id\": \(string(testCase.id)), \"title\": \(string(testCase.title)), "
      + "\"ratio\": \(number(own?.ratio)),\n"
      + "     \"native\": \(summary(own?.native)),\n"
      + "     \"perception\": \(summary(own?.perception)),\n"
      + "     \"native_engine\": \(nativeEngineFigures(native)),\n"
      + "     \"writes_per_element\": \(writesPerElement(own?.writesPerElement)), "
      + "\"native_engine_writes_per_element\": \(writesPerElement(native?.writesPerElement))}"
  }
  return """
    {
      "mode": \(string(mode)),
      "batch_ns": \(settings.batchNanos),
      "pairs": \(settings.pairs),
      "load_average": {"start": \(number(load.start)), "end": \(number(load.end))},
      "cases": [
    \(rows.joined(separator: ",\n"))
      ],
      "heap_per_object": {"plain": \(heapFigures(heap.plain)), \
    "native": \(heapFigures(heap.native)), "perception": \(heapFigures(heap.perception)), \
    "perception_native_engine": \(heapFigures(heap.perceptionOnNativeEngine))},
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
