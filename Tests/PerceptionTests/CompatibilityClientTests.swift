import Foundation
import Testing

/// Libraries written against swift-perception build against Perception with no new warning, and
/// their calls behave.
///
/// `PerceptionClientProbe` calls each drop-in API the way swift-sharing, swift-navigation and the
/// Composable Architecture do, and is compiled with `-warnings-as-errors`: that it was built is
/// the compile check for this platform. Apple platforms' markings cannot be compiled here, so
/// the symbol graphs' deprecations are compared with swift-perception's, symbol by symbol.
@Suite("swift-perception clients")
struct CompatibilityClientTests {
  @Test(arguments: ClientProbe.engines)
  func clientCallsBehave(engine: String) throws {
    let output = try ClientProbe.run("calls", engine: engine)
    #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    #expect(!output.standardOutput.contains("FAILED"), "\(output.standardOutput)")
    #expect(output.standardOutput.split(separator: "\n").count == 10)
  }

  /// The deprecation versions swift-perception gives its public symbols on iOS, macOS, tvOS and
  /// watchOS, as symbol graphs state them (a member takes its type's, when earlier), read from
  /// pointfreeco/swift-perception at b7fc720 (Sources/PerceptionCore, Sources/Perception). Nil:
  /// not deprecated (`Bindable` is obsoleted instead, as ours). The SwiftUI shells are read from
  /// the stand-in's test module, where Linux compiles them.
  static let swiftPerception: [String: [String: Int]?] = [
    "Perceptible": every(26),
    "PerceptionRegistrar": every(26),
    "PerceptionRegistrar.init(isPerceptionCheckingEnabled:)": every(26),
    "PerceptionRegistrar.access(_:keyPath:)": every(26),
    "PerceptionRegistrar.access(_:keyPath:fileID:filePath:line:column:)": every(26),
    "PerceptionRegistrar.willSet(_:keyPath:)": every(26),
    "PerceptionRegistrar.didSet(_:keyPath:)": every(26),
    "PerceptionRegistrar.withMutation(of:keyPath:_:)": every(26),
    "withPerceptionTracking(_:onChange:)": ["iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10],
    "withPerceptionTracking(_:willSet:)": nil,
    "withPerceptionTracking(_:didSet:)": nil,
    "withPerceptionTracking(_:willSet:didSet:)": nil,
    "PerceptionTracking": nil,
    "PerceptionTracking.changed": nil,
    "PerceptionTracking.cancel()": nil,
    "Perceptions": every(26),
    "Perceptions.init(_:)": every(26),
    "Perceptions.untilFinished(_:)": every(26),
    "isPerceptionCheckingEnabled": ["iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10],
    "_PerceptionLocals": nil,
    "_PerceptionLocals.skipPerceptionChecking": nil,
    "_PerceptionLocals.$skipPerceptionChecking": nil,
    "_PerceptionLocals.isInPerceptionTracking": [
      "iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10,
    ],
    // Sources/PerceptionCore/SwiftUI, compiled on Linux against the SwiftUI stand-in.
    "WithPerceptionTracking": ["iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10],
    "Bindable": nil,
    "Environment.init(_:)": nil,
    "View.environment(_:)": nil,
    "Perceptible()": every(26),
    "PerceptionTracked()": every(26),
    "PerceptionIgnored()": every(26),
  ]

  /// The SwiftUI shells' symbols, in the stand-in's test module on Linux only.
  static let shells: Set<String> = [
    "WithPerceptionTracking", "Bindable", "Environment.init(_:)", "View.environment(_:)",
  ]

  static func every(_ version: Int) -> [String: Int] {
    ["iOS": version, "macOS": version, "tvOS": version, "watchOS": version]
  }

  /// No drop-in symbol is deprecated earlier than swift-perception's, on any Apple platform, nor
  /// unconditionally (the marking that warns on every platform).
  @Test func noDeprecationThatSwiftPerceptionLacks() throws {
    #if os(Linux)
      // The SwiftUI shells, compiled against the stand-in (Package.swift, Linux only).
      let modules = ["PerceptionCore", "Perception", "PerceptionSwiftUITests"]
    #else
      let modules = ["PerceptionCore", "Perception"]
    #endif
    let symbols = try Self.symbolGraphs(modules: modules)
    for (path, expected) in Self.swiftPerception {
      let ours = symbols.filter { $0.path == path }
      #if !os(Linux)
        if Self.shells.contains(path) { continue }
      #endif
      #expect(!ours.isEmpty, "\(path) is missing")
      for symbol in ours {
        #expect(!symbol.unconditionallyDeprecated, "\(path) is deprecated on every platform")
        for (platform, version) in symbol.deprecated {
          let theirs = expected?[platform]
          #expect(
            theirs != nil && theirs! <= version,
            "\(path) is deprecated on \(platform) \(version); swift-perception: \(theirs.map(String.init) ?? "never")"
          )
        }
      }
    }
  }

  struct Symbol {
    var path: String
    var deprecated: [String: Int]
    var unconditionallyDeprecated: Bool
  }

  /// The public symbols of the built modules, from `swift-symbolgraph-extract`.
  static func symbolGraphs(modules: [String]) throws -> [Symbol] {
    let products = ClientProbe.productsDirectory
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("perception-symbols-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: output) }
    var symbols: [Symbol] = []
    for module in modules {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "swift-symbolgraph-extract", "-module-name", module,
        "-I", products.appendingPathComponent("Modules").path,
        "-Xcc",
        "-fmodule-map-file="
          + products.appendingPathComponent("CPerceptionRuntime.build/module.modulemap").path,
        "-I", root.appendingPathComponent("CPerceptionRuntime/include").path,
        // `internal`: at `public` the tool leaves out underscored names such as `_PerceptionLocals`.
        "-output-dir", output.path, "-minimum-access-level", "internal",
      ]
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      try #require(
        process.terminationStatus == 0, "swift-symbolgraph-extract \(module): \(message)")
    }
    // A module's own graph, and one per module it extends (`PerceptionSwiftUITests@SwiftUI`).
    for file in try FileManager.default.contentsOfDirectory(atPath: output.path)
    where file.hasSuffix(".symbols.json") {
      let data = try Data(contentsOf: output.appendingPathComponent(file))
      let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      for entry in graph["symbols"] as? [[String: Any]] ?? [] {
        let access = entry["accessLevel"] as? String
        guard access == "public" || access == "open" else { continue }
        let components = entry["pathComponents"] as? [String] ?? []
        var symbol = Symbol(
          path: components.joined(separator: "."), deprecated: [:],
          unconditionallyDeprecated: false)
        for availability in entry["availability"] as? [[String: Any]] ?? [] {
          let domain = availability["domain"] as? String ?? "*"
          if availability["isUnconditionallyDeprecated"] as? Bool == true {
            symbol.unconditionallyDeprecated = true
          }
          if let deprecated = availability["deprecated"] as? [String: Any],
            let major = deprecated["major"] as? Int
          {
            symbol.deprecated[domain] = major
          }
        }
        symbols.append(symbol)
      }
    }
    return symbols
  }
}
