import Foundation
import MacroExpansionDump

/// Compares the two macros' expansions of the same classes, token for token and line for line
/// (`MacroExpansionDump.layout`), after renaming Observation's names to Perception's, as the
/// side-by-side corpus test does. Accessor bodies are compared against `@Observable`'s rewritten
/// to call the registrar directly (`MacroExpansionDump.withRegistrarCalls`), with the static key
/// path in a non-generic class: the generated classes declare no `access(keyPath:)` or
/// `withMutation(keyPath:_:)` of their own.
enum ExpansionComparison {
  /// Whether a class's two renderings differ at most in the macro's names and in backquoted
  /// property names, so that the expansions must be equal, but for the buffers of those.
  static func isComparable(_ fuzzClass: FuzzClass) -> Bool {
    fuzzClass.attributes == fuzzClass.nativeAttributes
  }

  /// Type-checks `classes` with each macro, dumping the expansions, and returns the names of the
  /// buffers that differ, with both texts.
  static func differences(_ classes: [FuzzClass], _ toolchain: Toolchain, name: String)
    -> [(buffer: String, native: String, ours: String)]
  {
    var dumps: [String: String] = [:]
    for native in [true, false] {
      let directory = toolchain.directory.appendingPathComponent(
        "\(name)-\(native ? "native" : "ours")")
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("Fuzz.swift")
      // The classes start on the same line in both files, so that `#sourceLocation`s agree.
      let source =
        (native ? "import Observation\n" : "\n")
        + classes.map { $0.render(native: native) }.joined(separator: "\n\n")
      try? source.write(to: file, atomically: true, encoding: .utf8)
      let prelude = directory.appendingPathComponent("Prelude.swift")
      try? Probe.perceptionPrelude.write(to: prelude, atomically: true, encoding: .utf8)
      let run = Toolchain.run(
        toolchain.swiftc,
        ["-typecheck", "-module-name", "Fuzz", "-Xfrontend", "-dump-macro-expansions", file.path]
          + (native ? [] : [prelude.path]) + toolchain.arguments(native: native))
      dumps[native ? "native" : "ours"] = run.output
    }
    let native = MacroExpansionDump.withStaticKeyPaths(
      MacroExpansionDump.expectedBuffers(nativeDump: dumps["native"] ?? ""),
      classes: classes.filter { !$0.isGeneric }.map(\.name))
    let ours = MacroExpansionDump.ourBuffers(dumps["ours"] ?? "")
    return Set(native.keys).union(ours.keys).sorted().compactMap { buffer in
      native[buffer].map(MacroExpansionDump.layout) == ours[buffer].map(MacroExpansionDump.layout)
        ? nil : (buffer, native[buffer] ?? "(none)", ours[buffer] ?? "(none)")
    }
  }
}
