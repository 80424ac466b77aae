import Foundation

/// Runs `PerceptionClientProbe`, the client executable built beside the tests (linked as users'
/// executables are, without `--export-dynamic`, and compiled with warnings as errors).
enum ClientProbe {
  /// The directory of the build's products: the one holding the running test bundle.
  static let productsDirectory: URL = {
    let running = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = running.deletingLastPathComponent()
    // On Apple platforms the bundle's executable is inside `*.xctest/Contents/MacOS`.
    while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
    return directory
  }()

  static var executable: URL { productsDirectory.appendingPathComponent("PerceptionClientProbe") }

  /// What one run printed, and how it ended.
  struct Output {
    var standardOutput: String
    var standardError: String
    var status: Int32
  }

  /// Runs the probe in `mode` with `PERCEPTION_ENGINE=engine` and `environment` added.
  static func run(_ mode: String, engine: String, environment: [String: String] = [:]) throws
    -> Output
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = [mode]
    var merged = ProcessInfo.processInfo.environment
    merged["PERCEPTION_ENGINE"] = engine
    merged["PERCEPTION_TRACE"] = nil
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both before waiting: a full pipe would block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
  }

  static let engines = ["perception", "native"]
}
