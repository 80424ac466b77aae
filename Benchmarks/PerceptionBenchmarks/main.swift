import Perception

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

let usage = """
  usage: perception-bench [--quick] [--json PATH] [--filter TEXT] [--engine ENGINE]
         perception-bench --checking [--quick] [--engine ENGINE]
         perception-bench --tracing [--quick] [--engine ENGINE]
         perception-bench --release-reads [--quick] [--engine ENGINE]
    --quick          short run for CI; same cases, fewer and shorter batches
    --json PATH      also write the figures as JSON to PATH
    --filter TEXT    only run cases whose id contains TEXT
    --engine ENGINE  only run the pass with Perception on ENGINE (perception or native), in this
                     process; by default this process runs Perception on its runtime and then
                     runs itself again with PERCEPTION_ENGINE=native for the native engine
    --results PATH   with --engine: write the pass's figures to PATH for the parent process
    --cases IDS      only run the cases with these ids (comma-separated, exact): what the
                     extra native-engine processes of the process-dependent cases run
    --checking       time perception checking beside checking off instead (figures; its budget
                     is held in instructions: Benchmarks/count-instructions.sh --checking), in a
                     build that keeps it: swift run --package-path Benchmarks -c release
                     -Xswiftc -DDEBUG --scratch-path .build-checking perception-bench
                     --checking; with --operations N and --filter ID, runs one of its batches
                     (ids: \(CheckingBudget.Batch.allCases.map(\.rawValue).joined(separator: ", ")))
    --tracing        measure the change trace beside tracing off instead (figures, no budget),
                     in the same build as --checking
    --release-reads  measure reads in trackings that ask for releases beside the same reads in
                     trackings that do not, on one thread and on 8 (figures, no budget)
    --operations N   run each selected case's batch once with N operations on one side (see
                     --side), untimed and unchecked, then exit: for counting instructions with
                     callgrind (the difference between N and 2N is the cost of N operations)
    --side SIDE      with --operations: perception (default) or native
  The timed figures guard nothing, as a timing guard fails on noise: CI holds the budgets in
  instructions (Benchmarks/count-instructions.sh --budget and --checking). Exits non-zero if an
  engine did not fire the callbacks a case expects. The rows marked ‡, whose native-engine
  figure the process (its hash seed, memory or scheduling) decides, are measured on the native
  engine in 7 processes (5 with --quick) and show the median process, with every process's
  overhead below.
  """

var settings = Settings.full
var mode = "full"
var jsonPath: String?
var filter: String?
/// Set by `--cases`: the exact ids to run.
var ids: [String]?
var engineArgument: PerceptionEngine?
/// Set in the child process: where to hand the pass's report to the parent.
var resultsPath: String?
var measuresChecking = false
var measuresTracing = false
var measuresReleaseReads = false
/// Set by `--operations`: run each selected case this many times, for callgrind.
var fixedOperations: Int?
var nativeSide = false
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
  case "--cases":
    ids = arguments.popFirst().map { $0.split(separator: ",").map(String.init) }
  case "--engine":
    switch arguments.popFirst() {
    case "perception": engineArgument = .perception
    case "native": engineArgument = .native
    default:
      print(usage)
      exit(2)
    }
  case "--results":
    resultsPath = arguments.popFirst()
  case "--checking":
    measuresChecking = true
  case "--tracing":
    measuresTracing = true
  case "--release-reads":
    measuresReleaseReads = true
  case "--operations":
    fixedOperations = arguments.popFirst().flatMap { Int($0) }
    if fixedOperations == nil {
      print(usage)
      exit(2)
    }
  case "--side":
    switch arguments.popFirst() {
    case "perception": nativeSide = false
    case "native": nativeSide = true
    default:
      print(usage)
      exit(2)
    }
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    print("unknown argument \(argument)\n\(usage)")
    exit(2)
  }
}

let engine = engineArgument ?? .perception
guard engine.isAvailable else {
  print("the \(engine) engine is not available on this system")
  exit(2)
}
// Before the first registrar exists: this overrides PERCEPTION_ENGINE from the environment.
PerceptionEngine.select(engine)

if measuresChecking {
  if let fixedOperations { CheckingBudget.runFixed(filter: filter, operations: fixedOperations) }
  print("perception-bench (\(mode)): perception checking on \(name(engine)), beside it off")
  CheckingBudget.run(quick: mode == "quick")
  exit(0)
}

if measuresReleaseReads {
  print(
    "perception-bench (\(mode)): reads in trackings that ask for releases on \(name(engine)), "
      + "beside the same without")
  ReleaseReadsCost.run(quick: mode == "quick")
  exit(0)
}

if measuresTracing {
  print("perception-bench (\(mode)): the change trace on \(name(engine)), beside tracing off")
  TracingCost.run(quick: mode == "quick")
  exit(0)
}

if let fixedOperations {
  runFixed(
    makeCases(filter: filter), filter: filter, operations: fixedOperations, native: nativeSide)
}

let loadAtStart = loadAverage()
print(
  "perception-bench (\(mode)), Perception on \(name(engine)) against native: "
    + "\(settings.pairs) interleaved pairs of ~\(settings.batchNanos / 1000) µs batches per case"
)

// Heap first, while malloc's free lists are still nearly empty (see `Heap.measure`).
let heap = filter == nil && ids == nil ? measureHeap(on: engine) : HeapReport()
let cases = makeCases(filter: filter, quick: mode == "quick").filter { testCase in
  ids.map { $0.contains(testCase.id) } ?? true
}
let pass = runPass(cases, on: engine, settings: settings, heap: heap)
// The figures are only what they say if the whole pass ran on the engine selected above.
precondition(PerceptionEngine.current == engine, "the pass did not run on the \(engine) engine")

if let resultsPath {
  if !writeReport(pass, to: resultsPath) {
    print("could not write \(resultsPath)")
    exit(2)
  }
  exit(pass.failures.isEmpty ? 0 : 1)
}

var perceptionPass: PassReport? = engine == .perception ? pass : nil
var nativeEnginePass: PassReport? = engine == .native ? pass : nil
var failures = pass.failures
if engineArgument == nil {
  if PerceptionEngine.native.isAvailable {
    print("")
    switch runNativeEnginePass(quick: mode == "quick", filter: filter, ids: ids) {
    case .success(let report):
      nativeEnginePass = report
      failures += report.failures
    case .failure(let error):
      failures.append(error.reason)
    }
    if let report = nativeEnginePass {
      let seeds = runProcessMedians(
        cases, after: report, quick: mode == "quick", settings: settings)
      nativeEnginePass = seeds.report
      failures += seeds.failures
    }
  } else {
    print("The native engine is not available on this system; its columns show n/a.")
  }
}
let load = (start: loadAtStart, end: loadAverage())

var mergedHeap = perceptionPass?.heap ?? HeapReport()
mergedHeap.perceptionOnNativeEngine = nativeEnginePass?.heap.perceptionOnNativeEngine

print("")
print(table(cases, perception: perceptionPass, nativeEngine: nativeEnginePass))
print(tableLegend())
if let note = processNote(cases, nativeEngine: nativeEnginePass) { print(note) }
if let note = writesPerElementNote(perception: perceptionPass, nativeEngine: nativeEnginePass) {
  print(note)
}
print("")
print(heapTable(mergedHeap))
print(
  "\nload average (1 min): \(load.start.map { format($0, 2) } ?? "n/a") at start, \(load.end.map { format($0, 2) } ?? "n/a") at end"
)

if let jsonPath {
  let text = json(
    cases, perception: perceptionPass, nativeEngine: nativeEnginePass, heap: mergedHeap,
    mode: mode, settings: settings, load: load, failures: failures)
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
