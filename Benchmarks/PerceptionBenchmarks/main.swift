#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Perception more than this much slower than native on a guarded case fails the run.
let guardThreshold = 1.25

let usage = """
  usage: perception-bench [--quick] [--json PATH] [--filter TEXT]
    --quick        short run for CI (under a minute); same cases, fewer and shorter batches
    --json PATH    also write the figures as JSON to PATH
    --filter TEXT  only run cases whose id contains TEXT
  Exits non-zero if Perception is more than 25% slower than native on a guarded case (confirmed
  by a second, longer measurement), or if an engine did not fire the callbacks a case expects.
  """

var settings = Settings.full
var mode = "full"
var jsonPath: String?
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick":
    settings = .quick
    mode = "quick"
  case "--json":
    jsonPath = arguments.popFirst()
    if jsonPath == nil {
      print(usage)
      exit(2)
    }
  case "--filter":
    filter = arguments.popFirst()
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    print("unknown argument \(argument)\n\(usage)")
    exit(2)
  }
}

let loadAtStart = loadAverage()
print(
  "perception-bench (\(mode)): \(settings.pairs) interleaved pairs of ~\(settings.batchNanos / 1000) µs batches per case"
)

// Heap first, while malloc's free lists are still nearly empty (see `Heap.measure`).
let heap = filter == nil ? measureHeap() : HeapReport()
let cases = makeCases(filter: filter)
var results: [CaseResult] = []
var failures: [String] = []
for testCase in cases {
  var result = measure(testCase, settings: settings)
  // A slow ratio might be a burst of load from elsewhere; measure again, twice as long, and
  // fail only if that confirms it.
  if result.isGuarded, let ratio = result.ratio, ratio > guardThreshold {
    print("  \(testCase.id): ratio \(format(ratio, 2)) above \(guardThreshold), measuring again")
    result = measure(testCase, settings: settings, pairs: settings.pairs * 2)
    if let ratio = result.ratio, ratio > guardThreshold {
      failures.append(
        "\(testCase.id): Perception is \(format(ratio, 2))x native (guard \(guardThreshold))")
    }
  }
  let native = result.native.map { format($0.median) } ?? "n/a"
  print("  \(testCase.id): native \(native) ns, perception \(format(result.perception.median)) ns")
  results.append(result)
}
failures += checkFailures
let load = (start: loadAtStart, end: loadAverage())

print("")
print(table(results))
print("")
print(heapTable(heap))
print(
  "\nload average (1 min): \(load.start.map { format($0, 2) } ?? "n/a") at start, \(load.end.map { format($0, 2) } ?? "n/a") at end"
)

if let jsonPath {
  let text = json(
    results, heap: heap, mode: mode, settings: settings, load: load, failures: failures)
  if !write(text, to: jsonPath) {
    print("could not write \(jsonPath)")
    exit(2)
  }
}

if !failures.isEmpty {
  print("\nFAILED:")
  for failure in failures { print("  \(failure)") }
  exit(1)
}
