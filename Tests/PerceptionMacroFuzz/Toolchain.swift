import Foundation

/// Runs `swiftc` and the programs it builds, with a time limit on each.
struct Toolchain: Sendable {
  let swiftc: String
  /// The plugin executable that `swift build` made.
  let plugin: String
  let directory: URL

  /// The result of one process.
  struct Run: Sendable {
    var status: Int32
    var output: String
    var timedOut: Bool
  }

  /// Runs a process to its end, or kills it after `timeout` seconds.
  static func run(_ executable: String, _ arguments: [String], timeout: Double = 300) -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      return Run(status: -1, output: "cannot run \(executable): \(error)", timedOut: false)
    }
    let expired = Expiry()
    let watchdog = DispatchWorkItem {
      expired.mark()
      process.terminate()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let timedOut = expired.isMarked
    return Run(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
      timedOut: timedOut)
  }

  var commonArguments: [String] {
    ["-swift-version", "6", "-D", "FUZZ_ON", "-package-name", "fuzz", "-suppress-warnings"]
  }

  func arguments(native: Bool) -> [String] {
    native
      ? commonArguments
      : commonArguments + [
        "-Xfrontend", "-load-plugin-executable", "-Xfrontend", "\(plugin)#PerceptionMacros",
      ]
  }

  /// Writes `source` and type-checks it.
  func typecheck(_ source: String, native: Bool, name: String) -> Run {
    let file = directory.appendingPathComponent("\(name).swift")
    try? source.write(to: file, atomically: true, encoding: .utf8)
    return Self.run(swiftc, ["-typecheck", file.path] + arguments(native: native))
  }

  /// Writes `source`, builds it and, when that succeeds, runs it.
  func buildAndRun(_ source: String, native: Bool, name: String) -> (build: Run, run: Run?) {
    let file = directory.appendingPathComponent("\(name).swift")
    let executable = directory.appendingPathComponent(name).path
    try? source.write(to: file, atomically: true, encoding: .utf8)
    let build = Self.run(
      swiftc, [file.path, "-o", executable, "-module-name", "Fuzz"] + arguments(native: native))
    guard build.status == 0 else { return (build, nil) }
    return (build, Self.run(executable, [], timeout: 60))
  }
}

/// Whether a time limit passed, set from the watchdog's thread.
final class Expiry: @unchecked Sendable {
  private let lock = NSLock()
  private var marked = false

  func mark() { lock.withLock { marked = true } }
  var isMarked: Bool { lock.withLock { marked } }
}
