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
///
/// It exits with the cases still alive: what a case keeps between batches (the fan-out cases'
/// pool of models) is never torn down, so the count is the batch's alone. Tearing it down
/// counted the pool's N objects freed, and, by the heap's layout, sometimes one consolidation
/// of every small block the batch had freed (glibc's `malloc_consolidate`, ~1,850
/// instructions per operation of fan-out-1 at 2 x 20,000 on one side and not the other).
func runFixed(_ cases: [Case], filter: String?, operations: Int, native: Bool) -> Never {
  let exact = cases.filter { $0.id == filter }
  for testCase in exact.isEmpty ? cases : exact {
    guard let batch = native ? testCase.native : testCase.perception else {
      print("\(testCase.id): no \(native ? "native" : "perception") side here")
      exit(2)
    }
    _ = batch(min(operations, testCase.maxOperations))
  }
  withExtendedLifetime(cases) { exit(0) }
}
