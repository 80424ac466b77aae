// Runs one scenario of Apple's Observations tests the way Apple's StdlibUnittest runs an async
// test: from a synchronous `main`, the test body in a `Task { @MainActor in }`, then
// `dispatchMain()`, so the main actor's queue is the main dispatch queue and every task the
// body starts competes for it.
//
//     ObservationsHarness <scenario> <Observations|Perceptions>
//     ObservationsHarness --list
//
// Prints what each iterator produced (`elements: …`) and the outcome (`passed`, or `failed:`
// with the expectations that did not hold), and exits 0 or 1. A scenario that hangs never
// prints its outcome; the caller's timeout fails it.

import Dispatch
import Foundation
import ObservationsScenarios

let arguments = CommandLine.arguments.dropFirst()
if arguments == ["--list"] {
  for scenario in Scenario.allCases { print(scenario.rawValue) }
  exit(0)
}
guard arguments.count == 2, let scenario = Scenario(rawValue: arguments.first!),
  ["Observations", "Perceptions"].contains(arguments.last!)
else {
  let scenarios = Scenario.allCases.map(\.rawValue).joined(separator: "|")
  let usage = "usage: ObservationsHarness <\(scenarios)> <Observations|Perceptions>\n"
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
let kind = arguments.last!

Task { @MainActor in
  let outcome =
    kind == "Observations"
    ? await scenario.run(ObservationsKind.self) : await scenario.run(PerceptionsKind.self)
  print("elements: \(outcome)")
  print(outcome.passed ? "passed" : "failed: " + outcome.failures.joined(separator: "; "))
  fflush(nil)
  exit(outcome.passed ? 0 : 1)
}
dispatchMain()
