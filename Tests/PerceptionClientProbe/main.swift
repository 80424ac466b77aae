import Foundation
import Perception

// A client executable, linked as users' are (without --export-dynamic) and compiled with
// warnings as errors: `CompatibilityClientTests` and `ReportNameTests` run it with one mode.
//
//   calls   runs the drop-in calls of ClientCalls.swift; exits 1 if one misbehaves
//   report  makes one perception checking report on standard error
switch CommandLine.arguments.dropFirst().first {
case "calls":
  if !runClientCalls() { exit(1) }
case "report":
  let model = Counter()
  // What the key path says of itself here: the report must not depend on it.
  print("key path: \(\Counter.count as AnyKeyPath)")
  withPerceptionChecking { _ = model.count }
default:
  print("usage: PerceptionClientProbe calls|report")
  exit(2)
}
