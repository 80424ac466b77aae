// swift-tools-version:6.2
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Perception",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "Perception", targets: ["Perception"]),
    .library(name: "PerceptionCore", targets: ["PerceptionCore"]),
    // What a test target adds to fail its tests on perception checking's reports.
    .library(name: "PerceptionTestSupport", targets: ["PerceptionTestSupport"]),
    .executable(name: "perception-stress", targets: ["PerceptionStress"]),
    .executable(name: "perception-example", targets: ["PerceptionExample"]),
  ],
  targets: [
    // The lock, the thread-local slot, the access list and the observer table, in C11.
    .target(
      name: "CPerceptionRuntime",
      path: "CPerceptionRuntime",
      // dladdr() (perception_call_stack.h) lives in libdl before glibc 2.34.
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    // The runtime's Swift overlay: PerceptionRegistrar and the tracking APIs.
    .target(
      name: "PerceptionCore",
      dependencies: ["CPerceptionRuntime"]
    ),
    // What users import: PerceptionCore plus the @Perceptible macros.
    .target(
      name: "Perception",
      dependencies: ["PerceptionCore", "PerceptionMacros"]
    ),
    // Records the library's run-time reports as failures of the running test, Swift Testing's
    // or XCTest's; PerceptionCore finds it at run time. Built only for a target that depends
    // on it, so an app depending on Perception never compiles it.
    .target(
      name: "PerceptionTestSupport",
      dependencies: ["PerceptionCore"]
    ),
    // The macro expansion logic: a tokenizer, a class-declaration parser and the expansions.
    .target(name: "PerceptionMacroExpansion"),
    // The compiler plugin: the message loop around PerceptionMacroExpansion.
    .macro(
      name: "PerceptionMacros",
      dependencies: ["PerceptionMacroExpansion"]
    ),
    // What Perception does, in one short run: `swift run perception-example` (README.md shows
    // its output).
    .executableTarget(
      name: "PerceptionExample",
      dependencies: ["Perception"],
      path: "Examples/PerceptionExample"
    ),
    // The benchmark, perception-bench, is a package of its own (Benchmarks/Package.swift), so
    // that packages depending on this one never build its code-generating plugin.
    // The multi-threaded stress test and the memory loop; see Tests/README.md, "Stress test".
    .executableTarget(
      name: "PerceptionStress",
      dependencies: ["Perception", "CPerceptionRuntime"],
      path: "Tests/PerceptionStress"
    ),
    // The C runtime's unit tests, written in C; `swift run CPerceptionRuntimeTests` runs them.
    .executableTarget(
      name: "CPerceptionRuntimeTests",
      dependencies: ["CPerceptionRuntime"],
      path: "Tests/CPerceptionRuntimeTests"
    ),
    // The macro fuzzer (Tests/README.md, "Fuzzing the macro"); CI runs it through
    // .ci/macro-fuzz.sh.
    .executableTarget(
      name: "PerceptionMacroFuzz",
      dependencies: ["PerceptionMacroExpansion", "MacroExpansionDump"],
      path: "Tests/PerceptionMacroFuzz"
    ),
    .testTarget(
      name: "PerceptionCoreTests",
      dependencies: ["PerceptionCore"],
      // The view-body checking tests find their stand-in views on the stack by name, which on
      // Linux needs the test binary's symbols in its dynamic symbol table.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    // Links PerceptionTestSupport: reports fail the running test. The view-body test finds its
    // stand-in render engine on the stack by name, as PerceptionCoreTests' do.
    .testTarget(
      name: "PerceptionTestSupportTests",
      dependencies: ["PerceptionCore", "PerceptionTestSupport"],
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "PerceptionMacroExpansionTests",
      dependencies: ["PerceptionMacroExpansion", "MacroExpansionDump"]
    ),
    // Reading -dump-macro-expansions output: shared by the two targets above that compare
    // @Perceptible's expansions with @Observable's.
    .target(
      name: "MacroExpansionDump",
      dependencies: ["PerceptionMacroExpansion"],
      path: "Tests/MacroExpansionDump"
    ),
    .testTarget(
      name: "PerceptionTests",
      dependencies: ["Perception", "ObservationsScenarios", "CodableModels"]
    ),
    // Classes that declare `Codable` and synthesize it, with `@Perceptible` and with
    // `@Observable`. Swift warns on each that the registrar's `let` will not be decoded, for
    // `@Observable`'s `_$observationRegistrar` as for `_$perceptionRegistrar` (and as for
    // swift-perception's): a warning users of either macro see, so this target alone keeps
    // warnings as warnings (below).
    .target(name: "CodableModels", dependencies: ["Perception"], path: "Tests/CodableModels"),
    // The behaviours Apple's Observations tests check, written as scenarios that run against
    // Observations and Perceptions: in process (PerceptionTests) and in the StdlibUnittest-
    // shaped harness below, one child process per run.
    .target(
      name: "ObservationsScenarios", dependencies: ["Perception"],
      path: "Tests/ObservationsScenarios"),
    .executableTarget(
      name: "ObservationsHarness",
      dependencies: ["ObservationsScenarios"],
      path: "Tests/ObservationsHarness"
    ),
    // A client executable, linked as users' are (without --export-dynamic) and compiled with
    // warnings as errors, calling each drop-in API as swift-sharing, swift-navigation and TCA do.
    // PerceptionTests runs it (CompatibilityClientTests, ReportNameTests).
    .executableTarget(
      name: "PerceptionClientProbe",
      dependencies: ["Perception"],
      path: "Tests/PerceptionClientProbe",
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
  ],
  cLanguageStandard: .c11
)

// The SwiftUI layer's compile check on Linux: Sources/PerceptionCore/SwiftUI/*.swift, linked into
// PerceptionSwiftUITests (Tests/PerceptionSwiftUITests/Shells), compiled against stand-ins of
// SwiftUI and Charts. Test-only: no product contains them, and the Perception module never
// compiles those files on Linux. See Tests/README.md, "The SwiftUI shells on Linux".
#if os(Linux)
  package.targets += [
    .target(
      name: "SwiftUI",
      dependencies: ["SwiftUIStateMacro"],
      path: "Tests/SwiftUIStandIn",
      exclude: ["README.md"]
    ),
    // Xcode 27's `@State` macro, for the second compile of the shells (.ci/swiftui-stand-in.sh);
    // the stand-in declares it only when built with PERCEPTION_STATE_MACRO, as that script does.
    .macro(
      name: "SwiftUIStateMacro",
      dependencies: ["PerceptionMacroExpansion"],
      path: "Tests/SwiftUIStateMacro"
    ),
    .target(name: "Charts", dependencies: ["SwiftUI"], path: "Tests/ChartsStandIn"),
    // The XCTest side of the run-time reports, run by PerceptionTestSupportTests in child
    // processes (Linux's XCTest has no XCTExpectFailure, and XCTMain runs a case from an
    // executable): a case that makes one report, run linked with PerceptionTestSupport (it must
    // fail) and without (it passes, the report on standard error); and, without, the report
    // posted to a fallback event handler installed as a testing library would, and the
    // view-body watcher's report; the last two also with PERCEPTION_INTEROP=0.
    .target(name: "ReportScenarios", dependencies: ["Perception"], path: "Tests/ReportScenarios"),
    .executableTarget(
      name: "PerceptionReportProbe",
      dependencies: ["ReportScenarios", "PerceptionTestSupport"],
      path: "Tests/PerceptionReportProbe"
    ),
    .executableTarget(
      name: "PerceptionReportControl",
      dependencies: ["ReportScenarios", "PerceptionCore"],
      path: "Tests/PerceptionReportControl",
      // Its view-body mode finds its stand-in render engine on the stack by name, as
      // PerceptionCoreTests' tests do.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "PerceptionSwiftUITests",
      dependencies: ["Perception", "SwiftUI", "Charts"],
      swiftSettings: [.define("PERCEPTION_SWIFTUI_STAND_IN")]
    ),
  ]
#endif

// Warnings are errors in the package's own builds, which set PERCEPTION_WARNINGS_AS_ERRORS
// (.ci/run and the scripts it runs), in every Swift target but CodableModels (above). Never
// where the package is a user's dependency: SwiftPM applies a path dependency's settings, and a
// newer compiler's new warning must not stop a user's build.
if Context.environment["PERCEPTION_WARNINGS_AS_ERRORS"] != nil {
  for target in package.targets
  where target.name != "CodableModels" && !target.name.hasPrefix("CPerceptionRuntime") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
  }
}
