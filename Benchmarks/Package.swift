// swift-tools-version:6.2
import PackageDescription

// perception-bench, its own package beside the library's, depending on it by path: a package
// that depends on Perception then never builds the benchmark's code generator (SwiftPM compiles
// a dependency's build-tool plugins and their tools even when no target it builds uses them).
// `swift run --package-path Benchmarks -c release perception-bench` from the repository's root.
let package = Package(
  name: "PerceptionBenchmarks",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .executable(name: "perception-bench", targets: ["PerceptionBenchmarks"]),
    .executable(name: "cross-thread-scenarios", targets: ["CrossThreadScenarios"]),
  ],
  dependencies: [
    // The library, whatever the name of the folder it was cloned into.
    .package(name: "Perception", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "PerceptionBenchmarks",
      dependencies: [.product(name: "Perception", package: "Perception")],
      path: "PerceptionBenchmarks",
      plugins: ["WideModelsPlugin"]
    ),
    // Issue 53's scenarios, a user's writes from other threads: figures, not guards.
    .executableTarget(
      name: "CrossThreadScenarios",
      dependencies: [.product(name: "Perception", package: "Perception")],
      path: "CrossThreadScenarios"
    ),
    // Writes the benchmark's wide models at build time (generated files are not committed).
    .executableTarget(name: "WideModelsGenerator", path: "WideModelsGenerator"),
    .plugin(
      name: "WideModelsPlugin",
      capability: .buildTool(),
      dependencies: ["WideModelsGenerator"],
      path: "WideModelsPlugin"
    ),
  ]
)
