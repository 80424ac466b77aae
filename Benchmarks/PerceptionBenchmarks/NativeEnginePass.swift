import Foundation

/// Runs the native-engine pass in a child process: this executable again, with `--engine native
/// --results PATH` and `PERCEPTION_ENGINE=native`. A process runs one engine, chosen before its
/// first registrar exists, so the second engine needs a second process. The child measures the
/// same cases with the same settings (or only the cases `ids` names), and its output shows on
/// this process's standard output.
///
/// Returns the child's report, or why there is none.
func runNativeEnginePass(
  quick: Bool, filter: String?, ids: [String]? = nil
) -> Result<PassReport, PassError> {
  let results = FileManager.default.temporaryDirectory.appendingPathComponent(
    "perception-bench-\(ProcessInfo.processInfo.processIdentifier)-native.json")
  defer { try? FileManager.default.removeItem(at: results) }

  let child = Process()
  child.executableURL =
    Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  var arguments = ["--engine", "native", "--results", results.path]
  if quick { arguments.append("--quick") }
  if let filter { arguments += ["--filter", filter] }
  if let ids { arguments += ["--cases", ids.joined(separator: ",")] }
  child.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment["PERCEPTION_ENGINE"] = "native"
  child.environment = environment

  // The child writes to the same standard output: flush first (nil: every stream) so the lines
  // stay in order.
  fflush(nil)
  do {
    try child.run()
  } catch {
    return .failure(PassError(reason: "could not start the native-engine process: \(error)"))
  }
  child.waitUntilExit()

  guard let data = try? Data(contentsOf: results),
    let report = try? JSONDecoder().decode(PassReport.self, from: data)
  else {
    return .failure(
      PassError(
        reason: "the native-engine process exited with status \(child.terminationStatus) "
          + "and wrote no results"))
  }
  return .success(report)
}

/// Why a pass has no report.
struct PassError: Error {
  var reason: String
}

/// Writes `report` as JSON to `path`, for the parent process; returns false on failure.
func writeReport(_ report: PassReport, to path: String) -> Bool {
  guard let data = try? JSONEncoder().encode(report) else { return false }
  return (try? data.write(to: URL(fileURLWithPath: path))) != nil
}
