// The macro fuzzer: generates classes, and checks that `@Perceptible` compiles exactly when
// `@Observable` does and tracks the same properties; then feeds the plugin broken messages.
//
//   swift run PerceptionMacroFuzz [--seed N] [--cases N] [--batch N] [--plugin-cases N]
//                                 [--keep DIRECTORY]
//
// It needs `swiftc` on PATH and the plugin built by `swift build`. It exits with 1 when it finds a
// divergence, and prints each one with its class.

import Foundation
import PerceptionMacroExpansion

struct Options {
  var seed: UInt64 = 1
  var cases = 40
  var batch = 20
  var pluginCases = 2000
  var keep: String?
  var plugin: String?

  init(_ arguments: [String]) {
    var index = 0
    func value() -> String {
      index += 1
      return index < arguments.count ? arguments[index] : ""
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--seed": seed = UInt64(value()) ?? seed
      case "--cases": cases = Int(value()) ?? cases
      case "--batch": batch = max(1, Int(value()) ?? batch)
      case "--plugin-cases": pluginCases = Int(value()) ?? pluginCases
      case "--keep": keep = value()
      case "--plugin": plugin = value()
      default:
        FileHandle.standardError.write(Data("unknown argument \(arguments[index])\n".utf8))
        exit(2)
      }
      index += 1
    }
  }
}

func findSwiftc() -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  return path.split(separator: ":").map { "\($0)/swiftc" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}

func findPlugin(_ explicit: String?) -> String? {
  if let explicit { return explicit }
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return ["debug", "release"].map {
    root.appendingPathComponent(".build/\($0)/PerceptionMacros-tool").path
  }
  .first { FileManager.default.isExecutableFile(atPath: $0) }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
guard let swiftc = findSwiftc(), let plugin = findPlugin(options.plugin) else {
  print("error: the fuzzer needs swiftc on PATH and the plugin: run `swift build` first")
  exit(2)
}
let directory = URL(
  fileURLWithPath: options.keep
    ?? NSTemporaryDirectory() + "perception-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let toolchain = Toolchain(swiftc: swiftc, plugin: plugin, directory: directory)
var report = FuzzReport()
let started = Date()

print("fuzzing @Perceptible against @Observable: seed \(options.seed), \(options.cases) classes")
var generator = ClassGenerator(seed: options.seed)
let classes = (0..<options.cases).map { generator.makeClass(index: $0) }
ClassFuzz(toolchain: toolchain, report: report).run(classes, batchSize: options.batch)

print("fuzzing the plugin: \(options.pluginCases) streams")
var pluginFuzz = PluginFuzz(
  random: SeededGenerator(seed: options.seed ^ 0x5EED),
  sources: classes.map { $0.render(native: false) }
    + classes.flatMap { fuzzClass in
      fuzzClass.properties.map {
        $0.render(native: false, ignored: "@PerceptionIgnored", dependency: "p0").joined(
          separator: "\n")
      }
    } + PluginFuzz.viewSources)
for index in 0..<options.pluginCases {
  let (input, whole) = pluginFuzz.stream()
  if let problem = withTimeout(20, { PluginFuzz.check(input, wholeMessages: whole) }) {
    report.fail("plugin stream \(index): \(problem)")
    if problem == "hang" { break }
  }
}
for index in 0..<min(10, options.pluginCases) {
  let (input, _) = pluginFuzz.stream()
  let file = directory.appendingPathComponent("stream\(index).bin")
  try? Data(input).write(to: file)
  let run = Toolchain.run(
    "/bin/sh", ["-c", "exec \"$0\" < \"$1\" > /dev/null", plugin, file.path], timeout: 20)
  if run.timedOut || run.status != 0 {
    report.fail(
      "the plugin process on stream \(index): status \(run.status)\(run.timedOut ? ", hung" : "")")
  }
}

if options.keep == nil { try? FileManager.default.removeItem(at: directory) }
report.finish(seconds: Date().timeIntervalSince(started))
