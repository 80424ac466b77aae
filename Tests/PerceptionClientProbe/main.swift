import Foundation
import Perception

// A client executable, linked as users' are (without --export-dynamic) and compiled with
// warnings as errors: `CompatibilityClientTests` and `ReportNameTests` run it with one mode.
//
//   calls   runs the drop-in calls of ClientCalls.swift; exits 1 if one misbehaves
//   report  makes one perception checking report on standard error
//   trace   fires one tracking callback (PERCEPTION_TRACE=1 writes its trace line)
//   engine  makes two objects, tracks one, and prints the engine that ran
switch CommandLine.arguments.dropFirst().first {
case "calls":
  if !runClientCalls() { exit(1) }
case "report":
  let model = Counter()
  // What the key path says of itself here: the report must not depend on it.
  print("key path: \(\Counter.count as AnyKeyPath)")
  withPerceptionChecking { _ = model.count }
case "trace":
  let model = Counter()
  withPerceptionTracking {
    _ = model.count
  } onChange: {
  }
  model.count += 1
case "engine":
  let model = Counter()
  _ = Counter()
  withPerceptionTracking {
    _ = model.count
  } onChange: {
  }
  model.count += 1
  print("engine: \(PerceptionEngine.current)")
default:
  print("usage: PerceptionClientProbe calls|report|trace|engine")
  exit(2)
}
