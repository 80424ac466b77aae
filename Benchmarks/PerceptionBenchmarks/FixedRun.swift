#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `--operations N`: runs each case's batch once with `operations` operations on one side, for
/// an instruction count. Under callgrind, the count of a run with 2N operations minus that of a
/// run with N is the cost of N operations, with the process's start, the case's setup and the
/// calibration-free batch's fixed costs cancelled out. A case whose id is `filter` exactly runs
/// alone (`cycle-1` would otherwise also select `cycle-10`).
func runFixed(_ cases: [Case], filter: String?, operations: Int, native: Bool) {
  let exact = cases.filter { $0.id == filter }
  for testCase in exact.isEmpty ? cases : exact {
    guard let batch = native ? testCase.native : testCase.perception else {
      print("\(testCase.id): no \(native ? "native" : "perception") side here")
      exit(2)
    }
    _ = batch(min(operations, testCase.maxOperations))
  }
}
