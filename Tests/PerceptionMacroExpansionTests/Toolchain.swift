import Foundation
import MacroExpansionDump

/// Runs the toolchain's compiler on a file and reads its macro-expansion dump.
enum Toolchain {
  /// The package's root, found from this file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `swiftc`, found through PATH.
  static let swiftc: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/swiftc"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// The plugin that `swift build` made, next to the test products.
  static let plugin: String? = {
    let build = packageRoot.appendingPathComponent(".build")
    let candidates = ["debug", "release"].map {
      build.appendingPathComponent($0).appendingPathComponent("PerceptionMacros-tool").path
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The output of one compiler run.
  struct Output {
    var text: String
    var exitCode: Int32
  }

  /// Type-checks `source` as `Corpus.swift` of module `Corpus` in a fresh directory, dumping the
  /// macro expansions.
  static func typecheck(_ source: String, arguments: [String] = []) throws -> Output {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perception-corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Corpus.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc ?? "/usr/bin/swiftc")
    process.currentDirectoryURL = directory
    process.arguments =
      [
        "-typecheck", "-module-name", "Corpus", "-Xfrontend", "-dump-macro-expansions",
        "Corpus.swift",
      ]
      + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(text: String(decoding: data, as: UTF8.self), exitCode: process.terminationStatus)
  }

  /// Declarations that stand in for Perception in a single-file compile: the macros, and a
  /// `PerceptionCore` namespace with the names the expansions use.
  static let perceptionStubs = """

    \(MacroExpansionDump.macroDeclarations)
    enum PerceptionCore {
      protocol Perceptible {}
      struct _PerceptionKeyPath<Root, Member>: @unchecked Sendable {
        let keyPath: KeyPath<Root, Member>
        init(_ keyPath: KeyPath<Root, Member>) { self.keyPath = keyPath }
      }
      struct PerceptionRegistrar: Sendable {
        init() {}
        func access<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {}
        func willSet<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {}
        func didSet<S: Perceptible, M>(_ subject: S, keyPath: KeyPath<S, M>) {}
        func withMutation<S: Perceptible, M, T>(
          of subject: S, keyPath: KeyPath<S, M>, _ mutation: () throws -> T
        ) rethrows -> T { try mutation() }
        func _access<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {}
        func _willSet<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {}
        func _didSet<S: Perceptible, M>(
          _ subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>
        ) {}
        func _withMutation<S: Perceptible, M, T>(
          of subject: S, lazyKeyPath: @autoclosure () -> _PerceptionKeyPath<S, M>,
          _ mutation: () throws -> T
        ) rethrows -> T { try mutation() }
      }
    }

    """

  /// The arguments that load the plugin.
  static var pluginArguments: [String] {
    ["-Xfrontend", "-load-plugin-executable", "-Xfrontend", "\(plugin ?? "")#PerceptionMacros"]
  }

}
