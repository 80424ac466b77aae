import Foundation

/// The process-dependent cases' native-engine figures over several processes.
///
/// Three things are drawn once per process and decide some cases' native-engine overhead more
/// than either engine does. The hash seed: Observation keys each object's observations by key
/// path, in dictionaries whose hashing is seeded per process, and a key path's hash covers its
/// accessors' addresses. Where a case looks
/// several key paths up in one dictionary, which of them share a bucket, and so how many key
/// path comparisons of some 400 instructions a write or a read pays, is drawn once per process
/// and independently for each side: one process's overhead is a lottery ticket (write while
/// another property is observed counted 1,720 to 2,765 instructions per write on either side
/// over nine seeds). And the process's memory: write with 1 observer runs at about 600 or about
/// 1,300 ns per write on both sides, one or the other for a whole process, even with
/// deterministic hashing (15 filtered runs at 486bd01), and its overhead went from +1% to +13%
/// between processes while its instructions are 1.04. And the threads' scheduling: how many
/// writes an element of cross-thread `Perceptions` coalesces (see `AsyncCatalog.swift`). So the
/// run measures these cases in `settings.medianProcesses` processes (the native-engine pass and
/// extra children that run only them, each with its own seed, memory and schedule) and reports the median process's figures with
/// every process's ratio beside them.
///
/// Returns `report` with each process-dependent case's figures replaced by the median process's,
/// and the extra processes' failures (the cases' checks apply in every process).
func runProcessMedians(
  _ cases: [Case], after report: PassReport, quick: Bool, settings: Settings
) -> (report: PassReport, failures: [String]) {
  let ids = cases.filter(\.processDependent).map(\.id)
  guard !ids.isEmpty, settings.medianProcesses > 1 else { return (report, []) }
  if ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] != nil {
    print("\nSWIFT_DETERMINISTIC_HASHING is set: every process has the same seed.")
  }
  var passes = [report]
  var failures: [String] = []
  for process in 2...settings.medianProcesses {
    print(
      "\nProcess-dependent cases, native-engine process \(process) of \(settings.medianProcesses):")
    switch runNativeEnginePass(quick: quick, filter: nil, ids: ids) {
    case .success(let extra):
      passes.append(extra)
      failures += extra.failures
    case .failure(let error):
      failures.append(error.reason)
    }
  }
  var merged = report
  for id in ids {
    let figures = passes.compactMap { pass in pass.cases.first { $0.id == id } }
    let measured = figures.compactMap { figures in figures.ratio.map { (figures, $0) } }
      .sorted { $0.1 < $1.1 }
    guard !measured.isEmpty, let index = merged.cases.firstIndex(where: { $0.id == id })
    else { continue }
    // The lower median: with an odd count of processes, the median itself.
    var median = measured[(measured.count - 1) / 2].0
    median.processRatios = measured.map(\.1)
    merged.cases[index] = median
  }
  return (merged, failures)
}
