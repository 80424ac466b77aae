import Foundation

/// Compares the two macros' expansions of the same classes, text for text, after renaming
/// Observation's names to Perception's, as the side-by-side corpus test does. Accessor bodies
/// are compared against `@Observable`'s rewritten to the registrar's lazy entry points: the
/// generated classes declare no `access(keyPath:)` or `withMutation(keyPath:_:)` of their own.
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
    var native: [String: String] = [:]
    for (buffer, text) in buffers(dumps["native"] ?? "") {
      let name = withoutPrivateDiscriminators(renamed(buffer))
      native[name] = name.contains("fMa_") ? withLazyKeyPaths(renamed(text)) : renamed(text)
    }
    var ours: [String: String] = [:]
    for (buffer, text) in buffers(dumps["ours"] ?? "") {
      ours[withoutPrivateDiscriminators(buffer)] = text
    }
    return Set(native.keys).union(ours.keys).sorted().compactMap { buffer in
      native[buffer] == ours[buffer]
        ? nil : (buffer, native[buffer] ?? "(none)", ours[buffer] ?? "(none)")
    }
  }

  /// The macro buffers of a dump, by buffer name.
  static func buffers(_ dump: String) -> [String: String] {
    let rule = String(repeating: "-", count: 30)
    let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var buffers: [String: String] = [:]
    var index = 0
    while index < lines.count {
      if lines[index].hasPrefix("@__swiftmacro_"), index + 1 < lines.count, lines[index + 1] == rule
      {
        var end = index + 2
        while end < lines.count, lines[end] != rule { end += 1 }
        buffers[lines[index]] = lines[(index + 2)..<min(end, lines.count)].joined(separator: "\n")
        index = end + 1
      } else {
        index += 1
      }
    }
    return buffers
  }

  /// Maps Observation's names, in source and in mangled buffer names, to Perception's.
  static func renamed(_ text: String) -> String {
    var text = text
    let renames = [
      ("22_$observationRegistrar", "21_$perceptionRegistrar"),
      ("18ObservationTracked", "17PerceptionTracked"),
      ("18ObservationIgnored", "17PerceptionIgnored"),
      ("10Observable", "11Perceptible"), ("_$observationRegistrar", "_$perceptionRegistrar"),
      ("Observation.ObservationRegistrar()", "PerceptionCore.PerceptionRegistrar()"),
      ("Observation.Observable", "PerceptionCore.Perceptible"),
      ("ObservationIgnored", "PerceptionIgnored"), ("ObservationTracked", "PerceptionTracked"),
      ("@Observable", "@Perceptible"),
    ]
    for (old, new) in renames { text = text.replacingOccurrences(of: old, with: new) }
    return text
  }

  /// `@Observable`'s accessors as `@Perceptible` writes them for a class with the generated
  /// helpers: the registrar's lazy entry points instead of the helpers and the eager calls.
  static func withLazyKeyPaths(_ accessors: String) -> String {
    let registrar = "_$perceptionRegistrar"
    let rewrites = [
      ("access(keyPath: ", "\(registrar)._access(self, lazyKeyPath: "),
      ("withMutation(keyPath: ", "\(registrar)._withMutation(of: self, lazyKeyPath: "),
      ("\(registrar).willSet(self, keyPath: ", "\(registrar)._willSet(self, lazyKeyPath: "),
      ("\(registrar).didSet(self, keyPath: ", "\(registrar)._didSet(self, lazyKeyPath: "),
    ]
    var text = accessors
    for (old, new) in rewrites { text = text.replacingOccurrences(of: old, with: new) }
    return text
  }

  /// Replaces the file-private discriminators in buffer names, which hash the file's path.
  static func withoutPrivateDiscriminators(_ name: String) -> String {
    name.replacingOccurrences(
      of: "33_[0-9A-F]{32}LL", with: "33_PRIVATELL", options: .regularExpression)
  }
}
